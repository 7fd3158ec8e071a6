/** The parameters of one order (POST /v1/order, and each item of POST /v1/batch-order). */
import {
  CLIENT_ORDER_ID_MAX,
  CLIENT_ORDER_ID_RULES,
  ORDER_TAG_MAX,
  PRICELESS_ORDER_TYPES,
} from '../../contract/constants.ts';
import { MARGIN_MODES, ORDER_TYPES, type OrderType, SIDES } from '../../contract/wire.ts';
import { duplicate, invalid } from '../errors.ts';
import type { Account, SandboxState } from '../state.ts';
import type { OrderRequest } from '../trading.ts';
import { checkSymbol, Fields } from '../validation.ts';
import { checkOrderTag, parseSize, parseTypeOptions } from './order-rules.ts';

const ORDER_FIELDS = [
  'symbol',
  'order_type',
  'side',
  'client_order_id',
  'order_price',
  'order_quantity',
  'order_amount',
  'visible_quantity',
  'reduce_only',
  'slippage',
  'order_tag',
  'level',
  'post_only_adjust',
  'margin_mode',
  'signature',
] as const;
const PRICELESS: readonly OrderType[] = PRICELESS_ORDER_TYPES;

/** Validates one order's parameters (every rule of the spec's POST /v1/order table). */
export function parseOrder(
  state: SandboxState,
  account: Account,
  body: unknown,
  prefix = '',
): OrderRequest {
  const f = Fields.body(body, ORDER_FIELDS, prefix);
  const name = (field: string) => prefix + field;
  const symbol = f.requiredString('symbol');
  checkSymbol(name('symbol'), symbol, state.symbolKnown);
  const type = f.oneOf('order_type', ORDER_TYPES, true)!;
  const side = f.oneOf('side', SIDES, true)!;
  const clientOrderId = f.string('client_order_id', { max: CLIENT_ORDER_ID_MAX });
  const broken = clientOrderId && CLIENT_ORDER_ID_RULES.find((check) => !check.test(clientOrderId));
  if (broken) throw invalid(name('client_order_id'), broken.message);
  const priceless = PRICELESS.includes(type);
  const { price, quantity, amount, visibleQuantity } = parseSize(f, name, type, priceless);
  const reduceOnly = f.boolean('reduce_only') ?? false;
  const slippage = f.number('slippage', { positive: true, max: 1 });
  const orderTag = f.string('order_tag', { max: ORDER_TAG_MAX });
  if (orderTag !== undefined) checkOrderTag(state, name('order_tag'), orderTag);
  const { level, postOnlyAdjust } = parseTypeOptions(f, name, type);
  const marginMode = f.oneOf('margin_mode', MARGIN_MODES);
  if (clientOrderId !== undefined && account.ordersByClientId.has(clientOrderId)) {
    throw duplicate(`${name('client_order_id')}: ${clientOrderId} is already used by this account`);
  }
  return {
    symbol,
    side,
    type,
    clientOrderId: clientOrderId ?? null,
    ...(priceless ? {} : { price }),
    quantity,
    amount,
    visibleQuantity,
    reduceOnly,
    slippage,
    orderTag,
    level,
    postOnlyAdjust: postOnlyAdjust ?? false,
    marginMode,
  };
}
