/**
 * Each account's signers and API view, built once: key parsing is not free, so an account's
 * entry is rebuilt only when its secrets change.
 */
import { OrderSigner } from '../auth/order-signature.ts';
import { RequestSigner } from '../auth/request-signature.ts';
import type { AccountApi, AccountCredentials } from './api.ts';
import type { AccountContext } from './pipeline.ts';

export interface AccountEntry {
  readonly context: AccountContext;
  /** The account's methods, without a deadline of the caller's. */
  readonly api: AccountApi;
}

export class Accounts {
  readonly #entries = new Map<string, AccountEntry & { credentials: AccountCredentials }>();

  constructor(private readonly apiOf: (context: AccountContext) => AccountApi) {}

  /** The entry of these credentials (the same object while the secrets stay the same). */
  get(credentials: AccountCredentials): AccountEntry {
    const known = this.#entries.get(credentials.accountId);
    if (
      known &&
      known.credentials.secret === credentials.secret &&
      known.credentials.tradingSecret === credentials.tradingSecret
    ) {
      return known;
    }
    const { accountId, secret, tradingSecret } = credentials;
    const context: AccountContext = {
      accountId,
      scope: { kind: 'account', accountId },
      signer: new RequestSigner({ accountId, secret }),
      orderSigner: tradingSecret ? new OrderSigner(tradingSecret) : undefined,
    };
    const entry = { credentials: { ...credentials }, context, api: this.apiOf(context) };
    this.#entries.set(accountId, entry);
    return entry;
  }

  clear(): void {
    this.#entries.clear();
  }
}
