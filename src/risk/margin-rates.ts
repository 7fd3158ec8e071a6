/**
 * Initial and maintenance margin rates (market-algo-risk-facts.md §5: **IMR**, **MMR**,
 * **maintenance margin**, and the ROI's IMR as the hooks pass it; `JS/perp/src/account/imr.ts`,
 * `positions/positionMMR.ts`, `positions/maintenanceMargin.ts`).
 *
 * The imr_factor rule: the factor in every size term is the ACCOUNT's — GET /v1/client/info
 * `imr_factor[symbol]` — not the symbol's optional `imr_factor` in GET /v1/public/info
 * (`imrFactorFor`). base_imr and base_mmr are the symbol's (GET /v1/public/info).
 * Plain numbers: see position.ts.
 */
import { IMR_FACTOR_POWER } from './constants.ts';

/** The per-symbol figures the margin rates read. */
export interface MarginRule {
  /** GET /v1/public/info `base_imr`. */
  baseImr: number;
  /** GET /v1/public/info `base_mmr`. */
  baseMmr: number;
  /** GET /v1/client/info `imr_factor[symbol]` (imrFactorFor). */
  imrFactor: number;
}

/**
 * The factor the risk maths uses for `symbol`: the account's (`/v1/client/info`), else the
 * symbol's public one (`/v1/public/info`, optional there), else 0 — which drops the size terms
 * and leaves base rates and leverage. The fallbacks are our choice (the SDK has no value to
 * fall back to); docs/risk.md says so.
 */
export function imrFactorFor(
  symbol: string,
  accountFactors: Readonly<Record<string, number>> | undefined,
  publicFactor?: number,
): number {
  return accountFactors?.[symbol] ?? publicFactor ?? 0;
}

/** `imr_factor × |notional|^(4/5)`, and 0 for a zero factor (the initialMargin.ts copy). */
export function sizeTerm(imrFactor: number, notional: number): number {
  return imrFactor === 0 ? 0 : imrFactor * Math.abs(notional) ** IMR_FACTOR_POWER;
}

export interface ImrInput {
  /** Positive; leverage.ts `effectiveLeverage` resolves it. */
  leverage: number;
  baseImr: number;
  imrFactor: number;
  /** Signed `qty × mark` of the position. */
  positionNotional: number;
  /** Signed notional of open orders (0 for a position alone). */
  ordersNotional?: number;
}

/** `max(1/leverage, base_imr, imr_factor × |position_notional + orders_notional|^(4/5))`. */
export function imr(input: ImrInput): number {
  const size = sizeTerm(input.imrFactor, input.positionNotional + (input.ordersNotional ?? 0));
  return Math.max(1 / input.leverage, input.baseImr, size);
}

/** `max(base_mmr, (base_mmr / base_imr) × imr_factor × |notional|^(4/5))`. */
export function positionMmr(rule: MarginRule, notional: number): number {
  return Math.max(rule.baseMmr, (rule.baseMmr / rule.baseImr) * sizeTerm(rule.imrFactor, notional));
}

/** `|qty × mark × mmr|`. */
export function maintenanceMargin(quantity: number, markPrice: number, mmr: number): number {
  return Math.abs(quantity * markPrice * mmr);
}

/** The IMR a position's ROI divides by: its own leverage (0 or absent: 1), no orders. */
export function positionImr(
  rule: Pick<MarginRule, 'baseImr' | 'imrFactor'>,
  leverage: number | null | undefined,
  positionNotional: number,
): number {
  return imr({ ...rule, leverage: leverage || 1, positionNotional });
}
