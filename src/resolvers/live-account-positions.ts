/**
 * One account's positions on this replica while it has positionUpdates subscribers: every
 * row (seeded by REST, then kept by the private stream's pushes), its USDC and the margin
 * rules, so each event carries the risk figures (position-risk.ts) at the marks now. The
 * figures are computed once per event and the event object goes to every subscriber of the
 * account (one selection run for all: live/shared-execution.ts).
 *
 * Events: the rows the upstream pushes, as they come; and, when a held symbol's mark moves or
 * the USDC balance changes, every held row recomputed — at most one such event per
 * `minIntervalMs` (the marks push every second upstream, the sandbox faster).
 */
import type { GraphQLError } from 'graphql';
import type { PositionRow } from '../contract/wire.ts';
import { type PositionModel, positionFromRest } from '../models/portfolio.ts';
import { portfolioRisk, type RiskInputs } from '../models/position-risk.ts';
import type { MarginRule } from '../risk/margin-rates.ts';
import type { AccountStreamEvent, BalanceModel } from '../upstream/stream/index.ts';
import { COLLATERAL_TOKEN, marginRules, type RiskSources, usdcOf } from './risk-inputs.ts';

/** What the account's figures are read from, under no request's deadline. */
export interface AccountSources extends Omit<RiskSources, 'markPrice'> {
  positions(): Promise<PositionRow[]>;
}

/** What an account's positions need of the replica. */
export interface AccountPositionsPort {
  sources: AccountSources;
  /** The live mark now; undefined: none fresh (the row's own is used). */
  mark(symbol: string): number | undefined;
  /** The symbols with a position changed: the marks that concern this account. */
  holds(symbols: ReadonlySet<string>): void;
  /** The upstream refused the account's stream. */
  refused(reason: string): GraphQLError;
  now(): number;
  /** @default 250 */
  minIntervalMs?: number;
}

/**
 * One positionUpdates event: its rows, with the cursor of the account event it comes from (a
 * push), or of the last one the account's positions have seen (`recomputed` at new marks).
 */
export type PositionsEvent = PositionModel[] & { cursor?: string; recomputed?: boolean };

export interface PositionsSubscriber {
  positions(event: PositionsEvent): void;
  failed(error: GraphQLError): void;
}

/** How long rules and factors are used before they are read again; how soon a failed seed is. */
const REFRESH_MS = 60_000;
const RETRY_MS = 5_000;

const keyOf = (p: PositionModel) => `${p.symbol}|${p.marginMode}`;

export class AccountPositions {
  readonly subscribers = new Set<PositionsSubscriber>();
  private readonly rows = new Map<string, PositionModel>();
  private rules: ReadonlyMap<string, MarginRule> = new Map();
  private usdc = { usdcHolding: 0, pendingShort: 0 };
  /** Whether the seed read succeeded: until then events carry no figures (fields read REST). */
  private ready = false;
  private readAt = Number.NEGATIVE_INFINITY;
  private chain: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private lastRecompute = Number.NEGATIVE_INFINITY;
  private closed = false;
  /** The cursor of the last positions or balances event applied: a recomputed event's. */
  private cursor: string | undefined;

  constructor(private readonly port: AccountPositionsPort) {
    this.serial(() => this.seed());
  }

  /** The hub's account listener interface. */
  accountEvent(event: AccountStreamEvent): void {
    if (event.type === 'failed') {
      const error = this.port.refused(event.reason);
      for (const s of [...this.subscribers]) s.failed(error);
      return;
    }
    if (event.type === 'positions') {
      const { positions: rows, cursor } = event;
      this.serial(async () => this.pushed(rows, cursor));
    } else if (event.type === 'balances') {
      const { balances, cursor } = event;
      this.serial(async () => this.balances(balances, cursor));
    }
  }

  /** A held symbol's mark moved. */
  markMoved(): void {
    if (this.timer || this.closed) return;
    const wait = Math.max(
      0,
      this.lastRecompute + (this.port.minIntervalMs ?? 250) - this.port.now(),
    );
    this.timer = setTimeout(() => this.recompute(), wait);
    this.timer.unref();
  }

  close(): void {
    this.closed = true;
    clearTimeout(this.timer);
    this.timer = undefined;
  }

  private serial(work: () => Promise<void>): void {
    // A failing step must not stop the ones after it; the seed says itself what failed.
    this.chain = this.chain.then(work).catch(() => undefined);
  }

  /** Every row, the USDC and the rules, read together; a failure leaves `ready` as it was. */
  private async seed(): Promise<void> {
    this.readAt = this.port.now();
    const { sources } = this.port;
    const [rows, holdings, rules] = await Promise.all([
      sources.positions(),
      sources.holdings(),
      this.readRules(),
    ]);
    for (const row of rows.map(positionFromRest)) this.rows.set(keyOf(row), row);
    this.usdc = usdcOf(holdings);
    this.rules = rules;
    this.ready = true;
    this.indexHeld();
  }

  private async readRules(): Promise<Map<string, MarginRule>> {
    const [infos, factors] = await Promise.all([
      this.port.sources.rules(),
      this.port.sources.factors(),
    ]);
    return marginRules(infos, factors);
  }

  /** Rules and factors read again once old, and a failed seed retried; meanwhile the held ones serve. */
  private refresh(): void {
    const age = this.port.now() - this.readAt;
    if (!this.ready && age >= RETRY_MS) this.serial(() => this.seed());
    if (this.ready && age >= REFRESH_MS) {
      this.readAt = this.port.now();
      this.serial(async () => {
        this.rules = await this.readRules();
      });
    }
  }

  private pushed(rows: readonly PositionModel[], cursor: string | undefined): void {
    this.cursor = cursor ?? this.cursor;
    for (const row of rows) this.rows.set(keyOf(row), row);
    this.indexHeld();
    this.refresh();
    this.emit(Object.assign(this.withRisk(rows), { cursor }));
  }

  private balances(balances: readonly BalanceModel[], cursor: string | undefined): void {
    this.cursor = cursor ?? this.cursor;
    const usdc = balances.find((b) => b.token === COLLATERAL_TOKEN);
    if (!usdc) return;
    this.usdc = { usdcHolding: usdc.holding, pendingShort: usdc.pendingShort };
    this.markMoved();
  }

  private recompute(): void {
    this.timer = undefined;
    this.lastRecompute = this.port.now();
    this.refresh();
    if (!this.ready || this.closed) return;
    const held = [...this.rows.entries()].filter(([, r]) => r.quantity !== 0);
    // In GET /v1/positions' order: by symbol, then margin mode.
    held.sort(([a], [b]) => (a < b ? -1 : 1));
    const rows = this.withRisk(held.map(([, r]) => r));
    this.emit(Object.assign(rows, { cursor: this.cursor, recomputed: true }));
  }

  private inputs(): RiskInputs {
    const markPrices = new Map<string, number>();
    for (const row of this.rows.values()) {
      const mark = this.port.mark(row.symbol);
      if (mark !== undefined) markPrices.set(row.symbol, mark);
    }
    return { markPrices, rules: this.rules, ...this.usdc };
  }

  /** `rows` (all among the account's) with their figures; as they are until the seed is in. */
  private withRisk(rows: readonly PositionModel[]): PositionModel[] {
    if (!this.ready) return [...rows];
    const all = [...this.rows.values()];
    const risk = portfolioRisk(all, this.inputs());
    const index = new Map(all.map((row, i) => [row, i]));
    return rows.map((row) => {
      const figures = risk.positions[index.get(row) ?? -1];
      if (!figures) return row;
      const { markPrice, unsettledPnl } = figures;
      return { ...row, markPrice, unsettledPnl, risk: figures };
    });
  }

  private emit(event: PositionsEvent): void {
    if (event.length === 0) return;
    for (const s of this.subscribers) s.positions(event);
  }

  private indexHeld(): void {
    const held = new Set<string>();
    for (const row of this.rows.values()) if (row.quantity !== 0) held.add(row.symbol);
    this.port.holds(held);
  }
}
