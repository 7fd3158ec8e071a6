/**
 * What a load run sends, as plain data: the load generator runs in a process of its own
 * (bench/lib/load-worker.ts), so a scenario describes its requests with a `LoadSpec` that
 * crosses the process boundary, and each side builds the same requests from it
 * (`loadTarget`): the worker for the run, the bench for its one-request preflight.
 */
import { RequestSigner } from '../../src/auth/request-signature.ts';
import { orderInput, PLACE_ORDER_MUTATION } from './documents.ts';
import type { LoadTarget } from './load.ts';

/** How an answer's body is judged a success. */
export type BodyCheck =
  /** A GraphQL result with data and no errors. */
  | { kind: 'graphql' }
  /** A GraphQL result whose payload is `PlaceOrderSuccess` (mutations answer failures as data). */
  | { kind: 'placeOrder' }
  | { kind: 'equals'; text: string }
  | { kind: 'matches'; pattern: string }
  | { kind: 'includes'; text: string };

/** What changes from one request of a connection to the next. */
export type PerRequest =
  /** Signed afresh (timestamp), as the trader of the connection: the floor's REST client. */
  | { kind: 'signed'; traders: { accountId: string; secret: string }[] }
  /** A `placeOrder` mutation with a client order id of its own (`run` keeps runs apart). */
  | { kind: 'placeOrder'; run: string };

export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  path: string;
  /** Headers of connection i: `headers[i % headers.length]` (one trader per connection). */
  headers: Record<string, string>[];
  body?: string;
  perRequest?: PerRequest;
  check: BodyCheck;
}

const isGraphqlSuccess = (body: string): boolean =>
  body.startsWith('{"data"') && !body.includes('"errors"');

export function bodyCheck(check: BodyCheck): (body: string) => boolean {
  switch (check.kind) {
    case 'graphql':
      return isGraphqlSuccess;
    case 'placeOrder':
      return (body) => isGraphqlSuccess(body) && body.includes('"__typename":"PlaceOrderSuccess"');
    case 'equals':
      return (body) => body === check.text;
    case 'matches': {
      const pattern = new RegExp(check.pattern);
      return (body) => pattern.test(body);
    }
    case 'includes':
      return (body) => body.includes(check.text);
  }
}

type Prepare = NonNullable<LoadTarget['request']['prepare']>;

/** Client order ids are never reused: the upstream rejects a reused one. */
let orderSequence = 0;

function perRequest(spec: LoadSpec, rule: PerRequest): Prepare {
  if (rule.kind === 'signed') {
    const signers = rule.traders.map((t) => new RequestSigner(t));
    const method = spec.method;
    const path = spec.path;
    return (connection) => ({
      headers: signers[connection % signers.length]!.headers({
        method,
        path,
        timestamp: Date.now(),
      }),
    });
  }
  // The bench's preflight and the load generator both place orders: the pid keeps them apart.
  const prefix = `b${rule.run}-${process.pid.toString(36)}-`;
  return () => ({
    body: JSON.stringify({
      query: PLACE_ORDER_MUTATION,
      variables: { input: orderInput(`${prefix}${(orderSequence++).toString(36)}`) },
    }),
  });
}

/** The requests and the check of a spec, as the load generator runs them. */
export function loadTarget(spec: LoadSpec): LoadTarget {
  const headers = spec.headers;
  return {
    url: spec.url,
    request: {
      method: spec.method,
      path: spec.path,
      headers: (connection) => (headers.length === 0 ? {} : headers[connection % headers.length]!),
      ...(spec.body === undefined ? {} : { body: spec.body }),
      ...(spec.perRequest ? { prepare: perRequest(spec, spec.perRequest) } : {}),
    },
    verify: bodyCheck(spec.check),
  };
}

/** Sends the first request of connection 0 once; throws unless the answer passes the check. */
export async function preflight(name: string, spec: LoadSpec): Promise<void> {
  const { request, verify } = loadTarget(spec);
  const next = request.prepare?.(0) ?? {};
  const body = next.body ?? request.body;
  const response = await fetch(`${spec.url}${spec.path}`, {
    method: spec.method,
    headers: { ...request.headers?.(0), ...next.headers },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  if (!response.ok || !verify(text)) {
    throw new Error(`${name}: preflight failed: HTTP ${response.status} ${text.slice(0, 500)}`);
  }
}
