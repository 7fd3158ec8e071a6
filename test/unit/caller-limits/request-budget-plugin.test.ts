import { createSchema, createYoga } from 'graphql-yoga';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PrincipalDirectory } from '../../../src/auth/principals.ts';
import { createRequestBudget } from '../../../src/caller-limits/request-budget.ts';
import { useRequestBudget } from '../../../src/plugins/use-request-budget.ts';

function yogaWith(options: { refusalDelayMs: number; maxHeld: number }) {
  return createYoga({
    schema: createSchema({ typeDefs: 'type Query { hello: String }' }),
    logging: false,
    plugins: [
      useRequestBudget({
        directory: new PrincipalDirectory([]),
        anonymous: createRequestBudget({ points: 1, windowMs: 60_000, keyPrefix: 't' }),
        ...options,
      }),
    ],
  });
}

const post = async (yoga: ReturnType<typeof yogaWith>): Promise<Response> =>
  yoga.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{"query":"{ __typename }"}',
  });

afterEach(() => {
  vi.useRealTimers();
});

describe('useRequestBudget refusal delay', () => {
  it('holds at most maxHeld refusals; the rest are answered at once', async () => {
    vi.useFakeTimers();
    const yoga = yogaWith({ refusalDelayMs: 5_000, maxHeld: 1 });
    expect((await post(yoga)).status).toBe(200);
    let heldDone = false;
    const held = post(yoga).then((response) => {
      heldDone = true;
      return response;
    });
    // The second refusal finds the one hold taken: answered now, with the whole wait left.
    const now = await post(yoga);
    expect(now.status).toBe(429);
    const body = (await now.json()) as { errors: { extensions: { retryAfterMs: number } }[] };
    expect(body.errors[0]?.extensions.retryAfterMs).toBeGreaterThan(55_000);
    expect(heldDone).toBe(false);
    await vi.advanceTimersByTimeAsync(5_000);
    const late = await held;
    expect(late.status).toBe(429);
    expect(late.headers.get('retry-after')).toBe('55');
  });
});
