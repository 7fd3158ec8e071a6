/**
 * Every input rule of a PlaceOrderInput as one zod schema: each field's contract rule
 * (field-rules.ts, from ORDER_BODY) and the cross-field rules (input-rules.ts), in the order
 * Pothos' zod plugin would check them on the type. It sits on the arguments that need it
 * rather than on the input type: placeOrder and placeOrders refuse with it before their
 * resolver runs, while orderPreview, taking the same input type, runs the same schema itself
 * and reports what it finds instead of refusing (a rule on the type would refuse there too).
 */
import { z } from 'zod';
import { ORDER_BODY } from '../contract/fields-orders.ts';
import { zodRule } from './field-rules.ts';
import { placeOrderRules } from './input-rules.ts';
import { refinements } from './rules.ts';
import { type InputIssue, toInputIssues } from './validation.ts';

/** PlaceOrderInput's checked fields and their wire rows, in the input type's field order. */
const FIELDS = {
  symbol: ORDER_BODY.symbol,
  clientOrderId: ORDER_BODY.client_order_id,
  orderPrice: ORDER_BODY.order_price,
  orderQuantity: ORDER_BODY.order_quantity,
  orderAmount: ORDER_BODY.order_amount,
  visibleQuantity: ORDER_BODY.visible_quantity,
  slippage: ORDER_BODY.slippage,
  orderTag: ORDER_BODY.order_tag,
  level: ORDER_BODY.level,
} as const;

/** The GraphQL input type makes `symbol` required; every other checked field may be absent. */
const shape = Object.fromEntries(
  Object.entries(FIELDS).map(([name, rule]) => {
    const schema = zodRule(rule) as z.ZodType;
    return [name, name === 'symbol' ? schema : schema.nullish()];
  }),
);

/** Field rules first, then the rules between fields; the other fields pass through. */
export const placeOrderSchema = refinements(placeOrderRules).reduce<z.ZodType>(
  (schema, [holds, options]) => schema.refine(holds as (v: unknown) => boolean, options),
  z.looseObject(shape),
);

/**
 * `validate` of an argument holding one PlaceOrderInput. The schema only checks, handing the
 * value on unchanged: typed `never` so it fits the argument's own type, whatever Pothos infers.
 */
export const validatePlaceOrder = { schema: placeOrderSchema as z.ZodType<never> };

/** The issues of one PlaceOrderInput (none when it passes), paths from `at` (`['input']`). */
export function placeOrderIssues(input: unknown, at: (string | number)[]): InputIssue[] {
  const result = placeOrderSchema.safeParse(input);
  if (result.success) return [];
  return toInputIssues(result.error).map((issue) => {
    const path = [...at, ...issue.path];
    return { ...issue, field: path.join('.'), path };
  });
}
