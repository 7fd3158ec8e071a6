/**
 * Persisted-operations test kit: a gateway (embedded sandbox, keystore callers that are not
 * developers), the checked-in manifest, and Apollo Client 4 with its persisted-queries link
 * over a fetch that records every request it sends.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { ApolloClient, HttpLink, InMemoryCache } from '@apollo/client';
import { PersistedQueryLink } from '@apollo/client/link/persisted-queries';
import { buildSchema, isAbstractType } from 'graphql';
import type { KeystoreEntry } from '../../../src/auth/principals.ts';
import { BUILT_IN_MANIFEST } from '../../../src/persisted/manifest-load.ts';
import { makeCaller, type Running, startGateway, type TestCaller } from '../server/harness.ts';

export const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** operations/persisted-documents.json as checked in. */
export const manifest = JSON.parse(readFileSync(BUILT_IN_MANIFEST, 'utf8')) as Record<
  string,
  string
>;

/** The hash of an operation in the manifest whose text starts with `prefix`. */
export function hashOf(prefix: string): string {
  // The name must end there: `mutation PlaceOrder` is not `mutation PlaceOrders`.
  const hash = Object.keys(manifest).find(
    (h) => manifest[h]?.startsWith(prefix) && !/\w/.test(manifest[h]!.charAt(prefix.length)),
  );
  if (!hash) throw new Error(`no manifest entry starts with "${prefix}"`);
  return hash;
}

/** Apollo's `possibleTypes` (unions and interfaces) from the checked-in schema.graphql. */
function possibleTypes(): Record<string, string[]> {
  const schema = buildSchema(
    readFileSync(new URL('../../../schema.graphql', import.meta.url), 'utf8'),
  );
  return Object.fromEntries(
    Object.values(schema.getTypeMap())
      .filter(isAbstractType)
      .map((type) => [type.name, schema.getPossibleTypes(type).map((t) => t.name)]),
  );
}

export interface Callers {
  trader: TestCaller;
  admin: TestCaller;
  developer: TestCaller;
}

export function makeCallers(tag: string): Callers {
  const developer = makeCaller(`${tag}-dev`, 'trader');
  return {
    trader: makeCaller(`${tag}-trader`, 'trader'),
    admin: makeCaller(`${tag}-admin`, 'broker_admin'),
    developer: { ...developer, entry: { ...developer.entry, developer: true } as KeystoreEntry },
  };
}

/** A gateway in embedded mode whose keystore holds `callers` (their accounts exist upstream). */
export function startPersistedGateway(
  prefix: string,
  callers: Callers,
  env: Record<string, string> = {},
): Promise<Running> {
  const principals = [callers.trader.entry, callers.admin.entry, callers.developer.entry];
  return startGateway({ prefix, keystore: { principals }, env: { LOG_LEVEL: 'silent', ...env } });
}

export interface SentRequest {
  method: string;
  url: URL;
  /** The JSON body of a POST, `null` for GET. */
  body: Record<string, unknown> | null;
  status: number;
}

/** True when the request carried GraphQL text (a `query` parameter or body field). */
export const carriesText = (r: SentRequest): boolean =>
  r.url.searchParams.has('query') || (r.body !== null && 'query' in r.body);

export interface RecordingClient {
  client: ApolloClient;
  sent: SentRequest[];
}

/**
 * Apollo Client as a mobile-style app configures it: hashed queries by GET (CDN-cacheable),
 * mutations by POST, the bearer token of `caller` (none: anonymous), no client cache. Nothing
 * else is set: a GET with a bearer token passes CSRF prevention as it is; only the anonymous
 * client adds `apollo-require-preflight`, as docs/api.md#csrf says an anonymous GET must.
 */
export function apolloClient(gw: Running, token?: string): RecordingClient {
  const sent: SentRequest[] = [];
  const recordingFetch: typeof fetch = async (input, init) => {
    const response = await fetch(input, init);
    const body =
      typeof init?.body === 'string' ? (JSON.parse(init.body) as SentRequest['body']) : null;
    sent.push({
      method: init?.method ?? 'GET',
      url: new URL(String(input)),
      body,
      status: response.status,
    });
    return response;
  };
  const link = new PersistedQueryLink({ sha256, useGETForHashedQueries: true }).concat(
    new HttpLink({
      uri: gw.graphqlUrl,
      fetch: recordingFetch,
      headers: token
        ? { authorization: `Bearer ${token}` }
        : { 'apollo-require-preflight': 'true' },
    }),
  );
  const client = new ApolloClient({
    cache: new InMemoryCache({ possibleTypes: possibleTypes() }),
    link,
    defaultOptions: {
      query: { fetchPolicy: 'no-cache' },
      mutate: { fetchPolicy: 'no-cache' },
    },
  });
  return { client, sent };
}
