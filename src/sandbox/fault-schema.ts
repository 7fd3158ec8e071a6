/**
 * The JSON form of a FaultConfig, as `POST /sandbox/faults` accepts it (faults.ts documents
 * each mode).
 */
import { z } from 'zod';

const phase = z.enum(['before', 'after']);
const status = (min: number) => z.number().int().min(min).max(599);
/** A path: exact text, or `{"pattern": "<regular expression>"}` matched against the path. */
const pathMatch = z.union([
  z.string().startsWith('/'),
  z.strictObject({ pattern: z.string().min(1) }),
]);

/** FaultConfig as JSON (faults.ts documents each mode). */
export const faultSchema = z.strictObject({
  match: z
    .strictObject({
      methods: z.array(z.string().min(1)).optional(),
      paths: z.array(pathMatch).optional(),
    })
    .optional(),
  count: z.number().int().min(0).optional(),
  every: z.number().int().min(1).optional(),
  when: phase.optional(),
  latencyMs: z.number().min(0).max(600_000).optional(),
  status5xx: z
    .union([
      z.literal(true),
      z.strictObject({ status: status(500).optional(), code: z.number().int().optional() }),
    ])
    .optional(),
  html: z.union([z.literal(true), z.strictObject({ status: status(200).optional() })]).optional(),
  reset: phase.optional(),
  malformedJson: z
    .union([z.literal(true), z.strictObject({ status: status(200).optional() })])
    .optional(),
  rateLimitBurst: z
    .union([z.literal(true), z.strictObject({ retryAfterSec: z.number().int().min(0).optional() })])
    .optional(),
  clockSkewMs: z.number().optional(),
});
