import {
  type AccountHandle,
  type AccountModel,
  accountHandle,
  type MarketFeeRates,
} from '../resolvers/account.ts';
import type { SymbolValue } from '../resolvers/wire.ts';
import { builder } from './builder.ts';
import { AccountModeEnum, MarketKindEnum } from './enums.ts';

export const SymbolValueRef = builder.objectRef<SymbolValue>('SymbolValue').implement({
  description: 'One entry of a per-symbol map (GraphQL has no maps).',
  fields: (t) => ({
    symbol: t.exposeString('symbol'),
    value: t.exposeFloat('value'),
  }),
});

const MarketFeeRatesRef = builder.objectRef<MarketFeeRates>('MarketFeeRates').implement({
  fields: (t) => ({
    kind: t.expose('kind', { type: MarketKindEnum }),
    makerFeeRate: t.exposeFloat('makerFeeRate'),
    takerFeeRate: t.exposeFloat('takerFeeRate'),
  }),
});

/** A field read from the account information (GET /v1/client/info, once per request). */
const fromInfo =
  <K extends keyof AccountModel>(key: K) =>
  async (account: AccountHandle): Promise<AccountModel[K]> =>
    (await account.info())[key];

export const AccountRef = builder.objectRef<AccountHandle>('Account').implement({
  description: "The caller's account configuration, orders, positions and balances.",
  fields: (t) => ({
    id: t.id({ resolve: fromInfo('id') }),
    email: t.string({ nullable: true, resolve: fromInfo('email') }),
    accountMode: t.field({
      type: AccountModeEnum,
      nullable: true,
      description: 'null for a mode this schema does not know yet.',
      resolve: fromInfo('accountMode'),
    }),
    maxLeverage: t.float({ resolve: fromInfo('maxLeverage') }),
    maintenanceCancelOrders: t.boolean({ resolve: fromInfo('maintenanceCancelOrders') }),
    feeRates: t.field({
      type: [MarketFeeRatesRef],
      description: 'Maker and taker fee rates per market kind (RWA only when set).',
      resolve: fromInfo('feeRates'),
    }),
    feeRate: t.field({
      type: MarketFeeRatesRef,
      nullable: true,
      args: { kind: t.arg({ type: MarketKindEnum, required: true }) },
      resolve: async (account, { kind }) =>
        (await account.info()).feeRates.find((r) => r.kind === kind) ?? null,
    }),
    imrFactors: t.field({
      type: [SymbolValueRef],
      description: 'Initial margin ratio factor per symbol, sorted by symbol.',
      resolve: fromInfo('imrFactors'),
    }),
    maxNotionals: t.field({
      type: [SymbolValueRef],
      description: 'Maximum notional per symbol (empty when the upstream sends none).',
      resolve: fromInfo('maxNotionals'),
    }),
  }),
});

builder.queryField('account', (t) =>
  t.field({
    type: AccountRef,
    nullable: true,
    description:
      "The caller's account; its information is read once per request however many fields ask, and only when one does.",
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => accountHandle(ctx),
  }),
);
