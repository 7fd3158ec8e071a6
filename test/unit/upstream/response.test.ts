import { describe, expect, it } from 'vitest';
import { CATALOG } from '../../../src/upstream/catalog.ts';
import { mapCode, parseCode, UPSTREAM_CODES } from '../../../src/upstream/error-map.ts';
import {
  MalformedResponseError,
  RateLimitedError,
  UnauthorizedError,
  UnavailableError,
  UpstreamRejectedError,
} from '../../../src/upstream/errors.ts';
import {
  interpretResponse,
  parseRetryAfter,
  sanitizeMessage,
} from '../../../src/upstream/response.ts';

const NOW = Date.parse('2025-03-01T12:00:00Z');
const info = CATALOG.accountInfo;
const body = (value: unknown) => JSON.stringify(value);
const fail = (status: number, value: unknown, retryAfter?: string) => {
  const result = interpretResponse(
    info,
    { status, text: typeof value === 'string' ? value : body(value), retryAfter },
    NOW,
  );
  if (result.ok) throw new Error('expected a failure');
  return result.error;
};

describe('error code table', () => {
  it('maps every documented code, by kind', () => {
    const kinds = Object.fromEntries(
      [...UPSTREAM_CODES.keys()].map((code) => [code, mapCode(code, 400)]),
    );
    expect(kinds).toEqual({
      '-1000': { kind: 'unavailable', reason: 'server_error' },
      '-1001': { kind: 'unauthorized' },
      '-1002': { kind: 'unauthorized' },
      '-1003': { kind: 'rate_limited' },
      '-1004': { kind: 'rejected' },
      '-1005': { kind: 'rejected' },
      '-1006': { kind: 'rejected' },
      '-1007': { kind: 'rejected' },
      '-1008': { kind: 'rejected' },
      '-1009': { kind: 'rejected' },
      '-1011': { kind: 'unavailable', reason: 'retry_later' },
      '-1012': { kind: 'rejected' },
      '-1101': { kind: 'rejected' },
      '-1102': { kind: 'rejected' },
      '-1103': { kind: 'rejected' },
      '-1104': { kind: 'rejected' },
      '-1105': { kind: 'rejected' },
    });
  });

  it('falls back to the HTTP status for unknown codes', () => {
    expect(mapCode(-9999, 401)).toEqual({ kind: 'unauthorized' });
    expect(mapCode(undefined, 429)).toEqual({ kind: 'rate_limited' });
    expect(mapCode(-9999, 503)).toEqual({ kind: 'unavailable', reason: 'server_error' });
    expect(mapCode(-9999, 422)).toEqual({ kind: 'rejected' });
  });

  it('parses codes as numbers or numeric strings only', () => {
    expect([-1005, '-1011', ' -1003 ', '12a', 1.5, null, undefined].map(parseCode)).toEqual([
      -1005,
      -1011,
      -1003,
      undefined,
      undefined,
      undefined,
      undefined,
    ]);
  });
});

describe('interpretResponse', () => {
  it('returns data and the server time of a success', () => {
    const data = { account_id: 'a1' };
    expect(
      interpretResponse(
        info,
        { status: 200, text: body({ success: true, timestamp: 123, data }) },
        NOW,
      ),
    ).toEqual({ ok: true, data, serverTimeMs: 123 });
    expect(
      interpretResponse(
        CATALOG.setDefaultMarginMode,
        { status: 200, text: body({ success: true }) },
        NOW,
      ),
    ).toEqual({ ok: true, data: undefined, serverTimeMs: undefined });
  });

  it('turns error bodies into typed errors, codes as numbers or strings', () => {
    const rejected = fail(400, {
      success: false,
      code: '-1005',
      message: 'order_price: must be positive',
    });
    expect(rejected).toBeInstanceOf(UpstreamRejectedError);
    expect(rejected).toMatchObject({
      upstreamCode: -1005,
      httpStatus: 400,
      upstreamMessage: 'order_price: must be positive',
      operation: 'accountInfo',
    });
    expect(fail(401, { success: false, code: -1002, message: 'expired' })).toBeInstanceOf(
      UnauthorizedError,
    );
    expect(fail(400, { success: false, code: -1011, message: 'later' })).toMatchObject({
      kind: 'unavailable',
      reason: 'retry_later',
    });
    expect(fail(500, { success: false, code: -1000, message: 'boom' })).toMatchObject({
      reason: 'server_error',
    });
  });

  it('reads Retry-After on a 429, else the documented window', () => {
    const limited = fail(429, { success: false, code: -1003, message: 'slow down' }, '7');
    expect(limited).toBeInstanceOf(RateLimitedError);
    expect(limited).toMatchObject({ retryAfterMs: 7_000, source: 'upstream' });
    expect(fail(429, { success: false, code: -1003, message: 'x' })).toMatchObject({
      retryAfterMs: 60_000,
    });
    expect(fail(429, '<html>Too Many</html>')).toMatchObject({
      kind: 'rate_limited',
      retryAfterMs: 60_000,
    });
  });

  it('handles HTML pages, empty and non-object bodies', () => {
    expect(fail(502, '<html><body>Bad gateway</body></html>')).toBeInstanceOf(UnavailableError);
    expect(fail(401, '<html>denied</html>')).toBeInstanceOf(UnauthorizedError);
    expect(fail(200, '<html>hello</html>')).toBeInstanceOf(MalformedResponseError);
    expect(fail(404, '<html>Not Found</html>')).toMatchObject({
      kind: 'malformed',
      httpStatus: 404,
    });
    expect(fail(200, '')).toMatchObject({
      kind: 'malformed',
      message: expect.stringMatching(/empty body/),
    });
    expect(fail(200, '[1,2]')).toMatchObject({ kind: 'malformed' });
  });

  it('calls a success without the expected data malformed', () => {
    expect(fail(200, { success: true, data: { other: 1 } }).message).toMatch(/lacks account_id/);
    expect(fail(200, { success: true })).toMatchObject({ kind: 'malformed' });
    expect(fail(200, { success: false })).toMatchObject({ kind: 'malformed' });
    expect(fail(200, { data: { account_id: 'a' } })).toMatchObject({ kind: 'malformed' });
  });

  it('never puts the raw body in a message', () => {
    const secret = 'ed25519:SECRETSECRET';
    for (const error of [
      fail(502, `<html>${secret}</html>`),
      fail(200, `<html>${secret}</html>`),
      fail(200, { success: true, data: { secret } }),
    ]) {
      expect(error.message).not.toContain(secret);
      expect(error.message).not.toContain('<html>');
    }
  });
});

describe('interpretResponse without an envelope (TradingView body)', () => {
  const history = CATALOG.klineHistory;
  const tv = { s: 'ok', o: [1], c: [2], h: [3], l: [0.5], v: [10], a: [20], t: [1_700_000_000] };
  it('takes the body itself as the data', () => {
    const result = interpretResponse(history, { status: 200, text: body(tv) }, NOW);
    expect(result).toEqual({ ok: true, data: tv, serverTimeMs: undefined });
  });

  it('reads {s: "error"} as a rejection and error envelopes as usual', () => {
    const refused = interpretResponse(
      history,
      { status: 200, text: body({ s: 'error', errmsg: 'bad resolution' }) },
      NOW,
    );
    expect(refused.ok).toBe(false);
    if (!refused.ok) {
      expect(refused.error).toBeInstanceOf(UpstreamRejectedError);
      expect(refused.error.message).toMatch(/bad resolution/);
    }
    const envelope = { success: false, code: -1005, message: 'symbol: unknown' };
    const rejected = interpretResponse(history, { status: 400, text: body(envelope) }, NOW);
    expect(rejected.ok || rejected.error).toMatchObject({ kind: 'rejected', upstreamCode: -1005 });
    // An enveloped operation still needs its envelope.
    const bare = interpretResponse(CATALOG.klines, { status: 200, text: body(tv) }, NOW);
    expect(bare.ok || bare.error).toMatchObject({ kind: 'malformed' });
  });
});

describe('parseRetryAfter and sanitizeMessage', () => {
  it('reads delta seconds and HTTP dates, capped at one hour', () => {
    expect(parseRetryAfter('3', NOW)).toBe(3_000);
    expect(parseRetryAfter('0.5', NOW)).toBe(500);
    expect(parseRetryAfter(new Date(NOW + 10_000).toUTCString(), NOW)).toBe(10_000);
    expect(parseRetryAfter(new Date(NOW - 10_000).toUTCString(), NOW)).toBe(0);
    expect(parseRetryAfter('999999', NOW)).toBe(3_600_000);
    expect(parseRetryAfter('soon', NOW)).toBeUndefined();
    expect(parseRetryAfter(null, NOW)).toBeUndefined();
  });

  it('keeps messages printable, single-line and short', () => {
    expect(sanitizeMessage('a\nb\u0000c')).toBe('a b c');
    expect(sanitizeMessage('x'.repeat(500))).toHaveLength(201);
    expect(sanitizeMessage(undefined)).toBe('no message');
  });
});
