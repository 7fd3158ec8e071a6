/**
 * The seed fields of a symbol's order rules (GET /v1/public/info), all optional: rules.ts
 * fills what is left out. Names as the seed writes them (camelCase).
 */
import { z } from 'zod';
import { SYMBOL_STATUSES } from '../../contract/wire-market.ts';

const rate = z.number().min(-1).max(1);

export const symbolRulesSeed = {
  quoteMin: z.number().nonnegative().optional(),
  quoteMax: z.number().positive().optional(),
  baseMin: z.number().positive().optional(),
  baseMax: z.number().positive().optional(),
  /** A limit price stays within mark × (1 ± priceRange); default 0.03. */
  priceRange: z.number().positive().max(1).optional(),
  /** …and within mark × (1 ∓ priceScope) on its own side; default 0.4. */
  priceScope: z.number().positive().max(1).optional(),
  baseImr: z.number().positive().max(1).optional(),
  baseMmr: z.number().positive().max(1).optional(),
  /** Hours between funding settlements; default 8. */
  fundingPeriod: z.union([z.literal(1), z.literal(4), z.literal(8)]).optional(),
  capFunding: rate.optional(),
  floorFunding: rate.optional(),
  capIr: rate.optional(),
  floorIr: rate.optional(),
  interestRate: rate.optional(),
  stdLiquidationFee: z.number().min(0).max(1).optional(),
  liquidatorFee: z.number().min(0).max(1).optional(),
  claimInsuranceFundDiscount: z.number().min(0).max(1).optional(),
  status: z.enum(SYMBOL_STATUSES).optional(),
};
