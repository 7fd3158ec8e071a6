/**
 * What one GraphQL operation may cost the upstream, in calls: the unit of the caller limits.
 *
 * The model, kept simple on purpose:
 * - every root field is one upstream call, counted once per response key (fragments at the
 *   root are expanded): 30 aliases of `strategyVaultNonce` cost 30, while the same field
 *   repeated without aliases merges into one and costs 1;
 * - a root field with a list argument (`orders(clientOrderIds: [...])`) costs the length of
 *   that list (literal or variable), at least 1 and at most MAX_CLIENT_ORDER_IDS: each id is
 *   one call, and a longer list is refused as BAD_USER_INPUT before any call;
 * - introspection (`__typename`, `__schema`, `__type`) costs 0;
 * - nested fields cost nothing (they resolve from their root field's upstream answer), except
 *   the account's own reads: each response key of `Account.orders`, `Account.positions`,
 *   `Account.balances`, `Account.algoOrders`, `Account.leverage`, `Account.maxOrderQuantity`
 *   `Account.maxWithdrawable` or a history list (`assetHistory`, `trades`, `positionHistory`, `liquidations`,
 *   `fundingFees`, `pnlSettlements`) is one more call (30 aliased order lists under one
 *   `account` cost 31); `Order.fills` of every order is one batch, counted in no list;
 * A cached read still counts: what a caller may ask for must not depend on what another
 * caller happened to warm.
 *
 * Root fields that map to an endpoint whose upstream budget is global (`sv_nonce`:
 * 10/s for the gateway's one IP) are also counted per budget, for the fair-share rule of
 * `limiter.ts`.
 */
import {
  type DocumentNode,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  getNullableType,
  getOperationAST,
  isListType,
  Kind,
  type SelectionSetNode,
  type ValueNode,
} from 'graphql';
import type { EndpointKey } from '../contract/endpoints.ts';
import { MAX_CLIENT_ORDER_IDS } from '../schema/rules.ts';
import { type LimitPolicy, limitPolicyOf } from '../upstream/catalog.ts';

/** The endpoint each root field calls (fields not listed cost 1 and no shared budget). */
export const ROOT_FIELD_ENDPOINTS: Readonly<Record<string, EndpointKey>> = {
  account: 'GET /v1/client/info',
  order: 'GET /v1/client/order/{client_order_id}',
  orders: 'GET /v1/client/order/{client_order_id}',
  refereeRebateSummary: 'GET /v1/referral/referee_rebate_summary',
  referralAdminInfo: 'GET /v1/referral/admin_info',
  strategyVaultNonce: 'GET /v1/public/sv_nonce',
  withdrawNonce: 'GET /v1/withdraw_nonce',
  settleNonce: 'GET /v1/settle_nonce',
  createReferralCode: 'POST /v1/referral/create',
  placeOrder: 'POST /v1/order',
  requestInternalTransfer: 'POST /v2/internal_transfer',
  setAffiliateRebateRate: 'POST /v1/referral/multi_level/admin/update/affiliate',
  setDefaultFeeRates: 'POST /v1/broker/fee_rate/default',
  setDefaultMarginMode: 'POST /v1/client/margin_mode',
  updateOrderTagFeeConfig: 'PUT /v1/broker/order_enum/{enum_id}',
  upsertPointsStage: 'POST /v1/admin/points/stage',
  cancelOrder: 'DELETE /v1/order',
  cancelOrders: 'DELETE /v1/batch-order',
  cancelAllOrders: 'DELETE /v1/orders',
  editOrder: 'PUT /v1/order',
  placeOrders: 'POST /v1/batch-order',
  placeAlgoOrder: 'POST /v1/algo/order',
  setPositionTpSl: 'POST /v1/algo/order',
  editAlgoOrder: 'PUT /v1/algo/order',
  cancelAlgoOrder: 'DELETE /v1/algo/order',
  cancelAlgoOrders: 'DELETE /v1/algo/orders',
  setLeverage: 'POST /v1/client/leverages',
  requestWithdrawal: 'POST /v1/withdraw_request',
  settlePnl: 'POST /v1/settle_pnl',
};

/** The global upstream budget of each root field's endpoint (`sv_nonce`), looked up once. */
const GLOBAL_BUDGETS: ReadonlyMap<string, LimitPolicy> = new Map(
  Object.entries(ROOT_FIELD_ENDPOINTS).flatMap(([field, key]) => {
    const limit = limitPolicyOf(key);
    return limit?.scope === 'global' ? [[field, limit] as const] : [];
  }),
);

/** Fields below a root field that make an upstream call of their own. */
const NESTED_CALLS: Readonly<Record<string, ReadonlySet<string>>> = {
  account: new Set([
    'orders',
    'positions',
    'balances',
    'algoOrders',
    'leverage',
    'maxOrderQuantity',
    'maxWithdrawable',
    'assetHistory',
    'trades',
    'positionHistory',
    'liquidations',
    'fundingFees',
    'pnlSettlements',
  ]),
};

/** Distinct response keys among `set`'s fields named in `names` (fragments expanded). */
function nestedCalls(
  set: SelectionSetNode | undefined,
  names: ReadonlySet<string>,
  fragments: Map<string, FragmentDefinitionNode>,
): number {
  if (!set) return 0;
  const keys = new Set<string>();
  for (const node of rootFields(set, fragments)) {
    if (names.has(node.name.value)) keys.add(node.alias?.value ?? node.name.value);
  }
  return keys.size;
}

export interface OperationCost {
  /** Upstream calls the operation may make. */
  readonly total: number;
  /** Calls per global upstream budget (`LimitPolicy.key`), with that budget. */
  globalBudgets: ReadonlyMap<string, { readonly calls: number; readonly limit: LimitPolicy }>;
}

const FREE: OperationCost = { total: 0, globalBudgets: new Map() };

function listLength(value: ValueNode | undefined, variables: Record<string, unknown>): number {
  if (!value) return 0;
  if (value.kind === Kind.LIST) return value.values.length;
  if (value.kind === Kind.VARIABLE) {
    const bound = variables[value.name.value];
    return Array.isArray(bound) ? bound.length : bound == null ? 0 : 1;
  }
  return value.kind === Kind.NULL ? 0 : 1; // a single value coerces to a list of one
}

/** Root field selections, fragments expanded (validation has already refused cycles). */
function rootFields(
  set: SelectionSetNode,
  fragments: Map<string, FragmentDefinitionNode>,
  out: FieldNode[] = [],
  seen = new Set<string>(),
): FieldNode[] {
  for (const selection of set.selections) {
    if (selection.kind === Kind.FIELD) out.push(selection);
    else if (selection.kind === Kind.INLINE_FRAGMENT) {
      rootFields(selection.selectionSet, fragments, out, seen);
    } else {
      const name = selection.name.value;
      const fragment = fragments.get(name);
      if (fragment && !seen.has(name)) {
        seen.add(name);
        rootFields(fragment.selectionSet, fragments, out, seen);
      }
    }
  }
  return out;
}

/**
 * Costs that read no variable, per document and operation name. Yoga (and the persisted
 * operations registry) hand the same DocumentNode to every request of one query text, so a
 * repeated query skips the walk; the WeakMap lets the entry go with its document.
 */
const costs = new WeakMap<
  DocumentNode,
  { schema: GraphQLSchema; byName: Map<string, OperationCost> }
>();

export function operationCost(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown> = {},
): OperationCost {
  const known = costs.get(document);
  const cached = known?.schema === schema ? known.byName.get(operationName ?? '') : undefined;
  if (cached) return cached;
  const read = { variables: false };
  const cost = walk(schema, document, operationName, variables, read);
  if (!read.variables) {
    let entry = costs.get(document);
    if (entry?.schema !== schema) {
      entry = { schema, byName: new Map() };
      costs.set(document, entry);
    }
    entry.byName.set(operationName ?? '', cost);
  }
  return cost;
}

function walk(
  schema: GraphQLSchema,
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Record<string, unknown>,
  read: { variables: boolean },
): OperationCost {
  const operation = getOperationAST(document, operationName ?? undefined);
  const root = operation && schema.getRootType(operation.operation);
  if (!operation || !root) return FREE;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION) {
      fragments.set(definition.name.value, definition);
    }
  }
  const fields = root.getFields();
  let total = 0;
  const globalBudgets = new Map<string, { calls: number; limit: LimitPolicy }>();
  const responseKeys = new Set<string>();
  for (const node of rootFields(operation.selectionSet, fragments)) {
    const name = node.name.value;
    const key = node.alias?.value ?? name;
    if (name.startsWith('__') || responseKeys.has(key)) continue;
    responseKeys.add(key);
    let calls = 1;
    for (const arg of fields[name]?.args ?? []) {
      if (!isListType(getNullableType(arg.type))) continue;
      const value = node.arguments?.find((a) => a.name.value === arg.name)?.value;
      if (value?.kind === Kind.VARIABLE) read.variables = true;
      calls = Math.max(calls, Math.min(listLength(value, variables), MAX_CLIENT_ORDER_IDS));
    }
    const nested = NESTED_CALLS[name];
    if (nested) calls += nestedCalls(node.selectionSet, nested, fragments);
    total += calls;
    const limit = GLOBAL_BUDGETS.get(name);
    if (limit) {
      const entry = globalBudgets.get(limit.key) ?? { calls: 0, limit };
      entry.calls += calls;
      globalBudgets.set(limit.key, entry);
    }
  }
  return { total, globalBudgets };
}
