/**
 * `AssetTransaction` (a deposit or withdrawal, GET /v1/asset/history) and
 * `Account.assetHistory`, a Relay connection newest first (src/resolvers/history-page.ts).
 */
import { ASSET_HISTORY_QUERY } from '../contract/fields-history.ts';
import { ASSET_STATUS_FILTERS } from '../contract/wire-history.ts';
import type { AssetTransactionModel } from '../models/account-history.ts';
import { loadAssetHistoryPage } from '../resolvers/asset-history.ts';
import { AccountRef } from './account.ts';
import { builder } from './builder.ts';
import { validateAs } from './field-rules.ts';
import { historyArgs, timeWindowRules } from './history-rules.ts';
import { WalletSideEnum, WithdrawalStatusEnum } from './live.ts';
import * as rules from './rules.ts';
import { PAGE_DOC } from './trades.ts';

const AssetStatusFilterEnum = builder.enumType('AssetStatusFilter', {
  description:
    'The upstream filter values: NEW matches PENDING rows and CONFIRM PROCESSING ones (UNVERIFIED), the rest their own status.',
  values: ASSET_STATUS_FILTERS,
});

const AssetTransactionRef = builder.objectRef<AssetTransactionModel>('AssetTransaction').implement({
  description: 'A deposit or withdrawal (internal transfers included) and its status now.',
  fields: (t) => ({
    id: t.exposeString('id'),
    txId: t.exposeString('txId', { nullable: true }),
    side: t.expose('side', { type: WalletSideEnum }),
    token: t.exposeString('token'),
    amount: t.exposeFloat('amount'),
    fee: t.exposeFloat('fee'),
    status: t.expose('status', { type: WithdrawalStatusEnum }),
    chainId: t.exposeString('chainId', { nullable: true }),
    createdTime: t.expose('createdTime', { type: 'Timestamp' }),
    updatedTime: t.expose('updatedTime', { type: 'Timestamp' }),
  }),
});

const AssetHistoryFilterInput = builder.inputType('AssetHistoryFilter', {
  description: 'Query of GET /v1/asset/history; every field optional.',
  fields: (t) => ({
    side: t.field({ type: WalletSideEnum }),
    status: t.field({ type: AssetStatusFilterEnum }),
    token: t.string({ validate: validateAs(ASSET_HISTORY_QUERY.token) }),
    from: t.field({ type: 'Timestamp', description: 'Created at or after (start_t)' }),
    to: t.field({ type: 'Timestamp', description: 'Created at or before (end_t)' }),
  }),
  validate: { refine: rules.refinements(timeWindowRules) },
});

const AssetTransactionConnection = builder.connectionObject({
  type: AssetTransactionRef,
  name: 'AssetTransactionConnection',
});

builder.objectFields(AccountRef, (t) => ({
  assetHistory: t.field({
    type: AssetTransactionConnection,
    nullable: true,
    description: `The account's deposits and withdrawals, newest first (GET /v1/asset/history: 10 per 60 s). ${PAGE_DOC}`,
    args: {
      filter: t.arg({ type: AssetHistoryFilterInput }),
      first: t.arg.int(),
      after: t.arg.string(),
    },
    validate: { schema: historyArgs },
    resolve: (_account, { filter, first, after }, ctx) =>
      loadAssetHistoryPage(ctx, filter, first, after),
  }),
}));
