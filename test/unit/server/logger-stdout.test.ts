/**
 * The default logger on stdout (a child process, its real stdout): info and debug lines of
 * plain values are formatted when their batch is written, yet every line keeps its order, the
 * time of its call and its redaction; a warning goes out at once with what came before it, and
 * a line with a nested value is formatted in the call.
 */
import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';

const root = new URL('../../../', import.meta.url);
const script = `
  const { createLogger } = await import('./src/observability/logger.ts');
  let now = Date.UTC(2026, 0, 2, 3, 4, 5, 6);
  const logger = createLogger({ level: 'debug', now: () => now });
  const secret = 'late-registered-secret-0123456789';
  logger.info({ requestId: 'r1', status: 200 }, 'request');
  now += 1000;
  logger.debug({ requestId: 'r2', leaked: secret }, 'request');
  // Registered before the queued line is formatted: it is redacted too.
  logger.addSecret(secret);
  const nested = { deep: { n: 1 } };
  logger.info(nested, 'nested');
  nested.deep.n = 2;
  logger.warn({ requestId: 'r3' }, 'slow');
  logger.info({ requestId: 'r4' }, 'after');
  await new Promise((resolve) => setTimeout(resolve, 50));
  process.stderr.write('flushed\\n');
  logger.info({ requestId: 'r5' }, 'at exit');
`;

describe('logger on stdout', () => {
  it('formats plain lines in their batch, in order, with the time of the call and redacted', () => {
    const out = execFileSync(
      process.execPath,
      ['--import', 'tsx', '--input-type=module', '-e', script],
      { cwd: root, encoding: 'utf8', timeout: 60_000 },
    );
    const lines = out
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((l) => l.msg)).toEqual([
      'request',
      'request',
      'nested',
      'slow',
      'after',
      'at exit',
    ]);
    expect(lines[0]).toEqual({
      time: '2026-01-02T03:04:05.006Z',
      level: 'info',
      msg: 'request',
      requestId: 'r1',
      status: 200,
    });
    expect(lines[1]?.time).toBe('2026-01-02T03:04:06.006Z');
    expect(lines[1]?.leaked).toBe('[REDACTED]');
    expect(out).not.toContain('late-registered-secret');
    // Formatted in the call: the later change to the nested object does not show.
    expect(lines[2]?.deep).toEqual({ n: 1 });
    expect(lines[3]).toMatchObject({ level: 'warn', requestId: 'r3' });
  }, 90_000);
});
