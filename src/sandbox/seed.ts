/**
 * The sandbox seed: broker id, accounts and their public keys, and optional market settings.
 * `parseSeed` validates a parsed JSON value; `loadSeedFile` reads and validates a file. Every
 * problem is reported with its path (`accounts[0].key: …`); key material is never echoed.
 */
import { readFile } from 'node:fs/promises';
import { z } from 'zod';
import { KeyFormatError, parseEd25519PublicKey, parseTradingKey } from '../auth/keys.ts';
import { symbolRulesSeed } from './market/rules-seed.ts';

const HEX_ADDRESS = /^0x[0-9a-fA-F]{40}$/;
const ACCOUNT_ID = /^0x[0-9a-fA-F]+$/;

function keyCheck(parse: (text: string) => unknown) {
  return (text: string, ctx: z.core.$RefinementCtx<string>) => {
    try {
      parse(text);
    } catch (error) {
      const why = error instanceof KeyFormatError ? error.message : 'not a valid key';
      ctx.addIssue({ code: 'custom', message: why });
    }
  };
}

const feeRate = z.number().min(0).max(1);

export const seedAccountSchema = z.strictObject({
  accountId: z.string().regex(ACCOUNT_ID, 'expected 0x followed by hex digits'),
  key: z
    .string()
    .startsWith('ed25519:', 'expected ed25519:<base58 public key>')
    .superRefine(keyCheck(parseEd25519PublicKey)),
  tradingKey: z.string().superRefine(keyCheck(parseTradingKey)).optional(),
  role: z.enum(['trader', 'broker_admin']),
  email: z.string().optional(),
  userAddress: z.string().regex(HEX_ADDRESS, 'expected 0x followed by 40 hex digits').optional(),
  /** USDC balance; default 1,000,000. */
  balance: z.number().nonnegative().optional(),
});

export const symbolSeedSchema = z.strictObject({
  symbol: z.string().regex(/^PERP_[A-Z0-9]+_[A-Z0-9]+$/, 'expected PERP_<BASE>_<QUOTE>'),
  /** Market kind, which selects the fee rates: futures (default), rwa or standard. */
  kind: z.enum(['futures', 'rwa', 'standard']).default('futures'),
  midPrice: z.number().positive(),
  tickSize: z.number().positive(),
  /** Quantity step (base asset). */
  quantityStep: z.number().positive(),
  /** Distance between book levels, a multiple of the tick; default 10 ticks. */
  levelGap: z.number().positive().optional(),
  /** Quantity of level 0; level i holds (i + 1) times it. */
  levelQuantity: z.number().positive(),
  minNotional: z.number().nonnegative().default(10),
  maxNotional: z.number().positive().optional(),
  imrFactor: z.number().positive().default(0.0000002),
  /** The order rules of GET /v1/public/info (market/rules.ts gives the defaults). */
  ...symbolRulesSeed,
});

export const seedSchema = z.strictObject({
  brokerId: z.string().min(1).default('demo'),
  accounts: z.array(seedAccountSchema).default([]),
  /** Replaces the default symbol list. */
  symbols: z.array(symbolSeedSchema).min(1).optional(),
  /** Broker default fee rates (futures and standard markets use maker/taker). */
  feeRates: z
    .strictObject({
      maker_fee_rate: feeRate,
      taker_fee_rate: feeRate,
      rwa_maker_fee_rate: feeRate.optional(),
      rwa_taker_fee_rate: feeRate.optional(),
    })
    .optional(),
  maxLeverage: z.number().positive().optional(),
});

export type SeedAccount = z.input<typeof seedAccountSchema>;
export type SandboxSeed = z.input<typeof seedSchema>;
export type SymbolSeed = z.input<typeof symbolSeedSchema>;
export type ParsedSeed = z.output<typeof seedSchema>;
export type SymbolConfig = z.output<typeof symbolSeedSchema>;

export class SeedError extends Error {
  override readonly name = 'SeedError';
  constructor(
    readonly source: string,
    readonly problems: string[],
  ) {
    super(`invalid sandbox seed (${source}):\n  ${problems.join('\n  ')}`);
  }
}

function issuePath(path: readonly PropertyKey[]): string {
  return path
    .map((p, i) => (typeof p === 'number' ? `[${p}]` : `${i === 0 ? '' : '.'}${String(p)}`))
    .join('');
}

/** Validates a parsed seed value; throws `SeedError` listing every problem. */
export function parseSeed(value: unknown, source = 'seed'): ParsedSeed {
  const parsed = seedSchema.safeParse(value);
  if (!parsed.success) {
    throw new SeedError(
      source,
      parsed.error.issues.map((issue) => `${issuePath(issue.path) || '(root)'}: ${issue.message}`),
    );
  }
  const ids = new Set<string>();
  const problems: string[] = [];
  parsed.data.accounts.forEach((account, i) => {
    const id = account.accountId.toLowerCase();
    if (ids.has(id)) problems.push(`accounts[${i}].accountId: duplicate account id`);
    ids.add(id);
  });
  if (problems.length > 0) throw new SeedError(source, problems);
  return parsed.data;
}

/** Reads a seed file (JSON) and validates it. */
export async function loadSeedFile(path: string): Promise<SandboxSeed> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    throw new SeedError(path, [`cannot read the file (${code})`]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new SeedError(path, [`not JSON: ${(error as Error).message}`]);
  }
  return parseSeed(value, path);
}
