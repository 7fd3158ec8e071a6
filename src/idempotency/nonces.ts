/**
 * Wallet nonces the gateway has sent upstream, per account and kind (a withdrawal's
 * `withdrawNonce`, a settlement's `settleNonce`), in the shared store so every replica sees
 * them: a second request with the same nonce is refused before it leaves (BAD_USER_INPUT),
 * whoever sent the first. A claim is SET NX, so two racing requests cannot both go. A claim
 * is released when the upstream refused the request (a refused request spends no nonce) or
 * it never left; kept when it went through or may have (the upstream may have spent it).
 *
 *   {a:…}:nonce:<kind>:<nonce>    "1", RECORD_TTL_MS (24 h): a later replay reaches the
 *                                 upstream, which refuses it (-1007)
 */
import { hashTag } from '../upstream/keys.ts';
import type { Store } from '../upstream/stores/store.ts';
import { RECORD_TTL_MS } from './records.ts';

export type WalletNonceKind = 'withdraw' | 'settle';

export const nonceKey = (accountId: string, kind: WalletNonceKind, nonce: number): string =>
  `${hashTag({ kind: 'account', accountId })}:nonce:${kind}:${nonce}`;

export class NonceLedger {
  constructor(
    private readonly store: Store,
    private readonly ttlMs = RECORD_TTL_MS,
  ) {}

  /** True when this call took the nonce: no request sent it within the TTL. */
  claim(accountId: string, kind: WalletNonceKind, nonce: number): Promise<boolean> {
    return this.store.setIfAbsent(nonceKey(accountId, kind, nonce), '1', this.ttlMs);
  }

  /** Gives the nonce back (its request was refused, or never sent). */
  async release(accountId: string, kind: WalletNonceKind, nonce: number): Promise<void> {
    await this.store.del([nonceKey(accountId, kind, nonce)]);
  }
}
