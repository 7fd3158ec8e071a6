/**
 * The SDK's risk constants (market-algo-risk-facts.md §5, `JS/perp/src/constants.ts`) and the
 * fixed figures its formulas spell inline.
 */

/** Exponent of notional in every size-dependent margin rate (`IMRFactorPower`). */
export const IMR_FACTOR_POWER = 4 / 5;

/** Added to 1/leverage for isolated margin: the taker-fee buffer (`IsoTakerFeeBuffer`). */
export const ISO_TAKER_FEE_BUFFER = 0.0006;

/** Max order quantity keeps 0.5% back (`MaxQtySafetyFactor`). */
export const MAX_QTY_SAFETY_FACTOR = 0.995;

/** Exponent of the size-capped max quantity term: `((TC − otherIMs) / imr_factor)^(1/1.8)`. */
export const MAX_QTY_SIZE_POWER = 1 / 1.8;

/** Fee rates from GET /v1/client/info are in basis points (ccxt divides by 10000). */
export const BPS = 0.0001;

/** Cross liquidation price bisection: at most this many halvings… */
export const LIQ_BISECTION_STEPS = 30;
/** …stopping once the bracket's width is at most this fraction of its midpoint. */
export const LIQ_BISECTION_TOLERANCE = 0.0001;
