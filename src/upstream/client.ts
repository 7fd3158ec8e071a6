/**
 * The upstream client: catalog methods over one request core (client-core.ts: the layers
 * composed around the sender), plus the views per account and per GraphQL operation.
 *
 * Every call runs under a deadline (deadline.ts): the GraphQL operation's, shared by all its
 * calls (`withDeadline`, from the request context), or else one of its own
 * (`UPSTREAM_DEADLINE_MS`). Answers are capped at `UPSTREAM_MAX_RESPONSE_BYTES`.
 *
 * The store is the caller's (it may be shared with other users, e.g. the persisted
 * operations registry): `close()` does not close it.
 */
import { Accounts } from './accounts.ts';
import type { AccountApi, AccountCredentials, UpstreamApi } from './api.ts';
import type { CacheGroup, CallArgs, Operation, RequestFn } from './catalog.ts';
import type { CircuitSnapshot } from './circuit.ts';
import { type ClientCore, createClientCore, type UpstreamClientOptions } from './client-core.ts';
import type { Deadline } from './deadline.ts';
import type { StoreHealthSnapshot } from './health.ts';
import { cacheKey } from './keys.ts';
import { accountMethods, publicMethods } from './methods.ts';
import type { AccountContext } from './pipeline.ts';
import type { Store } from './stores/store.ts';

export type { UpstreamClientOptions } from './client-core.ts';
export type { UpstreamCallEvent } from './telemetry.ts';

export interface UpstreamHealth {
  /** The shared store (cache, budget). When unhealthy, calls run uncached on a local budget. */
  store: StoreHealthSnapshot & { kind: Store['kind'] };
  /** Learned `server time − host time`, ms; 0 until the first response. */
  clockOffsetMs: number;
  /** The circuit of every route called so far, by catalog operation (this process's). */
  circuits: Record<string, CircuitSnapshot>;
}

/** `UpstreamApi` plus what operators and readiness checks want to know. */
export interface UpstreamClient extends UpstreamApi {
  health(): UpstreamHealth;
  /**
   * Drops an account's cached reads of these cache groups, in the shared store (so on every
   * replica): the upstream's streams say the state moved. Never throws.
   */
  invalidate(accountId: string, groups: readonly CacheGroup[]): Promise<void>;
  /**
   * Drops shared (market) entries of a group, every replica's: `variants` as cache-policy.ts
   * names them (`-` the whole table, `s:<symbol>` one symbol). Never throws.
   */
  invalidateShared(group: CacheGroup, variants: readonly string[]): Promise<void>;
}

/** Calls of the core as `request(op, args)`, for one account (or none) and one deadline. */
function requestFor(
  core: ClientCore,
  account: AccountContext | null,
  deadline?: Deadline,
  requestId?: string,
): RequestFn {
  const extra = {
    ...(deadline ? { deadline } : {}),
    ...(requestId !== undefined ? { requestId } : {}),
  };
  return <T>(op: Operation<T>, args: CallArgs = {}) =>
    core.call(op as Operation, args, account, extra) as Promise<T>;
}

/**
 * Readiness: `GET /` on the upstream's origin. Any HTTP answer below 500 means it is
 * reachable; no documented operation is spent (sv_nonce would take the shared public
 * budget), nothing is signed, and the Date header teaches the clock offset early.
 */
async function ping(core: ClientCore, timeoutMs: number): Promise<boolean> {
  const sentAt = core.now();
  try {
    const reply = await core.exchange.send({
      method: 'GET',
      path: '/',
      headers: {},
      body: undefined,
      timeoutMs,
    });
    core.clock.observe({ dateHeader: reply.date }, sentAt, core.now());
    return reply.status < 500;
  } catch {
    return false;
  }
}

/** Drops an account's cached reads of `groups`, on every replica (the shared store). */
async function invalidate(
  core: ClientCore,
  store: Store,
  accountId: string,
  groups: readonly CacheGroup[],
): Promise<void> {
  const keys = groups.map((group) => cacheKey({ kind: 'account', accountId }, group));
  if (keys.length === 0) return;
  core.flights.invalidate(keys.map((key) => `${key}|`));
  await core.health.guard(
    () => store.del(keys),
    () => 0,
  );
}

async function invalidateShared(
  core: ClientCore,
  store: Store,
  group: CacheGroup,
  variants: readonly string[],
): Promise<void> {
  const keys = variants.map((variant) => `${cacheKey({ kind: 'global' }, group)}:${variant}`);
  if (keys.length === 0) return;
  core.flights.invalidate(keys.map((key) => `${key}|`));
  await core.health.guard(
    () => store.del(keys),
    () => 0,
  );
}

function health(core: ClientCore, store: Store): UpstreamHealth {
  return {
    store: { kind: store.kind, ...core.health.snapshot() },
    clockOffsetMs: Math.round(core.clock.offsetMs),
    // Built when read: live updates read the clock offset here often.
    get circuits() {
      return core.circuits.snapshot();
    },
  };
}

export function createUpstreamClient(options: UpstreamClientOptions): UpstreamClient {
  const { store } = options;
  const core = createClientCore(options, options.baseUrl.replace(/\/+$/, ''));
  const accounts = new Accounts((context) =>
    Object.assign(accountMethods(requestFor(core, context)), { accountId: context.accountId }),
  );
  const close = async () => {
    accounts.clear();
    core.exchange.close();
    await core.fallback.close();
  };
  const shared = {
    serverNow: () => core.clock.now(),
    ping: () => ping(core, options.config.timeoutMs),
    close,
    withDeadline,
  };
  /** The API with every call under one GraphQL operation's deadline, naming its HTTP request. */
  function withDeadline(deadline: Deadline | undefined, requestId?: string): UpstreamApi {
    return Object.assign(publicMethods(requestFor(core, null, deadline, requestId)), shared, {
      forAccount: (credentials: AccountCredentials): AccountApi =>
        Object.assign(
          accountMethods(requestFor(core, accounts.get(credentials).context, deadline, requestId)),
          { accountId: credentials.accountId },
        ),
    });
  }
  return Object.assign(publicMethods(requestFor(core, null)), shared, {
    forAccount: (credentials: AccountCredentials) => accounts.get(credentials).api,
    invalidate: (accountId: string, groups: readonly CacheGroup[]) =>
      invalidate(core, store, accountId, groups),
    invalidateShared: (group: CacheGroup, variants: readonly string[]) =>
      invalidateShared(core, store, group, variants),
    health: () => health(core, store),
  });
}
