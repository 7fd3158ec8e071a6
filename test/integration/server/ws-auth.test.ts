/**
 * The bearer token over graphql-ws (`connectionParams`), against a real gateway on port 0:
 * the key is read whatever its case (`Authorization`, as HTTP clients spell the header), and
 * two spellings with different values refuse the connection instead of picking one.
 */
import { type Client, createClient } from 'graphql-ws';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type Running, startGateway, uniquePrefix } from './harness.ts';

let gw: Running;
let token: string;
let accountId: string;
const clients: Client[] = [];

beforeAll(async () => {
  gw = await startGateway({
    prefix: uniquePrefix('ws-auth'),
    env: { REDIS_URL: undefined },
    webSockets: true,
  });
  token = gw.gateway.demoTokens?.trader as string;
  accountId = gw.gateway.principals.find((p) => p.role === 'trader')?.credentials
    .accountId as string;
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.dispose()));
  await gw?.close();
});

/** One `{ account { id } }` over a fresh connection: its result, or how the socket closed. */
async function accountOver(connectionParams: Record<string, unknown>) {
  const client = createClient({
    url: gw.wsUrl,
    webSocketImpl: WebSocket,
    connectionParams,
    retryAttempts: 0,
  });
  clients.push(client);
  return new Promise<{ result?: unknown; closeCode?: number }>((resolve) => {
    let result: unknown;
    client.subscribe(
      { query: '{ account { id } }' },
      {
        next: (value) => {
          result = value;
        },
        error: (error) => resolve({ closeCode: (error as { code?: number }).code ?? -1 }),
        complete: () => resolve({ result }),
      },
    );
  });
}

describe('graphql-ws connectionParams authorization', () => {
  it.each(['authorization', 'Authorization', 'AUTHORIZATION'])(
    'reads the token under %s',
    async (key) => {
      const { result } = await accountOver({ [key]: `Bearer ${token}` });
      expect(result).toEqual({ data: { account: { id: accountId } } });
    },
  );

  it('refuses two spellings that disagree (4403), and accepts two that agree', async () => {
    const conflicting = await accountOver({
      authorization: `Bearer ${token}`,
      Authorization: 'Bearer not-a-token',
    });
    expect(conflicting).toEqual({ closeCode: 4403 });
    const agreeing = await accountOver({
      authorization: `Bearer ${token}`,
      Authorization: `Bearer ${token}`,
    });
    expect(agreeing.result).toEqual({ data: { account: { id: accountId } } });
  });

  it('no token is still an anonymous caller: UNAUTHENTICATED on account', async () => {
    const { result } = await accountOver({});
    expect(JSON.stringify(result)).toContain('UNAUTHENTICATED');
  });
});
