/**
 * What the history connection tests share (history.test.ts, wallet-history.test.ts): traders
 * registered in the harness's sandbox (with a wallet key when a test sends wallet-signed
 * requests), a walk of a connection page by page with rows added between pages, and the check
 * that such a walk ends with exactly the list the sandbox held at its first page.
 */
import { randomBytes } from 'node:crypto';
import { expect } from 'vitest';
import type { Principal } from '../../../src/auth/principal.ts';
import type { GraphQLResult, Harness } from '../../helpers/graphql-harness.ts';
import { makeAccount, SandboxClient, type TestAccount } from '../../helpers/sandbox-client.ts';
import type { TestWallet } from '../../helpers/wallet.ts';

// biome-ignore lint/suspicious/noExplicitAny: results are read as JSON
export type Any = any;

export interface Trader {
  principal: Principal;
  account: TestAccount;
  address: string;
  rest: SandboxClient;
}

export interface Walk {
  /** The connection field and what a node's key is made of. */
  field: string;
  filter?: string;
  node: string;
  key: (node: Any) => string;
  first: number;
  /** Adds rows to the sandbox between two pages. */
  between: () => Promise<void>;
}

export interface TraderOptions {
  balance?: number;
  /** The account is this wallet's under the sandbox's broker (wallet-signed requests pass). */
  wallet?: TestWallet;
}

/** The kit over the harness `harness()` returns (started in a `beforeAll`, so read late). */
export function historyKit(harness: () => Harness) {
  let seq = 0;

  function trader({ balance, wallet }: TraderOptions = {}): Trader {
    const h = harness();
    const made = makeAccount();
    const accountId = wallet ? wallet.accountId('demo') : made.accountId;
    const account = { ...made, accountId, seed: { ...made.seed, accountId } };
    const address = wallet?.address ?? `0x${randomBytes(20).toString('hex')}`;
    h.sandbox.registerAccount({
      ...account.seed,
      userAddress: address,
      ...(balance === undefined ? {} : { balance }),
    });
    const { secret, tradingSecret } = account;
    return {
      principal: {
        label: `history-${++seq}`,
        role: 'trader',
        developer: false,
        credentials: { accountId, secret, tradingSecret },
      },
      account,
      address,
      rest: new SandboxClient(h.sandbox.url, account, () => harness().now()),
    };
  }

  const run = (t: Trader, query: string, variables?: Record<string, unknown>) =>
    harness().exec<Any>(t.principal, query, variables) as Promise<GraphQLResult<Any>>;

  /** A list as the sandbox holds it now, newest first, as row keys. */
  async function sandboxList(t: Trader, path: string, key: (row: Any) => string) {
    const r = await t.rest.get(path);
    expect(r.status, r.text).toBe(200);
    return (r.body.data.rows as Any[]).map(key);
  }

  /** Every page of a connection, `between` run after each one; the keys in page order. */
  async function pageThrough(t: Trader, w: Walk) {
    const filter = w.filter ? `, filter: ${w.filter}` : '';
    const query = `query($first: Int, $after: String) { account { ${w.field}(first: $first, after: $after${filter}) { totalCount edges { node { ${w.node} } } pageInfo { hasNextPage endCursor } } } }`;
    const keys: string[] = [];
    const totals: number[] = [];
    let after: string | null = null;
    for (let pages = 0; pages < 40; pages++) {
      const r = await run(t, query, { first: w.first, after });
      expect(r.errors, JSON.stringify(r.errors)).toBeUndefined();
      const page = r.data.account[w.field];
      keys.push(...page.edges.map((e: Any) => w.key(e.node)));
      totals.push(page.totalCount);
      if (!page.pageInfo.hasNextPage) return { keys, totals, pages: pages + 1 };
      after = page.pageInfo.endCursor;
      await w.between();
    }
    throw new Error(`${w.field}: more than 40 pages`);
  }

  /** The walk ends with the list as it was at its first page; the sandbox's grew on top. */
  async function expectNoLossNoRepeat(t: Trader, w: Walk, path: string, key: (row: Any) => string) {
    const before = await sandboxList(t, path, key);
    const walked = await pageThrough(t, w);
    const after = await sandboxList(t, path, key);
    expect(walked.pages).toBeGreaterThan(2);
    expect(walked.keys).toEqual(before);
    expect(new Set(walked.totals)).toEqual(new Set([before.length]));
    expect(after.length).toBeGreaterThan(before.length);
    expect(after.slice(after.length - before.length)).toEqual(before);
    return { before, after };
  }

  return { trader, run, sandboxList, pageThrough, expectNoLossNoRepeat };
}
