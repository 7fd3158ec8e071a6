/**
 * The order rules that tie fields together (spec, POST /v1/order): the size fields against
 * the order type, the fields only some order types take, and what an order tag may name.
 */
import type { ORDER_BODY } from '../../contract/fields-orders.ts';
import type { OrderType } from '../../contract/wire.ts';
import { invalid } from '../errors.ts';
import type { SandboxState } from '../state.ts';
import type { Fields } from '../validation.ts';

type Order = Fields<typeof ORDER_BODY>;

/** Field name with the item's prefix (`orders[2].`), as errors name it. */
type Name = (field: string) => string;

/** Price, quantity or amount, and the visible part (priceless types may give an amount). */
export function parseSize(f: Order, name: Name, type: OrderType, priceless: boolean) {
  const price = f.read('order_price', !priceless);
  const quantity = f.read('order_quantity');
  const amount = f.read('order_amount');
  if (amount !== undefined && !priceless) {
    throw invalid(name('order_amount'), 'only for MARKET, ASK and BID orders');
  }
  if (amount !== undefined && quantity !== undefined) {
    throw invalid(name('order_amount'), 'give order_quantity or order_amount, not both');
  }
  if (amount === undefined && quantity === undefined) {
    throw invalid(
      name('order_quantity'),
      priceless ? 'is required (or order_amount)' : 'is required',
    );
  }
  const visibleQuantity = f.read('visible_quantity');
  if (visibleQuantity !== undefined) {
    if (type === 'POST_ONLY') {
      throw invalid(name('visible_quantity'), 'not supported for POST_ONLY orders');
    }
    if (quantity !== undefined && visibleQuantity > quantity) {
      throw invalid(name('visible_quantity'), 'must not exceed order_quantity');
    }
  }
  return { price, quantity, amount, visibleQuantity };
}

/** `level` (BID and ASK only) and `post_only_adjust` (POST_ONLY only). */
export function parseTypeOptions(f: Order, name: Name, type: OrderType) {
  const level = f.read('level');
  if (level !== undefined && type !== 'BID' && type !== 'ASK') {
    throw invalid(name('level'), 'allowed only when order_type is BID or ASK');
  }
  const postOnlyAdjust = f.read('post_only_adjust');
  if (postOnlyAdjust !== undefined && type !== 'POST_ONLY') {
    throw invalid(name('post_only_adjust'), 'allowed only when order_type is POST_ONLY');
  }
  return { level, postOnlyAdjust };
}

/** A plain referral code, or `enum:<enum_id>` of an existing order-tag fee configuration. */
export function checkOrderTag(state: SandboxState, field: string, tag: string): void {
  if (tag.startsWith('enum:')) {
    if (!state.orderTags.has(tag.slice(5))) {
      throw invalid(field, `no order tag fee configuration ${tag.slice(5)}`);
    }
  } else if (!state.referralCodes.has(tag)) {
    throw invalid(field, 'must be an existing referral code or enum:<enum_id>');
  }
}
