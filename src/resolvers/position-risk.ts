/**
 * The risk fields of Position and Positions (schema/position-risk.ts). A live event carries
 * its figures (live-account-positions.ts); a query's are computed when a field first asks,
 * once per request, over the account's rows, from inputs read the query's way: the market
 * reads of the request (live mark first, REST after), the USDC holding, the account's imr
 * factors (held a minute per replica: account-factors.ts). A Position from anywhere else
 * (no figures with it) is placed among the account's rows read by REST.
 */
import {
  type PositionModel,
  type PositionsModel,
  positionsFromRest,
  type RiskOf,
} from '../models/portfolio.ts';
import { type PortfolioRisk, type PositionRisk, portfolioRisk } from '../models/position-risk.ts';
import { type GatewayContext, orThrowCoded, requireAccount } from '../schema/types.ts';
import type { Factors } from './account-factors.ts';
import { positionFeedsOf } from './live-risk.ts';
import { readsOf } from './market.ts';
import { type RiskSources, riskInputs } from './risk-inputs.ts';

function factorsOf(ctx: GatewayContext): Promise<Factors> {
  const { accountId } = requireAccount(ctx);
  const read = () => ctx.loaders.accountInfo.load(accountId);
  if (!ctx.live) return read().then((info) => info.imr_factor ?? {});
  return positionFeedsOf(ctx.live).factors.get(accountId, read);
}

/** The inputs as a query reads them. */
export function querySources(ctx: GatewayContext): RiskSources {
  const reads = readsOf(ctx);
  return {
    rules: () => reads.rules(),
    factors: () => factorsOf(ctx),
    holdings: async () => (await requireAccount(ctx).holdings({})).holding,
    markPrice: (symbol) => reads.markPrice(symbol),
  };
}

/** The figures of the account holding `rows` (all of them), at the marks now. */
export function accountRisk(
  ctx: GatewayContext,
  rows: readonly PositionModel[],
): Promise<PortfolioRisk> {
  return orThrowCoded(async () => {
    const inputs = await riskInputs(
      querySources(ctx),
      rows.map((r) => r.symbol),
    );
    return portfolioRisk(rows, inputs);
  });
}

/** A query's Positions: its figures and its rows' computed once, when a field first asks. */
export function withRisk(ctx: GatewayContext, model: PositionsModel): PositionsModel {
  let computed: Promise<PortfolioRisk> | undefined;
  const risk = () => {
    computed ??= accountRisk(ctx, model.rows);
    return computed;
  };
  const rows = model.rows.map((row, i) => ({
    ...row,
    risk: () => risk().then((r) => r.positions[i] as PositionRisk),
  }));
  return { ...model, rows, risk };
}

/**
 * A Position without figures: placed among the account's rows (GET /v1/positions, its shared
 * cache and single flight serving the other rows of the request).
 */
async function placedRisk(ctx: GatewayContext, position: PositionModel): Promise<PositionRisk> {
  const read = await orThrowCoded(async () =>
    positionsFromRest(await requireAccount(ctx).positions()),
  );
  const same = (r: PositionModel) =>
    r.symbol === position.symbol && r.marginMode === position.marginMode;
  const rows = [...read.rows.filter((r) => !same(r)), position];
  const risk = await accountRisk(ctx, rows);
  return risk.positions[rows.length - 1] as PositionRisk;
}

/** The value, or the thunk's promise of it, mapped without a promise when there is none. */
function settle<T, R>(value: RiskOf<T>, pick: (figures: T) => R): R | Promise<R> {
  return typeof value === 'function' ? (value as () => Promise<T>)().then(pick) : pick(value);
}

const placed = new WeakMap<PositionModel, Promise<PositionRisk>>();

export function positionFigure<K extends keyof PositionRisk>(
  ctx: GatewayContext,
  position: PositionModel,
  key: K,
): PositionRisk[K] | Promise<PositionRisk[K]> {
  let risk = position.risk;
  if (!risk) {
    // Once per Position object, however many of its figures are asked.
    const held = placed.get(position) ?? placedRisk(ctx, position);
    placed.set(position, held);
    risk = () => held;
  }
  return settle(risk, (r) => r[key]);
}

const modelRisk = new WeakMap<PositionsModel, Promise<PortfolioRisk>>();

export function portfolioFigure<K extends keyof Omit<PortfolioRisk, 'positions'>>(
  ctx: GatewayContext,
  model: PositionsModel,
  key: K,
): PortfolioRisk[K] | Promise<PortfolioRisk[K]> {
  let risk = model.risk;
  if (!risk) {
    const held = modelRisk.get(model) ?? accountRisk(ctx, model.rows);
    modelRisk.set(model, held);
    risk = () => held;
  }
  return settle(risk, (r) => r[key]);
}
