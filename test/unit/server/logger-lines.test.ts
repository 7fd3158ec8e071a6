/**
 * The logger writes clean flat lines (the access log) without building the merged object, and
 * formats the time once per second: both must give exactly the text of the general path,
 * `JSON.stringify({ time, level, msg, ...fields })` with `toISOString`, redaction included.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createLogger, isoTime, REDACTED } from '../../../src/observability/logger.ts';

const SECRET = 'registered-secret-value-0123';

function capture(now: () => number) {
  const lines: string[] = [];
  const logger = createLogger({ level: 'debug', now, write: (line) => lines.push(line) });
  logger.addSecret(SECRET);
  return { logger, lines };
}

const value = fc.oneof(
  fc.string(),
  fc.constantFrom('Bearer abc', `x${SECRET}y`, 'svcgw_token', 'a"b\\c\n', '1'.repeat(44)),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  // A nested own `__proto__` key is not copied into the line (assigning it would set the
  // prototype: the logger never lets a logged value do that), so the model leaves it out too.
  fc.dictionary(
    fc.string().filter((k) => k !== '__proto__'),
    fc.string(),
    { maxKeys: 2 },
  ),
);
const key = fc.oneof(
  fc.string({ minLength: 1, maxLength: 8 }),
  fc.constantFrom(
    'requestId',
    'time',
    'msg',
    'level',
    '0',
    '12',
    'secret',
    'tokenSha256',
    'caller',
  ),
);

describe('logger lines', () => {
  it('writes every line as the merged object would be written', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 4_102_444_800_000 }),
        fc.option(fc.oneof(fc.string(), fc.constant(`msg ${SECRET}`)), { nil: undefined }),
        fc.dictionary(key, value, { maxKeys: 8 }),
        fc.constantFrom('debug', 'info', 'warn', 'error'),
        (ms, msg, fields, level) => {
          const { logger, lines } = capture(() => ms);
          const call = logger[level as 'info'];
          if (msg === undefined) call(fields);
          else call(fields, msg);
          const merged = { time: new Date(ms).toISOString(), level, msg, ...fields };
          const expected = JSON.parse(JSON.stringify(merged)) as Record<string, unknown>;
          const written = lines[0]!;
          expect(written.endsWith('\n')).toBe(true);
          const parsed = JSON.parse(written) as Record<string, unknown>;
          // Same keys in the same order; values equal unless redacted.
          expect(Object.keys(parsed)).toEqual(Object.keys(expected));
          expect(written).not.toContain(SECRET);
          const redacted = written.includes(REDACTED);
          if (!redacted) expect(written).toBe(`${JSON.stringify(merged)}\n`);
        },
      ),
      { numRuns: 2000 },
    );
  });

  it('writes the access line exactly as JSON.stringify of the merged object', () => {
    const { logger, lines } = capture(() => Date.UTC(2026, 10, 23, 20, 45, 1, 7));
    const fields = {
      requestId: '6a1f7c1e-3b4d-4a43-9a57-1c1a2b3c4d5e',
      method: 'POST',
      route: '/graphql',
      status: 200,
      durationMs: 0.4,
      operation: 'Account',
      caller: undefined,
    };
    logger.info(fields, 'request');
    expect(lines).toEqual([
      `${JSON.stringify({ time: '2026-11-23T20:45:01.007Z', level: 'info', msg: 'request', ...fields })}\n`,
    ]);
  });

  it('formats times as toISOString, in any order, across seconds', () => {
    const base = Date.UTC(2026, 10, 23, 23, 59, 59, 0);
    const times = [0, 1, 9, 10, 99, 100, 999, 1000, 1001, 5, 86_400_000, 999, -1, -1001];
    for (const offset of times) {
      expect(isoTime(base + offset)).toBe(new Date(base + offset).toISOString());
    }
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: -62_000_000_000_000, max: 300_000_000_000_000 })),
        (all) => {
          for (const ms of all) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
        },
      ),
    );
    for (const ms of [-1, 0, 1]) expect(isoTime(ms)).toBe(new Date(ms).toISOString());
  });
});
