/**
 * Request budgets, checked in yoga's onRequest: before the body is read, parsed or validated,
 * so a refusal costs a map lookup and a small JSON answer rather than a parse.
 *
 * - An anonymous caller (no bearer token, or one the keystore does not know) may send
 *   CALLER_ANON_REQUESTS requests per CALLER_REQUEST_WINDOW_MS per client IP, every request
 *   counted: refused, invalid and free ones (introspection, parse errors) too.
 * - A principal's requests are not counted here (its operations pay their upstream cost in
 *   `use-caller-limits.ts`), except those that charged no upstream call (introspection,
 *   `__typename`, parse and validation errors, refused operations): CALLER_FREE_REQUESTS per
 *   window per token, counted as the answer leaves. Once a principal has spent them, all its
 *   requests are refused here until the window resets, so its flood costs it, not the others.
 *
 * Over a budget: HTTP 429, Retry-After, and a GraphQL error RATE_LIMITED with `retryAfterMs`.
 */
import type { Plugin } from 'graphql-yoga';
import { Counter, type Registry } from 'prom-client';
import type { PrincipalDirectory } from '../auth/principals.ts';
import type { BudgetAnswer, RequestBudget } from '../caller-limits/request-budget.ts';
import { clientIp } from '../connections/client-address.ts';
import { authenticate, tokenDigestOf } from './bearer-auth.ts';

export interface RequestBudgetPluginOptions {
  /** Tells a principal (a bearer token the keystore knows) from an anonymous caller. */
  directory: PrincipalDirectory;
  /** Every request of an anonymous caller, per client IP. @default none (not limited) */
  anonymous?: RequestBudget;
  /** A principal's requests that charged no upstream call, per token. @default none */
  free?: RequestBudget;
  /** CALLER_PROXY_HOPS: see `clientIp`. @default 0 */
  proxyHops?: number;
  /**
   * CALLER_REFUSAL_DELAY_MS: a refusal is answered after this long (at most the time left in
   * the window). A client that answers each 429 with its next request then sends a few a
   * second per connection instead of thousands; its retry was to wait anyway. @default 0
   */
  refusalDelayMs?: number;
  /** Refusals held at once at most; past it they are answered at once (pipelined floods). @default 1000 */
  maxHeld?: number;
  /** Where `svc_request_budget_refusals_total` is registered. */
  registry?: Registry;
}

/** Requests whose operation charged upstream calls (`use-caller-limits.ts` marks them). */
const charged = new WeakSet<Request>();
/** Requests this plugin refused (the access log writes them at debug level: a flood is one metric). */
const refused = new WeakSet<Request>();

export function markCharged(request: Request): void {
  charged.add(request);
}

export function refusedByBudget(request: Request): boolean {
  return refused.has(request);
}

/** The token digest of a request that carries a valid bearer token, else undefined (anonymous). */
function principalKey(directory: PrincipalDirectory, request: Request): string | undefined {
  const header = request.headers.get('authorization');
  if (header === null) return undefined;
  try {
    return authenticate(directory, header, request) ? tokenDigestOf(request) : undefined;
  } catch {
    return undefined; // refused later by caller auth (401), counted here as anonymous
  }
}

function tooManyRequests(
  request: Request,
  ResponseClass: typeof Response,
  retryAfterMs: number,
  what: string,
): Response {
  const ms = Math.max(1, Math.ceil(retryAfterMs));
  const message = `Rate limited: ${what}; retry after ${ms} ms`;
  const graphqlResponse = request.headers
    .get('accept')
    ?.includes('application/graphql-response+json');
  return new ResponseClass(
    JSON.stringify({
      errors: [{ message, extensions: { code: 'RATE_LIMITED', retryAfterMs: ms } }],
    }),
    {
      status: 429,
      headers: {
        'content-type': `${graphqlResponse ? 'application/graphql-response+json' : 'application/json'}; charset=utf-8`,
        'retry-after': String(Math.ceil(ms / 1_000)),
      },
    },
  );
}

export function useRequestBudget(options: RequestBudgetPluginOptions): Plugin {
  const { directory, anonymous, free, proxyHops = 0, refusalDelayMs = 0 } = options;
  const maxHeld = options.maxHeld ?? 1_000;
  let held = 0;
  const principals = new WeakMap<Request, string>();
  const refusals = new Counter({
    name: 'svc_request_budget_refusals_total',
    help: 'Requests refused before parsing: an anonymous IP or a principal over its request budget',
    labelNames: ['caller'] as const,
    registers: options.registry ? [options.registry] : [],
  });
  const per = (budget: RequestBudget) => `${budget.points} requests per ${budget.windowMs} ms`;
  const anonymousText = anonymous && `over the anonymous request budget of ${per(anonymous)}`;
  const freeText = free && `over this caller's budget of ${per(free)} that cost no upstream call`;
  return {
    onRequest({ request, serverContext, endResponse, fetchAPI }) {
      const refuse = (ms: BudgetAnswer, caller: 'anonymous' | 'principal', text = '') => {
        if (ms === undefined) return;
        refused.add(request);
        refusals.inc({ caller });
        const hold = held < maxHeld ? Math.min(refusalDelayMs, ms - 1) : 0;
        if (hold <= 0) return endResponse(tooManyRequests(request, fetchAPI.Response, ms, text));
        // Bounded: pipelined requests could otherwise pile up held refusals on one socket.
        held++;
        return new Promise<void>((resolve) => {
          setTimeout(() => {
            held--;
            endResponse(tooManyRequests(request, fetchAPI.Response, ms - hold, text));
            resolve();
          }, hold);
        });
      };
      const principal = principalKey(directory, request);
      if (principal !== undefined) {
        if (!free) return;
        principals.set(request, principal);
        const ms = free.blockedMs(principal);
        return refuse(ms > 0 ? ms : undefined, 'principal', freeText);
      }
      if (!anonymous) return;
      const node = (serverContext as { req?: { socket?: { remoteAddress?: string } } }).req;
      const answer = anonymous.take(clientIp({ request, req: node }, proxyHops));
      // Synchronous when the answer is known here: yoga stays on its fast path.
      if (typeof answer !== 'object') return refuse(answer, 'anonymous', anonymousText);
      return answer.then((ms) => refuse(ms, 'anonymous', anonymousText));
    },
    onResponse({ request }) {
      const principal = principals.get(request);
      if (!free || principal === undefined || charged.has(request) || refused.has(request)) return;
      // Counted as the answer leaves, not awaited: the refusal comes with the next request.
      const answer = free.take(principal);
      if (typeof answer === 'object') answer.catch(() => undefined);
    },
  };
}
