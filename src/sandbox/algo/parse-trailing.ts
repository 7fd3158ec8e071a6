/**
 * A TRAILING_STOP's fields: `activated_price` (optional), and exactly one of `callback_rate`
 * (a fraction, 0 < r < 1) and `callback_value` (> 0). The casing is UNVERIFIED (the SDK sends
 * snake_case, [OA] names camelCase): both are accepted, and two spellings of one field must
 * agree.
 */
import { invalid } from '../errors.ts';
import type { Market } from '../market/market.ts';
import type { Fields } from '../validation.ts';
import { checkAlgoPrice } from './fields.ts';

export const TRAILING_FIELDS = [
  'activated_price',
  'callback_rate',
  'callback_value',
  'activatedPrice',
  'callbackRate',
  'callbackValue',
] as const;

export interface TrailingDraft {
  activatedPrice: number | null;
  callbackRate: number | null;
  callbackValue: number | null;
}

type Rule = Parameters<Fields['number']>[1];

/** One field under either spelling. */
function either(f: Fields, snake: string, camel: string, rule: Rule): number | null {
  const a = f.number(snake, rule);
  const b = f.number(camel, rule);
  if (a !== undefined && b !== undefined && a !== b) {
    throw invalid(camel, `gives ${snake} another value (${b} vs ${a})`);
  }
  return a ?? b ?? null;
}

export function parseTrailing(market: Market, f: Fields): TrailingDraft {
  const activatedPrice = either(f, 'activated_price', 'activatedPrice', { positive: true });
  if (activatedPrice !== null) checkAlgoPrice(market, 'activated_price', activatedPrice);
  const callbackRate = either(f, 'callback_rate', 'callbackRate', { positive: true });
  if (callbackRate !== null && callbackRate >= 1) {
    throw invalid('callback_rate', 'must be a fraction below 1 (0.1 = 10 %)');
  }
  const callbackValue = either(f, 'callback_value', 'callbackValue', { positive: true });
  if ((callbackRate === null) === (callbackValue === null)) {
    throw invalid('callback_rate', 'give exactly one of callback_rate and callback_value');
  }
  return { activatedPrice, callbackRate, callbackValue };
}
