import type { AccountInfo } from '../contract/wire.ts';
import type { GatewayContext } from '../schema/context.ts';
import { requireAccount } from './context.ts';
import { orThrowCoded } from './errors.ts';
import { type SymbolValue, symbolValues } from './wire.ts';

export type MarketKind = 'STANDARD' | 'FUTURES' | 'RWA';

export interface MarketFeeRates {
  kind: MarketKind;
  makerFeeRate: number;
  takerFeeRate: number;
}

export interface AccountModel {
  id: string;
  email: string | null;
  /** `null` for a mode the schema does not know yet (only FUTURES is documented). */
  accountMode: 'FUTURES' | null;
  maxLeverage: number;
  feeRates: MarketFeeRates[];
  maintenanceCancelOrders: boolean;
  imrFactors: SymbolValue[];
  maxNotionals: SymbolValue[];
}

/** Fee rates per market kind; RWA only when the upstream reports both of its rates. */
export function feeRatesOf(info: AccountInfo): MarketFeeRates[] {
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

/**
 * Models of the account information objects seen lately. The upstream cache hands out the same
 * decoded object while the stored text is unchanged, so a polled account is mapped (fee rates,
 * sorted per-symbol factors) once, not on every read. Keys are the upstream objects: an entry
 * goes when its object does. Models are read-only to the resolvers.
 */
const models = new WeakMap<AccountInfo, AccountModel>();

export function toAccount(info: AccountInfo): AccountModel {
  let model = models.get(info);
  if (!model) {
    model = mapAccount(info);
    models.set(info, model);
  }
  return model;
}

function mapAccount(info: AccountInfo): AccountModel {
  return {
    id: info.account_id,
    email: info.email || null,
    accountMode: info.account_mode === 'FUTURES' ? 'FUTURES' : null,
    maxLeverage: info.max_leverage,
    feeRates: feeRatesOf(info),
    maintenanceCancelOrders: info.maintenance_cancel_orders,
    imrFactors: symbolValues(info.imr_factor),
    maxNotionals: symbolValues(info.max_notional),
  };
}

/**
 * What the `account` field resolves to: the caller's account, its information read only when
 * a field needs it (`info`). Orders, positions and balances need none, so a screen polling
 * them does not spend the account-info budget (10 per 60 s).
 */
export interface AccountHandle {
  accountId: string;
  /** The information (one upstream read per request, through the loader). */
  info: () => Promise<AccountModel>;
  /** The information once `preload()` has read it: fields then answer without a promise each. */
  model: AccountModel | undefined;
  /** Reads the information into `model`; a failure is left to the fields that ask (`info`). */
  preload: () => Promise<void>;
}

export function accountHandle(ctx: GatewayContext): AccountHandle {
  const account = requireAccount(ctx);
  // Methods, not named arrows: tsx (esbuild's keepNames) would define a name on each per request.
  const handle: AccountHandle = {
    accountId: account.accountId,
    model: undefined,
    // A call per field, as before: each failing field gets its own located error.
    info() {
      return loadAccount(ctx);
    },
    preload() {
      return loadAccount(ctx).then(
        (model) => {
          handle.model = model;
        },
        () => undefined,
      );
    },
  };
  return handle;
}

/** The caller's account, read once per request whatever asks for it. */
export function loadAccount(ctx: GatewayContext): Promise<AccountModel> {
  return orThrowCoded(async () => {
    const account = requireAccount(ctx);
    return toAccount(await ctx.loaders.accountInfo.load(account.accountId));
  });
}
