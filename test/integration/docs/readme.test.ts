/**
 * The README's first steps, run as written against a gateway on port 0 (embedded sandbox,
 * demo principals, graphql-ws served): its curl command with the demo trader's token answers
 * the JSON the README prints; each operation of its GraphQL blocks runs in order without
 * errors (a variable takes the value of the same-named field in an earlier answer: the edit's
 * `$orderId` is the one the order list shows); its graphql-ws snippet's subscription delivers.
 */
import { parse, print } from 'graphql';
import { createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { operations, remember } from '../../helpers/doc-operations.ts';
import { fencedBlocks, readDoc, shellWords } from '../../unit/docs/markdown.ts';
import { type Running, startGateway, uniquePrefix } from '../server/harness.ts';

const README = readDoc('README.md');
let gw: Running;
let token: string;

beforeAll(async () => {
  gw = await startGateway({
    prefix: uniquePrefix('readme'),
    env: { REDIS_URL: undefined, LOG_LEVEL: 'silent' },
    webSockets: true,
  });
  token = gw.gateway.demoTokens?.trader as string;
});
afterAll(() => gw?.close());

describe('README', () => {
  it('its curl command answers what the README prints', async () => {
    const block = fencedBlocks(README, 'sh').find((b) => b.includes('curl '));
    expect(block, 'a sh block with curl').toBeDefined();
    const lines = (block as string).replace(/\\\n\s*/g, ' ').split('\n');
    const command = lines.find((l) => l.trim().startsWith('curl ')) as string;
    const printed = lines.find((l) => l.startsWith('# {'))?.slice(2) as string;

    const words = shellWords(command, { TOKEN: token });
    const headers: Record<string, string> = {};
    let url = '';
    let body: string | undefined;
    for (let i = 1; i < words.length; i++) {
      const word = words[i] as string;
      if (word === '-H') {
        const [name, ...value] = (words[++i] as string).split(':');
        headers[(name as string).trim()] = value.join(':').trim();
      } else if (word === '-d') body = words[++i];
      else if (word.startsWith('http')) url = word;
    }
    expect(url).toBe('http://localhost:4000/graphql');
    // The curl sends the README's first GraphQL block.
    const [first] = fencedBlocks(README, 'graphql');
    expect(print(parse(JSON.parse(body as string).query))).toBe(print(parse(first as string)));
    const response = await fetch(url.replace('http://localhost:4000', gw.origin), {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body }),
    });
    expect(response.status).toBe(200);
    const answer = (await response.json()) as { data: { account: Record<string, unknown> } };
    const expected = JSON.parse(printed) as { data: { account: Record<string, unknown> } };
    const trader = gw.gateway.principals.find((p) => p.role === 'trader');
    // The README elides the account id ("0x…"); everything else is printed as it comes.
    expect(answer).toEqual({
      data: { account: { ...expected.data.account, id: trader?.credentials.accountId } },
    });
  });

  it('each operation of its GraphQL blocks runs for the demo trader, in order', async () => {
    const blocks = fencedBlocks(README, 'graphql');
    expect(blocks.length).toBeGreaterThanOrEqual(2);
    const seen = new Map<string, unknown>();
    const ran: string[] = [];
    for (const block of blocks) {
      for (const { name, variables } of operations(parse(block))) {
        const values = Object.fromEntries(variables.map((v) => [v, seen.get(v)]));
        const { status, body } = await gw.gql(block, {
          token,
          variables: values,
          ...(name ? { operationName: name } : {}),
        });
        const label = name ?? block;
        expect({ status, errors: body.errors }, label).toEqual({ status: 200, errors: undefined });
        for (const value of Object.values(body.data ?? {})) {
          const typename = (value as { __typename?: string }).__typename;
          if (typename) expect(typename, label).toMatch(/Success$/);
        }
        remember(body.data, seen);
        ran.push(label);
      }
    }
    // The trading example: a batch, a page of the order list, an edit and a cancel.
    expect(ran).toEqual(expect.arrayContaining(['Ladder', 'OpenOrders', 'Edit', 'Cancel']));
  });

  it("its graphql-ws snippet's subscription delivers the trader's order updates", async () => {
    const [snippet] = fencedBlocks(README, 'js').filter((b) => b.includes("from 'graphql-ws'"));
    expect(snippet, 'a js block with the graphql-ws client').toBeDefined();
    // The snippet's settings are the defaults plus the socket and the bearer token.
    expect(snippet).toContain("url: 'ws://localhost:4000/graphql'");
    expect(snippet).toContain('webSocketImpl: WebSocket');
    expect(snippet).toMatch(
      /connectionParams: \{ authorization: `Bearer \$\{process\.env\.TOKEN\}` \}/,
    );
    const query = /const query = '([^']+)'/.exec(snippet as string)?.[1] as string;
    expect(query).toContain('orderUpdates');

    const client = createClient({
      url: gw.graphqlUrl.replace(/^http/, 'ws'),
      webSocketImpl: WebSocket,
      connectionParams: { authorization: `Bearer ${token}` },
    });
    const updates: Array<Record<string, unknown>> = [];
    const errors: unknown[] = [];
    const stop = client.subscribe<{ orderUpdates: Record<string, unknown> }>(
      { query },
      {
        next: (r) => (r.data ? updates.push(r.data.orderUpdates) : errors.push(r.errors)),
        error: (e) => errors.push(e),
        complete: () => {},
      },
    );
    try {
      const trader = gw.gateway.principals.find((p) => p.role === 'trader');
      const hub = gw.gateway.live.hub;
      await expect
        .poll(() => hub.accountReady(trader?.credentials.accountId as string), { timeout: 10_000 })
        .toBe(true);
      await expect.poll(() => hub.stats().accountListeners).toBe(1);
      const placed = await gw.gql(
        `mutation { placeOrder(input: { symbol: "PERP_ETH_USDC", orderType: LIMIT, side: BUY,
          orderPrice: 2700, orderQuantity: 1, clientOrderId: "readme-ws" }) { __typename } }`,
        { token },
      );
      expect(placed.body.data).toEqual({ placeOrder: { __typename: 'PlaceOrderSuccess' } });
      await expect
        .poll(() => updates.find((u) => u.clientOrderId === 'readme-ws'), { timeout: 10_000 })
        .toMatchObject({ symbol: 'PERP_ETH_USDC', side: 'BUY', status: 'NEW' });
      expect(errors).toEqual([]);
    } finally {
      stop();
      await client.dispose();
    }
  });
});
