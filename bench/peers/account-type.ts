/**
 * The gateway's `Account` type, the part the benchmark selects, as both peers declare and
 * resolve it from the upstream's account information: the same document, the same answer.
 */
import type { AccountInfo } from '../../src/upstream/types.ts';

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

interface MarketFeeRates {
  kind: 'STANDARD' | 'FUTURES' | 'RWA';
  makerFeeRate: number;
  takerFeeRate: number;
}

function feeRatesOf(info: AccountInfo): MarketFeeRates[] {
  const rates: MarketFeeRates[] = [
    { kind: 'STANDARD', makerFeeRate: info.maker_fee_rate, takerFeeRate: info.taker_fee_rate },
    {
      kind: 'FUTURES',
      makerFeeRate: info.futures_maker_fee_rate,
      takerFeeRate: info.futures_taker_fee_rate,
    },
  ];
  if (typeof info.rwa_maker_fee_rate === 'number' && typeof info.rwa_taker_fee_rate === 'number') {
    rates.push({
      kind: 'RWA',
      makerFeeRate: info.rwa_maker_fee_rate,
      takerFeeRate: info.rwa_taker_fee_rate,
    });
  }
  return rates;
}

/** `Account`'s field resolvers over the upstream's account information. */
export const accountResolvers = {
  id: (info: AccountInfo) => info.account_id,
  email: (info: AccountInfo) => info.email || null,
  accountMode: (info: AccountInfo) => (info.account_mode === 'FUTURES' ? 'FUTURES' : null),
  maxLeverage: (info: AccountInfo) => info.max_leverage,
  maintenanceCancelOrders: (info: AccountInfo) => info.maintenance_cancel_orders,
  feeRates: (info: AccountInfo) => feeRatesOf(info),
};
