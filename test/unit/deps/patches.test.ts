/**
 * The dependency patches of patches/ are applied (postinstall) and keep the library's
 * contract: these are the cases promise-helpers' own tests cover for handleMaybePromise.
 */
import { createRequire } from 'node:module';
import * as esm from '@whatwg-node/promise-helpers';
import { describe, expect, it } from 'vitest';

const cjs = createRequire(import.meta.url)(
  '@whatwg-node/promise-helpers',
) as typeof import('@whatwg-node/promise-helpers');

describe.each([
  ['esm', esm],
  ['cjs', cjs],
])('@whatwg-node/promise-helpers (%s build) handleMaybePromise', (_build, helpers) => {
  const { handleMaybePromise } = helpers;

  it('carries the sync path of 2.0 (patches/@whatwg-node+promise-helpers+1.3.2.patch)', () => {
    expect(handleMaybePromise.toString()).toContain('inputIsPromise');
  });

  it('answers a plain value synchronously', () => {
    expect(
      handleMaybePromise(
        () => 1,
        (v: number) => v + 1,
      ),
    ).toBe(2);
  });

  it('routes a synchronous throw of the input to the error callback', () => {
    const out = handleMaybePromise(
      () => {
        throw new Error('boom');
      },
      () => 'ok',
      (e: unknown) => `caught ${(e as Error).message}`,
    );
    expect(out).toBe('caught boom');
  });

  it('throws a synchronous error when there is no error callback', () => {
    expect(() =>
      handleMaybePromise(
        () => {
          throw new Error('boom');
        },
        () => 'ok',
      ),
    ).toThrow('boom');
  });

  it('chains a promise input and a rejected one', async () => {
    await expect(
      handleMaybePromise(
        () => Promise.resolve(2),
        (v: number) => v * 2,
      ),
    ).resolves.toBe(4);
    await expect(
      handleMaybePromise(
        () => Promise.reject(new Error('late')),
        () => 'ok',
        (e: unknown) => `caught ${(e as Error).message}`,
      ),
    ).resolves.toBe('caught late');
  });

  it('runs the finally callback on both paths', async () => {
    const seen: string[] = [];
    expect(
      handleMaybePromise(
        () => 1,
        (v: number) => v,
        undefined,
        () => {
          seen.push('sync');
        },
      ),
    ).toBe(1);
    await handleMaybePromise(
      () => Promise.resolve(1),
      (v: number) => v,
      undefined,
      () => {
        seen.push('async');
      },
    );
    expect(seen).toEqual(['sync', 'async']);
  });
});
