/**
 * Price and size rules of algo fields against the symbol (market/rules.ts): a trigger or limit
 * price on the tick and within quote_min..quote_max (-1103), a quantity on the step and within
 * base_min..base_max (-1104). The price range and scope apply when the triggered order is
 * placed (its refusal reads REJECTED with triggerStatus USELESS), not to the trigger.
 */
import { ApiError } from '../errors.ts';
import type { Market } from '../market/market.ts';

export function checkAlgoPrice(market: Market, field: string, price: number): void {
  if (!market.isOnTick(price)) {
    throw new ApiError(-1103, `${field}: must be a multiple of the tick size ${market.tick}`);
  }
  const { quoteMin, quoteMax } = market.rules;
  if (price < quoteMin || price > quoteMax) {
    throw new ApiError(
      -1103,
      `${field}: must be from quote_min ${quoteMin} to quote_max ${quoteMax}`,
    );
  }
}

export function checkAlgoQuantity(market: Market, field: string, quantity: number): void {
  if (!market.isOnStep(quantity)) {
    throw new ApiError(
      -1104,
      `${field}: must be a multiple of the quantity step ${market.config.quantityStep}`,
    );
  }
  const { baseMin, baseMax } = market.rules;
  if (quantity < baseMin || quantity > baseMax) {
    throw new ApiError(-1104, `${field}: must be from base_min ${baseMin} to base_max ${baseMax}`);
  }
}
