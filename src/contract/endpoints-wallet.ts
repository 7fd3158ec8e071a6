/**
 * The wallet rows of the endpoint table (market-algo-risk-facts.md §6), spread into ENDPOINTS:
 * a withdrawal and a PnL settlement, each a wallet-signed message sent with the account's
 * request signature, and the settlement nonce. The withdrawal nonce row is the spec's
 * (endpoints.ts). docs/api.md has what the facts leave UNVERIFIED and what was chosen.
 */
import { perSecond, READ } from './endpoint-parts.ts';
import type { Endpoint } from './endpoint-types.ts';
import { SETTLE_PNL_BODY, WITHDRAW_BODY } from './fields-wallet.ts';

/**
 * A wallet-signed write. The upstream refuses a second use of the message's nonce (`keyed`).
 * A withdrawal holds its amount as the USDC `pending_short` and a settlement moves unsettled
 * PnL into the holding: balances and positions go stale, and each adds a row to its history
 * list (the asset history, the settlement history), read right after on a portfolio page.
 */
const walletWrite = {
  auth: 'private',
  signature: 'none',
  idempotency: 'keyed',
  cache: null,
} as const;

export const WALLET_ENDPOINTS = {
  // [OA]: 10 per second per IP, so one budget for the whole gateway.
  'POST /v1/withdraw_request': {
    ...walletWrite,
    name: 'withdrawRequest',
    invalidates: ['balances', 'positions', 'assetHistory'],
    body: WITHDRAW_BODY,
    data: ['withdraw_id'],
    limit: { ...perSecond(10, 'facts'), scope: 'ip' },
    budget: 'withdraw_request',
  },
  'GET /v1/settle_nonce': {
    ...READ,
    name: 'settleNonce',
    data: ['settle_nonce'],
    limit: perSecond(10, 'facts'),
    budget: 'settle_nonce',
  },
  'POST /v1/settle_pnl': {
    ...walletWrite,
    name: 'settlePnl',
    invalidates: ['balances', 'positions', 'pnlSettlements'],
    body: SETTLE_PNL_BODY,
    data: ['settle_pnl_id'],
    limit: perSecond(1, 'facts'),
    budget: 'settle_pnl',
  },
} as const satisfies Record<string, Endpoint>;
