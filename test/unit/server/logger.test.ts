import { describe, expect, it } from 'vitest';
import { createLogger, REDACTED, redact, redactText } from '../../../src/logger.ts';

describe('logger redaction', () => {
  it('drops values of secret-looking keys at any depth', () => {
    const out = redact({
      headers: { authorization: 'Bearer abc', 'x-other': 'fine' },
      principal: { label: 'alice', credentials: { secret: 'ed25519:xyz', accountId: '0x1' } },
      tokenSha256: 'a'.repeat(64),
    }) as Record<string, Record<string, unknown>>;
    expect(out.headers).toEqual({ authorization: REDACTED, 'x-other': 'fine' });
    expect(out.principal?.credentials).toBe(REDACTED);
    expect(out.tokenSha256).toBe(REDACTED);
  });

  it('removes bearer tokens, gateway tokens and bare 64-hex secrets from text, keeps 0x ids', () => {
    const account = `0x${'b'.repeat(64)}`;
    const text = redactText(
      `auth "Bearer svcgw_AbC-1" then svcgw_Zz9 secret ${'c'.repeat(64)} account ${account}`,
    );
    expect(text).not.toMatch(/svcgw_|AbC-1|Zz9/);
    expect(text).not.toContain('c'.repeat(64));
    expect(text).toContain(account);
    expect(text).toContain(`Bearer ${REDACTED}`);
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
    logger.info('request', { operation: `a${'f'.repeat(64)}`, hex: 'f'.repeat(64) });
    logger.info('request', { route: '/graphql', status: 200, caller: 'alice' });
    const parsed = lines.map((line) => JSON.parse(line));
    expect(parsed[0].operation).toBe(REDACTED);
    expect(parsed[1].caller).toBe(`x ${REDACTED}`);
    expect(parsed[2]).toMatchObject({ token: REDACTED, status: 200 });
    expect(parsed[3]).toMatchObject({ operation: `a${'f'.repeat(64)}`, hex: REDACTED });
    expect(lines[4]).toBe(
      '{"time":"1970-01-01T00:00:00.000Z","level":"info","msg":"request","route":"/graphql","status":200,"caller":"alice"}\n',
    );
  });
});
