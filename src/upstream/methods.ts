/**
 * The typed methods of the catalog on one small object per view: one prototype per kind
 * (public, account), built once, whose getters bind an entry's method to the view's request
 * core on first use. The gateway makes a view per GraphQL request (with the operation's
 * deadline); methods still work detached (`const { positions } = api`).
 */
import {
  type AccountApi,
  CATALOG,
  type Operation,
  type PublicApi,
  type RequestFn,
} from './catalog.ts';

type AnyOperation = Operation<unknown, unknown[]>;

const REQUEST = Symbol('request');
type View = { [REQUEST]: RequestFn };

/** The prototype of one kind: a getter per entry that keeps the bound method as an own property. */
function prototypeOf(public_: boolean): object {
  const proto: PropertyDescriptorMap = {};
  for (const [name, entry] of Object.entries(CATALOG) as [string, AnyOperation][]) {
    if ((entry.auth === 'public') !== public_) continue;
    proto[name] = {
      enumerable: true,
      get(this: View) {
        const method = boundMethod(this[REQUEST], entry);
        Object.defineProperty(this, name, { value: method, enumerable: true });
        return method;
      },
    };
  }
  return Object.create(null, proto) as object;
}

const PUBLIC_PROTO = prototypeOf(true);
const ACCOUNT_PROTO = prototypeOf(false);

/** `entry`'s typed method over `request`. */
function boundMethod(request: RequestFn, entry: AnyOperation) {
  return function call(...args: unknown[]) {
    return request(entry, entry.request ? entry.request(...args) : undefined);
  };
}

function methodsOf(request: RequestFn, proto: object): object {
  const view = Object.create(proto) as View;
  view[REQUEST] = request;
  return view;
}

/**
 * The account-bound methods, derived from the catalog, on a fresh object whose prototype
 * holds them (add own properties with `Object.assign`, not a spread: a spread drops them).
 */
export function accountMethods(request: RequestFn): Omit<AccountApi, 'accountId'> {
  return methodsOf(request, ACCOUNT_PROTO) as Omit<AccountApi, 'accountId'>;
}

/** The unauthenticated methods, the same way. */
export function publicMethods(request: RequestFn): PublicApi {
  return methodsOf(request, PUBLIC_PROTO) as PublicApi;
}
