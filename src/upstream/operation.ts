/**
 * One catalog entry as the pipeline reads it (`Operation`): an endpoint row of the contract
 * with its route string split, its budget resolved and its request mapper; `op` builds one.
 * The entries themselves are in catalog.ts.
 */
import type {
  AuthKind,
  CacheGroup,
  CachePolicy,
  HttpMethod,
  Idempotency,
  SignaturePlacement,
} from '../contract/endpoint-types.ts';
import { ENDPOINTS, type Endpoint, type EndpointKey, splitKey } from '../contract/endpoints.ts';

export interface LimitPolicy {
  /** Name of the budget in store keys (`…:rl:<key>`). */
  key: string;
  limit: number;
  windowMs: number;
  /** `account`: one budget per upstream account; `global`: one for the gateway's IP. */
  scope: 'account' | 'global';
}

export type QueryValue = string | number | boolean | null | undefined;

/** What one call of an operation carries besides the operation itself. */
export interface CallArgs {
  params?: Record<string, string>;
  query?: Record<string, QueryValue>;
  body?: object;
  /**
   * The query exactly as sent, instead of `query` (query-signed operations: the signed
   * normalized text must not be re-encoded).
   */
  rawQuery?: string;
}

/** An endpoint row as the pipeline reads it: its route string split, its budget resolved. */
export interface Operation<
  TResult = unknown,
  TArgs extends unknown[] = never,
  TAuth extends AuthKind = AuthKind,
> {
  readonly name: string;
  readonly method: HttpMethod;
  /** Path template; `{name}` segments come from the call's path parameters. */
  readonly path: string;
  readonly auth: TAuth;
  readonly signature: SignaturePlacement;
  readonly idempotency: Idempotency;
  readonly cache: CachePolicy | null;
  readonly limit: LimitPolicy | null;
  readonly invalidates: readonly CacheGroup[];
  readonly data: readonly string[] | null;
  /** false: the body is the payload itself, no `{success, data}` envelope (TradingView). */
  readonly envelope?: false;
  /**
   * Another operation's budget this call also spends, once per item of `body.orders`
   * (a batch placement counts each item against create-order).
   */
  readonly alsoCounts?: { readonly op: Operation; readonly per: 'item' };
  /**
   * The typed method's arguments as path parameters, query and body; absent for an
   * operation without arguments. (A method, so entries of any arity share one type.)
   */
  request?(...args: TArgs): CallArgs;
  /** Phantom: the type `data` parses to. */
  readonly __result?: TResult;
}

/** Block after an upstream 429 on an operation without a documented window. */
export const RETRY_429_MS = 1_000;

/** The documented limit of an endpoint as a gateway budget; null for an undocumented one. */
export function limitPolicyOf(
  key: EndpointKey,
  row: Endpoint = ENDPOINTS[key],
): LimitPolicy | null {
  const { limit, windowMs, scope, source } = row.limit;
  if (source === 'default') return null;
  if (row.budget === undefined) throw new Error(`${key}: a documented limit needs a budget name`);
  return { key: row.budget, limit, windowMs, scope: scope === 'ip' ? 'global' : 'account' };
}

/** Operations built so far by route string, for `perItem` (batch items count against create). */
const built = new Map<string, Operation>();

/**
 * An entry, typed by its result (given) and its arguments and auth kind (inferred from the
 * row and the request mapper): `op<AccountInfo>()('GET /v1/client/info')`.
 */
export const op =
  <TResult = void>() =>
  <K extends EndpointKey, TArgs extends unknown[] = []>(
    key: K,
    request?: (...args: TArgs) => CallArgs,
  ): Operation<TResult, TArgs, (typeof ENDPOINTS)[K]['auth']> => {
    const row: Endpoint = ENDPOINTS[key];
    const perItem = row.limit.perItem === undefined ? undefined : built.get(row.limit.perItem);
    if (row.limit.perItem !== undefined && !perItem) {
      throw new Error(`${key}: ${row.limit.perItem} must come first in the catalog`);
    }
    const entry: Operation<TResult, TArgs, (typeof ENDPOINTS)[K]['auth']> = {
      ...splitKey(key),
      name: row.name,
      auth: row.auth as (typeof ENDPOINTS)[K]['auth'],
      signature: row.signature,
      idempotency: row.idempotency,
      cache: row.cache,
      limit: limitPolicyOf(key, row),
      invalidates: row.invalidates,
      data: row.data,
      ...(row.envelope === false ? { envelope: false as const } : {}),
      ...(perItem ? { alsoCounts: { op: perItem, per: 'item' } } : {}),
      ...(request ? { request } : {}),
    };
    built.set(key, entry as Operation);
    return entry;
  };

/** A query-shaped argument as the call's query (a copy: the pipeline may add to it). */
export const query = (q: object): CallArgs => ({ query: { ...q } as Record<string, QueryValue> });
