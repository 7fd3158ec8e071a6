/**
 * Gateways (one or more replicas) with graphql-ws attached, in front of one sandbox over real
 * HTTP and WebSocket, on real Redis under a prefix unique to the test file. Clients: the
 * graphql-ws client and SSE read with fetch.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { type Client, createClient } from 'graphql-ws';
import { vi } from 'vitest';
import { WebSocket } from 'ws';
import { loadConfig } from '../../../src/config.ts';
import { createLogger } from '../../../src/observability/logger.ts';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../../src/sandbox/index.ts';
import { createGateway, type Gateway } from '../../../src/server.ts';
import {
  makeCaller,
  REDIS_URL,
  registerCallers,
  type TestCaller,
  uniquePrefix,
} from '../server/harness.ts';

export interface Replica {
  gateway: Gateway;
  url: string;
  wsUrl: string;
  server: Server;
}

export interface LiveHarness {
  sandbox: Sandbox;
  replicas: Replica[];
  /** carol is known to the gateway but not to the sandbox (her key is refused); dev is a developer. */
  callers: { alice: TestCaller; bob: TestCaller; carol: TestCaller; dev: TestCaller };
  close(): Promise<void>;
}

export async function startLive(
  options: {
    replicas?: number;
    env?: Record<string, string>;
    sandbox?: SandboxOptions;
    /** More traders, known to the gateway and the sandbox (a pool: one account per test). */
    extra?: TestCaller[];
  } = {},
): Promise<LiveHarness> {
  const sandbox = await createSandbox({
    limits: false,
    ...options.sandbox,
    stream: { tickerIntervalMs: 50, ...options.sandbox?.stream },
  });
  const alice = makeCaller('alice', 'trader');
  const bob = makeCaller('bob', 'trader');
  const carol = makeCaller('carol', 'trader');
  const dev = makeCaller('dev', 'trader');
  dev.entry.developer = true;
  // carol is known to the gateway only: her stream auth is refused.
  const extra = options.extra ?? [];
  registerCallers(sandbox, [alice, bob, dev, ...extra]);
  const prefix = uniquePrefix('live');
  const replicas: Replica[] = [];
  for (let i = 0; i < (options.replicas ?? 1); i++) {
    const config = loadConfig({
      REDIS_URL,
      REDIS_KEY_PREFIX: prefix,
      SVC_BROKER_ID: 'demo',
      STREAM_GRACE_MS: '100',
      STREAM_RESUME_WINDOW_MS: '0',
      STREAM_RECONNECT_BASE_MS: '10',
      STREAM_RECONNECT_CAP_MS: '50',
      ...options.env,
    });
    const gateway = await createGateway({
      config,
      upstreamUrl: sandbox.url,
      keystore: {
        principals: [alice.entry, bob.entry, carol.entry, dev.entry, ...extra.map((c) => c.entry)],
      },
      logger: createLogger({ level: 'silent' }),
      processMetrics: false,
    });
    const server = createServer(gateway.handler);
    gateway.attachWebSockets(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as AddressInfo).port;
    replicas.push({
      gateway,
      server,
      url: `http://127.0.0.1:${port}/graphql`,
      wsUrl: `ws://127.0.0.1:${port}/graphql`,
    });
  }
  return {
    sandbox,
    replicas,
    callers: { alice, bob, carol, dev },
    async close() {
      for (const r of replicas) {
        r.server.closeAllConnections();
        await r.gateway.close();
        await new Promise<void>((resolve) => r.server.close(() => resolve()));
      }
      await sandbox.close();
    },
  };
}

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary results
type Json = any;
export type Result = {
  data?: Json;
  errors?: { message: string; extensions?: Json }[];
  extensions?: Json;
};

/** A running subscription: its results so far, whether it completed, and how to stop it. */
export interface Sub {
  results: Result[];
  done: boolean;
  error: unknown;
  stop(): void;
  /** The first result matching `match`, waiting for it. */
  next(match: (r: Result) => boolean, timeout?: number): Promise<Result>;
}

function makeSub(stop: () => void): Sub {
  const sub: Sub = {
    results: [],
    done: false,
    error: undefined,
    stop,
    next: (match, timeout = 5_000) =>
      vi.waitFor(
        () => {
          const found = sub.results.find(match);
          if (!found) throw new Error(`no matching result yet (${sub.results.length} so far)`);
          return found;
        },
        { timeout, interval: 10 },
      ),
  };
  return sub;
}

export function wsClient(replica: Replica, token?: string): Client {
  return createClient({
    url: replica.wsUrl,
    webSocketImpl: WebSocket,
    retryAttempts: 0,
    lazy: false,
    // Connection failures reach each subscription's error sink; no console noise.
    onNonLazyError: () => {},
    connectionParams: token ? { authorization: `Bearer ${token}` } : {},
  });
}

export function wsSubscribe(
  client: Client,
  query: string,
  variables: Record<string, unknown> = {},
  extensions?: Record<string, unknown>,
): Sub {
  let dispose = () => {};
  const sub = makeSub(() => dispose());
  dispose = client.subscribe(
    { query, variables, ...(extensions ? { extensions } : {}) },
    {
      next: (r) => sub.results.push(r as Result),
      error: (e) => {
        sub.error = e;
        sub.done = true;
      },
      complete: () => {
        sub.done = true;
      },
    },
  );
  return sub;
}

/** GraphQL over SSE (yoga's distinct-connections mode) with fetch; `ids`: each result's SSE id. */
export function sseSubscribe(
  replica: Replica,
  query: string,
  init: {
    token?: string;
    variables?: Record<string, unknown>;
    headers?: Record<string, string>;
  } = {},
): Sub & { status: Promise<number>; ids: (string | undefined)[] } {
  const abort = new AbortController();
  const sub = Object.assign(
    makeSub(() => abort.abort()),
    { ids: [] as (string | undefined)[] },
  );
  const status = (async () => {
    const response = await fetch(replica.url, {
      method: 'POST',
      signal: abort.signal,
      headers: {
        'content-type': 'application/json',
        accept: 'text/event-stream',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...init.headers,
      },
      body: JSON.stringify({ query, variables: init.variables ?? {} }),
    });
    void (async () => {
      const decoder = new TextDecoder();
      let text = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          text += decoder.decode(chunk, { stream: true });
          let end = text.indexOf('\n\n');
          while (end >= 0) {
            const block = text.slice(0, end);
            text = text.slice(end + 2);
            const event = /^event: (.*)$/m.exec(block)?.[1];
            const data = /^data: (.*)$/m.exec(block)?.[1];
            if (event === 'complete') sub.done = true;
            else if (data) {
              sub.results.push(JSON.parse(data));
              sub.ids.push(/^id: (.*)$/m.exec(block)?.[1]);
            }
            end = text.indexOf('\n\n');
          }
        }
      } catch (error) {
        sub.error = error;
      }
      sub.done = true;
    })();
    return response.status;
  })();
  return Object.assign(sub, { status });
}

export const connections = async (sandbox: Sandbox) =>
  (await (await fetch(`${sandbox.url}/sandbox/connections`)).json()).data as {
    public: number;
    private: Record<string, number>;
  };
