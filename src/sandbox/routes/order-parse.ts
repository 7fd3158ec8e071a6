/** The parameters of one order (POST /v1/order, and each item of POST /v1/batch-order). */
import { PRICELESS_ORDER_TYPES as PRICELESS } from '../../contract/constants.ts';
import { ORDER_BODY } from '../../contract/fields-orders.ts';
import { duplicate } from '../errors.ts';
import type { Account, SandboxState } from '../state.ts';
import type { OrderRequest } from '../trading.ts';
import { checkSymbol, Fields } from '../validation.ts';
import { checkOrderTag, parseSize, parseTypeOptions } from './order-rules.ts';

/** Validates one order's parameters: each by its contract rule, then the rules between them. */
export function parseOrder(
  state: SandboxState,
  account: Account,
  body: unknown,
  prefix = '',
): OrderRequest {
  const f = Fields.body(body, ORDER_BODY, prefix);
  const name = (field: string) => prefix + field;
  const symbol = f.read('symbol');
  checkSymbol(name('symbol'), symbol, state.symbolKnown);
  const type = f.read('order_type');
  const side = f.read('side');
  const clientOrderId = f.read('client_order_id');
  const priceless = PRICELESS.includes(type);
  const { price, quantity, amount, visibleQuantity } = parseSize(f, name, type, priceless);
  const reduceOnly = f.read('reduce_only') ?? false;
  const slippage = f.read('slippage');
  const orderTag = f.read('order_tag');
  if (orderTag !== undefined) checkOrderTag(state, name('order_tag'), orderTag);
  const { level, postOnlyAdjust } = parseTypeOptions(f, name, type);
  const marginMode = f.read('margin_mode');
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
