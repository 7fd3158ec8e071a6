/** The zod types of environment variables: durations, optional text and URLs, flags. */
import { z } from 'zod';

/** A non-negative whole number of milliseconds. */
export const ms = (fallback: number) => z.coerce.number().int().nonnegative().default(fallback);

export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

export const optionalUrl = optionalText.pipe(
  z
    .url({ protocol: /^https?$/ })
    .transform((url) => url.replace(/\/+$/, ''))
    .optional(),
);

/** One `redis://host:port` URL, or several comma-separated nodes of a Redis Cluster. */
export const redisUrls = optionalText.pipe(
  z
    .string()
    .refine(
      (v) => v.split(',').every((node) => /^rediss?:\/\/\S+$/.test(node.trim())),
      'expected redis://host:port, or a comma-separated list of them (Redis Cluster)',
    )
    .optional(),
);

export const flag = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');
