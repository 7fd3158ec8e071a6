import type { Principal } from '../auth/principal.ts';
import type { GatewayContext } from '../schema/types.ts';
import type { AccountApi, UpstreamApi } from '../upstream/api.ts';
import { Deadline, type SignalLike } from '../upstream/deadline.ts';
import { createLoaders } from './loaders.ts';

/** What {@link bindGatewayContext} builds on first use, and what it was built from. */
class LazyParts {
  upstream: UpstreamApi | undefined;
  /** The operation's deadline, made with its upstream view. */
  made: Deadline | undefined;
  account: AccountApi | null | undefined;
  loaders: GatewayContext['loaders'] | undefined;

  constructor(
    readonly principal: Principal | null,
    readonly shared: UpstreamApi,
    readonly deadline: OperationDeadline | undefined,
    readonly requestId: string | undefined,
  ) {}
}

/** An operation's deadline before its first upstream call (see {@link bindGatewayContext}). */
export interface OperationDeadline {
  budgetMs: number;
  /** When it ends, on the deadline's clock (`performance.now`): the operation's start + budget. */
  at: number;
  /** The caller's abort signal (yoga's `request.signal`), read at the first call. */
  source: { readonly signal: SignalLike };
}

const PARTS = Symbol('gateway context parts');
type Bound = { [PARTS]: LazyParts };

function upstreamOf(parts: LazyParts): UpstreamApi {
  if (parts.upstream) return parts.upstream;
  const d = parts.deadline;
  parts.made = d && new Deadline(d.budgetMs, { signal: d.source.signal }, d.at);
  parts.upstream =
    d || parts.requestId !== undefined
      ? parts.shared.withDeadline(parts.made, parts.requestId)
      : parts.shared;
  return parts.upstream;
}

function accountOf(parts: LazyParts): AccountApi | null {
  if (parts.account === undefined) {
    parts.account = parts.principal
      ? upstreamOf(parts).forAccount(parts.principal.credentials)
      : null;
  }
  return parts.account;
}

/** One set of accessors for every context (no closures per request); a write replaces the part. */
const ACCESSORS: PropertyDescriptorMap = {
  upstream: {
    enumerable: true,
    get(this: Bound) {
      return upstreamOf(this[PARTS]);
    },
    set(this: Bound, value: UpstreamApi) {
      this[PARTS].upstream = value;
    },
  },
  account: {
    enumerable: true,
    get(this: Bound) {
      return accountOf(this[PARTS]);
    },
    set(this: Bound, value: AccountApi | null) {
      this[PARTS].account = value;
    },
  },
  operationDeadline: {
    get(this: Bound) {
      return this[PARTS].deadline;
    },
  },
  upstreamAttempts: {
    get(this: Bound) {
      // Unknown (undefined) until the operation's upstream view exists.
      return this[PARTS].made?.attempts;
    },
  },
  loaders: {
    enumerable: true,
    get(this: Bound) {
      const parts = this[PARTS];
      parts.loaders ??= createLoaders(accountOf(parts));
      return parts.loaders;
    },
    set(this: Bound, value: GatewayContext['loaders']) {
      this[PARTS].loaders = value;
    },
  },
};

/**
 * Makes `target` (yoga's context object) a gateway context whose upstream view, account view
 * and loaders are built on first use: a subscription never makes an upstream call, so its
 * context (held as long as it is open) keeps none of them, and a query builds only what its
 * resolvers touch. The Deadline is made at the first upstream call, ending where it would
 * have had it been made as the context was built (`deadline.at`). Its upstream calls send the
 * HTTP request's id (`requestId`, request-context.ts).
 */
export function bindGatewayContext(
  target: object,
  principal: Principal | null,
  shared: UpstreamApi,
  deadline?: OperationDeadline,
  requestId?: string,
): void {
  const bound = target as Partial<GatewayContext> & Bound;
  bound.principal = principal;
  bound[PARTS] = new LazyParts(principal, shared, deadline, requestId);
  Object.defineProperties(bound, ACCESSORS);
}

/** A gateway context on a fresh object, parts built on first use (tests' own yoga servers). */
export function createGatewayContext(
  principal: Principal | null,
  shared: UpstreamApi,
): GatewayContext {
  const context = {};
  bindGatewayContext(context, principal, shared);
  return context as GatewayContext;
}
