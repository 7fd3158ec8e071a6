/**
 * Client test kit: a gateway on port 0 (embedded sandbox, demo principals, memory stores) for
 * clients that run with their default settings and only a bearer token added, and what the
 * gateway saw of their requests (from its access log, so the clients stay unconfigured).
 */
import { type Running, startGateway, uniquePrefix } from '../server/harness.ts';

export interface ClientGateway extends Running {
  tokens: { trader: string; admin: string };
  traderAccountId: string;
  /** `METHOD status` of every /graphql request since the last call. */
  takeRequests(): string[];
}

export async function startClientGateway(name: string): Promise<ClientGateway> {
  const gw = await startGateway({
    prefix: uniquePrefix(`client-${name}`),
    env: { REDIS_URL: undefined },
  });
  const demo = gw.gateway.demoTokens;
  const trader = gw.gateway.principals.find((p) => p.role === 'trader');
  if (!demo || !trader) throw new Error('the gateway started without demo principals');
  let seen = 0;
  return {
    ...gw,
    tokens: { trader: demo.trader, admin: demo.brokerAdmin },
    traderAccountId: trader.credentials.accountId,
    takeRequests() {
      const lines = gw.logs.slice(seen);
      seen = gw.logs.length;
      return lines
        .map((line) => JSON.parse(line) as { route?: string; method?: string; status?: number })
        .filter((entry) => entry.route === '/graphql' && entry.method)
        .map((entry) => `${entry.method} ${entry.status}`);
    },
  };
}

/** A fresh client order id per test run (the sandbox refuses a reused one). */
export const orderId = (tag: string): string => `${tag}-${Math.random().toString(36).slice(2, 10)}`;
