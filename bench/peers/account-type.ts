/**
 * The gateway's `Account` type, the part the benchmark selects, as both peers declare and
 * resolve it from the upstream's account information: the same document, the same answer.
 */

import type { AccountInfo } from '../../src/contract/wire.ts';
import { feeRatesOf } from '../../src/resolvers/account.ts';

/** Type definitions without the root field: each peer adds `account` its own way. */
export const ACCOUNT_TYPE_DEFS = /* GraphQL */ `
  enum AccountMode {
    FUTURES
  }
  enum MarketKind {
    STANDARD
    FUTURES
    RWA
  }
  type MarketFeeRates {
    kind: MarketKind!
    makerFeeRate: Float!
    takerFeeRate: Float!
  }
  type Account {
    id: ID!
    email: String
    accountMode: AccountMode
    maxLeverage: Float!
    maintenanceCancelOrders: Boolean!
    feeRates: [MarketFeeRates!]!
  }
`;

/** `Account`'s field resolvers over the upstream's account information. */
export const accountResolvers = {
  id: (info: AccountInfo) => info.account_id,
  email: (info: AccountInfo) => info.email || null,
  accountMode: (info: AccountInfo) => (info.account_mode === 'FUTURES' ? 'FUTURES' : null),
  maxLeverage: (info: AccountInfo) => info.max_leverage,
  maintenanceCancelOrders: (info: AccountInfo) => info.maintenance_cancel_orders,
  feeRates: (info: AccountInfo) => feeRatesOf(info),
};
