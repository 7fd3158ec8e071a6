/**
 * The five symbols of a sandbox seeded without any, with order rules that fit their ticks and
 * steps: a price ceiling well above the mid (the control endpoint moves it), sizes up to what
 * a big order of the market would be, 8 h funding for the majors and 4 h / 1 h for the others
 * (so every funding period is exercised).
 */
import type { SymbolConfig } from '../seed.ts';

type Rules = Pick<SymbolConfig, 'quoteMax' | 'baseMax' | 'fundingPeriod'> &
  Partial<Pick<SymbolConfig, 'stdLiquidationFee' | 'liquidatorFee'>>;

/** BTC, ETH, SOL: the documented 0.60% / 0.30% liquidation fees; others 1.20% / 0.60%. */
const MAJOR = { stdLiquidationFee: 0.006, liquidatorFee: 0.003 };

export const DEFAULT_SYMBOLS: readonly SymbolConfig[] = [
  sym('PERP_BTC_USDC', 'futures', [60_000, 0.1, 0.00001, 1, 0.00000002], {
    quoteMax: 1_000_000,
    baseMax: 100,
    fundingPeriod: 8,
    ...MAJOR,
  }),
  sym('PERP_ETH_USDC', 'futures', [3_000, 0.01, 0.0001, 10, 0.00000003], {
    quoteMax: 100_000,
    baseMax: 2_000,
    fundingPeriod: 8,
    ...MAJOR,
  }),
  sym('PERP_SOL_USDC', 'futures', [150, 0.001, 0.01, 100, 0.0000001], {
    quoteMax: 10_000,
    baseMax: 50_000,
    fundingPeriod: 4,
    ...MAJOR,
  }),
  sym('PERP_NEAR_USDC', 'futures', [5, 0.0001, 0.1, 2_000, 0.0000005], {
    quoteMax: 1_000,
    baseMax: 2_000_000,
    fundingPeriod: 1,
  }),
  sym('PERP_XAU_USDC', 'rwa', [2_400, 0.01, 0.001, 20, 0.0000002], {
    quoteMax: 100_000,
    baseMax: 5_000,
    fundingPeriod: 8,
  }),
];

function sym(
  symbol: string,
  kind: SymbolConfig['kind'],
  [midPrice, tickSize, quantityStep, levelQuantity, imrFactor]: number[],
  rules: Rules,
): SymbolConfig {
  return {
    symbol,
    kind,
    midPrice: midPrice!,
    tickSize: tickSize!,
    quantityStep: quantityStep!,
    levelQuantity: levelQuantity!,
    minNotional: 10,
    imrFactor: imrFactor!,
    quoteMin: 0,
    baseMin: quantityStep!,
    ...rules,
  };
}
