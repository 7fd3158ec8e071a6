import { type AccountModel, loadAccount, type MarketFeeRates } from '../resolvers/account.ts';
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

export const AccountRef = builder.objectRef<AccountModel>('Account').implement({
  description: "The caller's account configuration.",
  fields: (t) => ({
    id: t.exposeID('id'),
    email: t.exposeString('email', { nullable: true }),
    accountMode: t.expose('accountMode', {
      type: AccountModeEnum,
      nullable: true,
      description: 'null for a mode this schema does not know yet.',
    }),
    maxLeverage: t.exposeFloat('maxLeverage'),
    maintenanceCancelOrders: t.exposeBoolean('maintenanceCancelOrders'),
    feeRates: t.expose('feeRates', {
      type: [MarketFeeRatesRef],
      description: 'Maker and taker fee rates per market kind (RWA only when set).',
    }),
    feeRate: t.field({
      type: MarketFeeRatesRef,
      nullable: true,
      args: { kind: t.arg({ type: MarketKindEnum, required: true }) },
      resolve: (account, { kind }) => account.feeRates.find((r) => r.kind === kind) ?? null,
    }),
    imrFactors: t.expose('imrFactors', {
      type: [SymbolValueRef],
      description: 'Initial margin ratio factor per symbol, sorted by symbol.',
    }),
    maxNotionals: t.expose('maxNotionals', {
      type: [SymbolValueRef],
      description: 'Maximum notional per symbol (empty when the upstream sends none).',
    }),
  }),
});

builder.queryField('account', (t) =>
  t.field({
    type: AccountRef,
    nullable: true,
    description: "The caller's account; read once per request however many fields ask.",
    authScopes: { authenticated: true },
    resolve: (_root, _args, ctx) => loadAccount(ctx),
  }),
);
