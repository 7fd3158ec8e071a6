/**
 * docs/subscriptions.md "Resuming a subscription", run as written against a gateway on port 0
 * (embedded sandbox, demo principals, no Redis: the in-process log): its curl command with
 * `$CURSOR` set to a cursor the doc's subscription delivered replays what came after it (the
 * SSE `id:` is the cursor, as the doc shows), and its GraphQL block over graphql-ws with
 * `$from` does the same.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fencedBlocks, readDoc, shellWords } from '../../unit/docs/markdown.ts';
import { type Running, startGateway, uniquePrefix } from '../server/harness.ts';
import {
  type Replica,
  type Result,
  sseSubscribe,
  wsClient,
  wsSubscribe,
} from '../streams/gateway-harness.ts';

const DOC = readDoc('docs/subscriptions.md');
const SECTION = DOC.slice(DOC.indexOf('## Resuming a subscription'));
let gw: Running;
let token: string;
let replica: Replica;

beforeAll(async () => {
  gw = await startGateway({
    prefix: uniquePrefix('resume-doc'),
    env: { REDIS_URL: undefined, LOG_LEVEL: 'silent' },
    webSockets: true,
  });
  token = gw.gateway.demoTokens?.trader as string;
  replica = { url: gw.graphqlUrl, wsUrl: gw.graphqlUrl.replace(/^http/, 'ws') } as Replica;
});
afterAll(() => gw?.close());

let sequence = 0;
async function place(): Promise<string> {
  const id = `doc-resume-${++sequence}`;
  const placed = await gw.gql(
    `mutation { placeOrder(input: { symbol: "PERP_ETH_USDC", orderType: LIMIT, side: BUY,
      orderPrice: 2600, orderQuantity: 1, clientOrderId: "${id}" }) { __typename } }`,
    { token },
  );
  expect(placed.body.data).toEqual({ placeOrder: { __typename: 'PlaceOrderSuccess' } });
  return id;
}

/** The curl command of the section: its headers and body, with $TOKEN and $CURSOR set. */
function curl(cursor: string): { headers: Record<string, string>; body: string } {
  const block = fencedBlocks(SECTION, 'sh').find((b) => b.includes('last-event-id'));
  expect(block, 'a sh block with curl and last-event-id').toBeDefined();
  const words = shellWords((block as string).replace(/\\\n\s*/g, ' '), {
    TOKEN: token,
    CURSOR: cursor,
  });
  const headers: Record<string, string> = {};
  let body = '';
  for (let i = 0; i < words.length; i++) {
    if (words[i] === '-H') {
      const [name, ...value] = (words[++i] as string).split(':');
      headers[(name as string).trim()] = value.join(':').trim();
    } else if (words[i] === '-d') body = words[++i] as string;
  }
  return { headers, body };
}

describe('docs/subscriptions.md: resuming', () => {
  it('the curl command with Last-Event-ID replays the missed order, its SSE id the cursor', async () => {
    const command = curl('');
    const { query } = JSON.parse(command.body) as { query: string };
    const first = sseSubscribe(replica, query, { token });
    const trader = gw.gateway.principals.find((p) => p.role === 'trader');
    await expect
      .poll(() => gw.gateway.live.hub.accountLogging(trader?.credentials.accountId as string))
      .toBe(true);
    const seenId = await place();
    const seen = await first.next((r) => r.data?.orderUpdates?.clientOrderId === seenId);
    const cursor = seen.data.orderUpdates.cursor as string;
    expect(first.ids.at(-1)).toBe(cursor);
    first.stop();
    const missedId = await place();

    const { headers } = curl(cursor);
    expect(headers['last-event-id']).toBe(cursor);
    const resumed = sseSubscribe(replica, query, { token, headers });
    const missed = await resumed.next((r) => r.data?.orderUpdates?.clientOrderId === missedId);
    expect(resumed.results[0]).toBe(missed);
    expect(missed.data.orderUpdates).toMatchObject({ status: 'NEW', source: 'STREAM' });
    expect(resumed.ids[0]).toBe(missed.data.orderUpdates.cursor);

    // The GraphQL block, over graphql-ws, from the same cursor: the same event first.
    const [document] = fencedBlocks(SECTION, 'graphql');
    const client = wsClient(replica, token);
    const ws = wsSubscribe(client, document as string, { from: cursor });
    const again = await ws.next((r: Result) => r.data?.orderUpdates !== undefined);
    expect(again.data.orderUpdates).toEqual(missed.data.orderUpdates);
    resumed.stop();
    await client.dispose();
  });
});
