/**
 * The account as the order-side risk maths reads it (src/risk/account-room.ts `AccountRisk`),
 * read for one request: positions (GET /v1/positions: quantities, open orders as
 * `pending_long_qty`/`pending_short_qty`, leverage, unsettled PnL), the USDC holding (GET
 * /v1/client/holding), the account's imr_factor and futures fee rates (GET /v1/client/info,
 * through the request's loader), the symbols' rules and marks through the request's market
 * reads (`readsOf` / `markPriceOf`, so a live mark serves when there is one), and the leverage
 * settings (GET /v1/client/leverages) only when no position row of the symbol carries one. Each row's unsettled PnL is moved
 * from the row's mark to the current one.
 */
import type { AccountInfo, PositionRow } from '../contract/wire.ts';
import type { SymbolInfo } from '../contract/wire-market.ts';
import type { AccountRisk, RiskPosition, SymbolRisk } from '../risk/account-room.ts';
import { imrFactorFor } from '../risk/margin-rates.ts';
import { unsettledPnlAtMark } from '../risk/position.ts';
import { type GatewayContext, inputIssuesError, requireAccount } from '../schema/types.ts';
import { markPriceOf, readsOf, unknownSymbol } from './market.ts';

/** The collateral token whose holding the maths reads. */
const USDC = 'USDC';

/** The account's reads that do not depend on the symbol, once per request. */
interface AccountReads {
  rows: PositionRow[];
  usdcHolding: number;
  pendingShort: number;
}

const perRequest = new WeakMap<object, Promise<AccountReads>>();
const leveragesPerRequest = new WeakMap<object, Promise<Record<string, number>>>();

/**
 * Every symbol's CROSS leverage setting in one read (GET /v1/client/leverages, cached per
 * account), once per request: GET /v1/client/leverage reads one symbol and is 1 per second
 * for the whole gateway.
 */
function crossLeverages(ctx: GatewayContext): Promise<Record<string, number>> {
  let read = leveragesPerRequest.get(ctx);
  if (!read) {
    read = requireAccount(ctx)
      .leverages()
      .then(({ rows }) =>
        Object.fromEntries(
          rows.filter((r) => r.margin_mode === 'CROSS').map((r) => [r.symbol, r.leverage]),
        ),
      );
    leveragesPerRequest.set(ctx, read);
  }
  return read;
}

function accountReads(ctx: GatewayContext): Promise<AccountReads> {
  let reads = perRequest.get(ctx);
  if (!reads) {
    const account = requireAccount(ctx);
    reads = Promise.all([account.positions(), account.holdings({ all: false })]).then(
      ([positions, { holding }]) => {
        const usdc = holding.find((h) => h.token === USDC);
        return {
          rows: positions.rows,
          usdcHolding: usdc?.holding ?? 0,
          pendingShort: usdc?.pending_short ?? 0,
        };
      },
    );
    perRequest.set(ctx, reads);
  }
  return reads;
}

function toRiskPosition(row: PositionRow, mark: number): RiskPosition {
  return {
    symbol: row.symbol,
    marginMode: row.margin_mode,
    quantity: row.position_qty,
    pendingLongQuantity: row.pending_long_qty,
    pendingShortQuantity: row.pending_short_qty,
    leverage: row.leverage,
    unsettledPnl: unsettledPnlAtMark(row.unsettled_pnl, row.position_qty, row.mark_price, mark),
    mmr: row.mmr,
  };
}

function toSymbolRisk(info: SymbolInfo, factors: Readonly<Record<string, number>>): SymbolRisk {
  return {
    baseImr: info.base_imr,
    baseMmr: info.base_mmr,
    imrFactor: imrFactorFor(info.symbol, factors, info.imr_factor),
    baseMin: info.base_min,
    baseMax: info.base_max,
    baseTick: info.base_tick,
  };
}

/** The inputs over `symbols` from the request's reads; leverages read when `needs` says so. */
async function riskOver(
  ctx: GatewayContext,
  reads: AccountReads,
  info: AccountInfo,
  allRules: ReadonlyMap<string, SymbolInfo>,
  symbols: string[],
  needsLeverages: (positions: RiskPosition[]) => boolean,
): Promise<AccountRisk> {
  const marks = await Promise.all(symbols.map((s) => markPriceOf(ctx, s)));
  const markPrices = Object.fromEntries(symbols.map((s, i) => [s, marks[i]!]));
  const rules: Record<string, SymbolRisk> = {};
  for (const s of symbols) {
    const rule = allRules.get(s);
    if (rule) rules[s] = toSymbolRisk(rule, info.imr_factor);
  }
  const positions = reads.rows.map((row) => toRiskPosition(row, markPrices[row.symbol]!));
  const leverages = needsLeverages(positions) ? await crossLeverages(ctx) : {};
  return {
    usdcHolding: reads.usdcHolding,
    pendingShort: reads.pendingShort,
    positions,
    markPrices,
    rules,
    leverages,
    takerFeeRate: info.futures_taker_fee_rate,
    makerFeeRate: info.futures_maker_fee_rate,
  };
}

function readAll(ctx: GatewayContext) {
  const account = requireAccount(ctx);
  return Promise.all([
    accountReads(ctx),
    ctx.loaders.accountInfo.load(account.accountId),
    readsOf(ctx).rules(),
  ]);
}

/**
 * The account's risk inputs for an order in `symbol`: BAD_USER_INPUT (`unknownSymbol` at
 * `symbolPath`) for a symbol the upstream does not list. Upstream failures are thrown as they come (callers
 * map them at their edge, `orThrowCoded`).
 */
export async function accountRisk(
  ctx: GatewayContext,
  symbol: string,
  symbolPath: (string | number)[] = ['symbol'],
): Promise<AccountRisk> {
  const [reads, info, allRules] = await readAll(ctx);
  if (!allRules.has(symbol)) throw inputIssuesError([unknownSymbol(symbolPath, symbol)]);
  const symbols = [...new Set([symbol, ...reads.rows.map((r) => r.symbol)])];
  return riskOver(ctx, reads, info, allRules, symbols, (positions) => {
    const held = positions.some(
      (p) => p.symbol === symbol && p.marginMode !== 'ISOLATED' && p.leverage,
    );
    return !held;
  });
}

/**
 * The account's risk inputs for account-wide figures (free collateral, max withdrawable):
 * every row's symbol; the leverage settings only when a cross row carries no leverage.
 */
export async function portfolioRisk(ctx: GatewayContext): Promise<AccountRisk> {
  const [reads, info, allRules] = await readAll(ctx);
  const symbols = [...new Set(reads.rows.map((r) => r.symbol))];
  return riskOver(ctx, reads, info, allRules, symbols, (positions) =>
    positions.some((p) => p.marginMode !== 'ISOLATED' && !p.leverage),
  );
}
