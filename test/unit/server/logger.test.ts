import bs58 from 'bs58';
import { describe, expect, it } from 'vitest';
import { generateEd25519Secret } from '../../../src/auth/keys.ts';
import { createLogger, REDACTED, redact, redactText } from '../../../src/observability/logger.ts';

const HEX64 = 'ab'.repeat(32);

describe('logger redaction', () => {
  it('drops values of secret-looking keys at any depth', () => {
    const out = redact({
      headers: { authorization: 'Bearer abc', 'x-other': 'fine' },
      principal: { label: 'alice', credentials: { secret: 'ed25519:xyz', accountId: '0x1' } },
      tradingSecret: HEX64,
      trading_secret: `0x${HEX64}`,
      'svc-signature': 'abc',
      orderSignature: '0xdef',
      privateKey: 'k',
      apiKey: 'k',
      password: 'p',
      cookie: 'c',
      accessToken: 't',
    }) as Record<string, Record<string, unknown>>;
    expect(out.headers).toEqual({ authorization: REDACTED, 'x-other': 'fine' });
    expect(out.principal?.credentials).toBe(REDACTED);
    for (const key of [
      'tradingSecret',
      'trading_secret',
      'svc-signature',
      'orderSignature',
      'privateKey',
      'apiKey',
      'password',
      'cookie',
      'accessToken',
    ]) {
      expect(out[key], key).toBe(REDACTED);
    }
  });

  it('keeps keys that only contain a secret word, hashes and 64-hex values elsewhere', () => {
    const fields = {
      maxTokens: 1000,
      tokenCount: 12,
      signatureValid: true,
      privateMode: false,
      secretsLoaded: 3,
      sha256Hash: HEX64,
      tokenHash: HEX64,
      signatureHash: HEX64,
      txHash: `0x${HEX64}`,
      persisted: { hash: HEX64, documentId: `sha256:${HEX64}` },
      nextPageToken: 'cursor-2',
    };
    expect(redact(fields)).toEqual(fields);
    const lines: string[] = [];
    createLogger({ write: (l) => lines.push(l) }).info(fields, 'limits');
    expect(JSON.parse(lines[0] as string)).toMatchObject(fields);
    expect(lines[0]).not.toContain(REDACTED);
  });

  it('blanks base58 ed25519 secrets of both lengths by shape, not shorter base58 words', () => {
    const secret = generateEd25519Secret();
    const seed = bs58.encode(bs58.decode(secret.replace(/^ed25519:/, '')).slice(0, 32));
    const text = redactText(`a ${secret} b ${seed} c ed25519:${seed} d 7xKXtg2CW87d97TXJSDpbD5`);
    expect(text).toBe(`a ${REDACTED} b ${REDACTED} c ${REDACTED} d 7xKXtg2CW87d97TXJSDpbD5`);
    // Under a *Hash key the same shape is a hash, not a key.
    expect(redact({ blockHash: seed })).toEqual({ blockHash: seed });
  });

  it('removes bearer tokens and gateway tokens from text, keeps hashes and 0x ids', () => {
    const account = `0x${'b'.repeat(64)}`;
    const text = redactText(
      `auth "Bearer svcgw_AbC-1" then svcgw_Zz9 Basic dXNlcjpwYXNz hash ${'c'.repeat(64)} account ${account}`,
    );
    expect(text).not.toMatch(/svcgw_|AbC-1|Zz9|dXNlcjpwYXNz/);
    expect(text).toContain('c'.repeat(64));
    expect(text).toContain(account);
    expect(text).toContain(`Bearer ${REDACTED}`);
    expect(text).toContain(`Basic ${REDACTED}`);
  });

  it('redacts registered literals from messages and errors, and writes one JSON line each', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', write: (l) => lines.push(l), now: () => 0 });
    logger.addSecret('ed25519:SuperSecretSeedText');
    logger.debug('not written');
    logger.error('failed with ed25519:SuperSecretSeedText', {
      err: new Error('cause ed25519:SuperSecretSeedText'),
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]).not.toContain('SuperSecretSeedText');
    const parsed = JSON.parse(lines[0] as string);
    expect(parsed).toMatchObject({ level: 'error', time: '1970-01-01T00:00:00.000Z' });
    expect(parsed.err.message).toBe(`cause ${REDACTED}`);
  });

  it('child loggers share the secret list and add their fields', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (l) => lines.push(l) });
    const child = logger.child({ component: 'x' });
    logger.addSecret('literal-secret-value');
    child.info('has literal-secret-value');
    expect(JSON.parse(lines[0] as string)).toMatchObject({
      component: 'x',
      msg: `has ${REDACTED}`,
    });
  });

  it('redacts flat lines as well as nested ones (the fast path of the access log)', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (l) => lines.push(l), now: () => 0 });
    logger.addSecret('ed25519:SuperSecretSeedText');
    logger.info('request', { route: '/graphql', status: 200, operation: 'svcgw_abc' });
    logger.info('request', { caller: 'x ed25519:SuperSecretSeedText', durationMs: 1.5 });
    logger.info('request', { token: 'abc', status: 200, nothing: undefined });
    logger.info('request', { operation: `a${'f'.repeat(64)}`, tradingSecret: 'f'.repeat(64) });
    logger.info('request', { route: '/graphql', status: 200, caller: 'alice' });
    const parsed = lines.map((line) => JSON.parse(line));
    expect(parsed[0].operation).toBe(REDACTED);
    expect(parsed[1].caller).toBe(`x ${REDACTED}`);
    expect(parsed[2]).toMatchObject({ token: REDACTED, status: 200 });
    expect(parsed[3]).toMatchObject({ operation: `a${'f'.repeat(64)}`, tradingSecret: REDACTED });
    expect(lines[4]).toBe(
      '{"time":"1970-01-01T00:00:00.000Z","level":"info","msg":"request","route":"/graphql","status":200,"caller":"alice"}\n',
    );
  });

  it('takes pino-shaped calls; a child adds its fields (a request id) to each of its lines', () => {
    const lines: string[] = [];
    const logger = createLogger({ write: (l) => lines.push(l), now: () => 0 });
    logger.info({ status: 200 }, 'done');
    logger.warn('plain');
    logger.child({ requestId: 'req-1', component: 'up' }).info({ a: 1 });
    const parsed = lines.map((line) => JSON.parse(line));
    expect(parsed[0]).toEqual({
      time: '1970-01-01T00:00:00.000Z',
      level: 'info',
      msg: 'done',
      status: 200,
    });
    expect(parsed[1]).toMatchObject({ level: 'warn', msg: 'plain' });
    expect(parsed[1]).not.toHaveProperty('requestId');
    expect(parsed[2]).toEqual({
      time: '1970-01-01T00:00:00.000Z',
      level: 'info',
      requestId: 'req-1',
      component: 'up',
      a: 1,
    });
  });

  it('tells whether a level is written (pino isLevelEnabled), children alike', () => {
    const lines: string[] = [];
    const logger = createLogger({ level: 'info', write: (line) => lines.push(line) });
    expect(logger.isLevelEnabled('debug')).toBe(false);
    expect(logger.isLevelEnabled('info')).toBe(true);
    expect(logger.isLevelEnabled('error')).toBe(true);
    expect(logger.child({ requestId: 'r1' }).isLevelEnabled('debug')).toBe(false);
    const debug = createLogger({ level: 'debug', write: (line) => lines.push(line) });
    expect(debug.isLevelEnabled('debug')).toBe(true);
    const silent = createLogger({ level: 'silent', write: (line) => lines.push(line) });
    expect(silent.isLevelEnabled('error')).toBe(false);
    expect(lines).toEqual([]);
  });
});
