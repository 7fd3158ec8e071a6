/** What a session may ask for (src/cancel-on-disconnect/arming.ts). */
import { describe, expect, it } from 'vitest';
import {
  AFTER_MS_RULE,
  afterMsIssue,
  parseArming,
} from '../../../src/cancel-on-disconnect/arming.ts';
import { zodRule } from '../../../src/schema/field-rules.ts';

describe('connectionParams.cancelOnDisconnect', () => {
  it('true takes the default delay, an object its afterMs; absent, null or false asks nothing', () => {
    expect(parseArming(true, 30_000)).toEqual({ afterMs: 30_000 });
    expect(parseArming({}, 30_000)).toEqual({ afterMs: 30_000 });
    expect(parseArming({ afterMs: 5_000 }, 30_000)).toEqual({ afterMs: 5_000 });
    expect(parseArming({ afterMs: 900_000 }, 30_000)).toEqual({ afterMs: 900_000 });
    for (const none of [undefined, null, false]) expect(parseArming(none, 30_000)).toBeNull();
  });

  it('names the field and the rule of a bad value', () => {
    const cases: [unknown, string, string][] = [
      ['yes', 'cancelOnDisconnect', 'type'],
      [1, 'cancelOnDisconnect', 'type'],
      [[5_000], 'cancelOnDisconnect', 'type'],
      [{ afterMs: 4_999 }, 'cancelOnDisconnect.afterMs', 'range'],
      [{ afterMs: 0 }, 'cancelOnDisconnect.afterMs', 'range'],
      [{ afterMs: 900_001 }, 'cancelOnDisconnect.afterMs', 'range'],
      [{ afterMs: 6_000.5 }, 'cancelOnDisconnect.afterMs', 'integer'],
      [{ afterMs: '6000' }, 'cancelOnDisconnect.afterMs', 'integer'],
      [{ delay: 6_000 }, 'cancelOnDisconnect.delay', 'unknownField'],
    ];
    for (const [value, field, rule] of cases) {
      expect(parseArming(value, 30_000), JSON.stringify(value)).toMatchObject({ field, rule });
    }
    expect(afterMsIssue(1)?.message).toBe('must be from 5000 to 900000');
  });

  it('agrees with the afterMs argument of the subscription (one rule, the contract row)', () => {
    for (const value of [-1, 0, 1, 4_999, 5_000, 5_000.5, 60_000, 900_000, 900_001]) {
      const issue = afterMsIssue(value);
      const parsed = zodRule(AFTER_MS_RULE).safeParse(value);
      expect(parsed.success, String(value)).toBe(issue === undefined);
      if (!parsed.success) {
        expect(parsed.error.issues[0]?.message, String(value)).toBe(issue?.message);
      }
    }
  });
});
