import { type GraphQLResolveInfo, Kind, type SelectionNode } from 'graphql';
import {
  type AccountHandle,
  type AccountModel,
  accountHandle,
  type MarketFeeRates,
} from '../resolvers/account.ts';
import { builder } from './builder.ts';
import { AccountModeEnum, MarketKindEnum } from './enums.ts';
import type { SymbolValue } from './types.ts';

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

/**
 * A field read from the account information (GET /v1/client/info, once per request): at once
 * when the `account` field already loaded it, else when it arrives.
 */
const fromInfo =
  <K extends keyof AccountModel>(key: K) =>
  (account: AccountHandle): AccountModel[K] | Promise<AccountModel[K]> =>
    account.model ? account.model[key] : account.info().then((model) => model[key]);

/** The Account fields that need the account information (the rest read other endpoints). */
const INFO_FIELDS = new Set([
  'id',
  'email',
  'accountMode',
  'maxLeverage',
  'maintenanceCancelOrders',
  'feeRates',
  'feeRate',
  'imrFactors',
  'maxNotionals',
]);

interface SelectionKinds {
  /** An information field without directives (an `@include`/`@skip` may drop one that has). */
  info: boolean;
  /** A field that reads something else (orders, positions, balances). */
  other: boolean;
}

/**
 * What the selection on an Account reads, through fragments too (Account is an object type,
 * so every fragment on it applies).
 */
function kindsOf(
  selections: readonly SelectionNode[],
  fragments: GraphQLResolveInfo['fragments'],
  kinds: SelectionKinds = { info: false, other: false },
  depth = 0,
): SelectionKinds {
  for (const selection of selections) {
    if (selection.kind === Kind.FIELD) {
      const name = selection.name.value;
      if (!INFO_FIELDS.has(name)) kinds.other ||= name !== '__typename';
      else if (!selection.directives?.length) kinds.info = true;
      continue;
    }
    const set =
      selection.kind === Kind.INLINE_FRAGMENT
        ? selection.selectionSet
        : fragments[selection.name.value]?.selectionSet;
    // Too deep to look into: count it as other reads (no preload, fields load on their own).
    if (!set || depth >= 4) kinds.other = true;
    else kindsOf(set.selections, fragments, kinds, depth + 1);
  }
  return kinds;
}

/**
 * Whether the `account` field should read the information before its fields run: when they
 * surely need it and need nothing else, so the fields answer without a promise each. With
 * orders or positions selected too, the fields load it on their own, in parallel with those.
 */
function preloadsInfo(info: GraphQLResolveInfo): boolean {
  const kinds: SelectionKinds = { info: false, other: false };
  for (const node of info.fieldNodes) {
    if (node.selectionSet) kindsOf(node.selectionSet.selections, info.fragments, kinds);
  }
  return kinds.info && !kinds.other;
}

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
      resolve: (account, { kind }) => {
        const pick = (model: AccountModel) => model.feeRates.find((r) => r.kind === kind) ?? null;
        return account.model ? pick(account.model) : account.info().then(pick);
      },
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
    resolve: (_root, _args, ctx, info) => {
      const handle = accountHandle(ctx);
      // A failed read is answered by the fields that ask for it, as when they load it.
      return preloadsInfo(info) ? handle.preload().then(() => handle) : handle;
    },
  }),
);
