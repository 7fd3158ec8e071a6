/**
 * What changed in the sandbox, as it happens: every order change (placed, each fill, cancel,
 * replace, reject), and the position and balance an order's fill moved. The live streams
 * (src/sandbox/stream) turn these into execution reports and position/balance pushes.
 *
 * Emitted synchronously by the engine, in order (order → position → balance for a fill), with
 * snapshots in the REST shapes (snake_case, as GET /v1/orders, /v1/positions and
 * /v1/client/holding answer): a listener may keep them, nothing changes them later. Hand-written
 * rather than node:events so each event name has its payload type, and a throwing listener
 * cannot break the engine mid-fill.
 */
import type { AlgoExecutionReportData } from '../contract/wire-algo-stream.ts';
import type { MarginMode } from '../contract/wire-orders.ts';
import type { HoldingRow } from './holdings.ts';
import type { PositionRow, SandboxOrderRecord } from './records.ts';
import type { WithdrawalRecord } from './wallet/book.ts';

export type OrderChangeKind =
  | 'placed'
  | 'partial_fill'
  | 'fill'
  | 'cancelled'
  | 'replaced'
  | 'rejected';

export interface FillDetail {
  /** Non-zero; unique in the sandbox. */
  tradeId: number;
  price: number;
  quantity: number;
  fee: number;
  feeAsset: string;
  /** The order was resting (maker) rather than taking (taker). */
  maker: boolean;
}

export interface OrderChanged {
  accountId: string;
  kind: OrderChangeKind;
  /** The order after the change (REPLACED on a `replaced` event). */
  order: SandboxOrderRecord;
  /** Why, in words: 'none', 'cancelled by the user', 'post-only order would take liquidity'… */
  reason: string;
  /** On `partial_fill` and `fill` only. */
  fill?: FillDetail;
  timestamp: number;
}

export interface PositionChanged {
  accountId: string;
  /** The changed row only, keyed by symbol and margin mode. */
  position: PositionRow;
  timestamp: number;
}

export interface BalanceChanged {
  accountId: string;
  balance: HoldingRow;
  timestamp: number;
}

/** An internal transfer between two accounts (the streams' `wallet` events). */
export interface TransferDone {
  id: number;
  fromAccountId: string;
  toAccountId: string;
  token: string;
  amount: number;
  timestamp: number;
}

/** A withdrawal was requested or moved on (PENDING → [PENDING_REBALANCE] → COMPLETED). */
export interface WithdrawalChanged {
  accountId: string;
  /** A snapshot: the record as it is now. */
  withdrawal: WithdrawalRecord;
  timestamp: number;
}

/** A market's mid moved (control endpoint or `Sandbox.setMidPrice`), after resting orders filled. */
export interface MidMoved {
  symbol: string;
  mid: number;
  timestamp: number;
}

/** An account fell below maintenance margin: its positions were closed at the mark. */
export interface Liquidated {
  accountId: string;
  liquidationId: number;
  positions: Array<{
    symbol: string;
    marginMode: string;
    /** The quantity taken over (signed, as held). */
    positionQty: number;
    transferPrice: number;
    liquidatorFee: number;
  }>;
  timestamp: number;
}

/** An algo order changed: its whole tree flattened, root first (the stream's shape). */
export interface AlgoChanged {
  accountId: string;
  report: AlgoExecutionReportData;
  timestamp: number;
}

/** A symbol's leverage setting changed (POST /v1/client/leverage(s)). */
export interface LeverageChanged {
  accountId: string;
  symbol: string;
  marginMode: MarginMode;
  leverage: number;
  timestamp: number;
}

export interface SandboxEventMap {
  order: OrderChanged;
  position: PositionChanged;
  balance: BalanceChanged;
  transfer: TransferDone;
  withdrawal: WithdrawalChanged;
  mid: MidMoved;
  liquidation: Liquidated;
  algo: AlgoChanged;
  leverage: LeverageChanged;
}

export type SandboxEventName = keyof SandboxEventMap;
export type Listener<K extends SandboxEventName> = (event: SandboxEventMap[K]) => void;

export class SandboxEvents {
  readonly #listeners: { [K in SandboxEventName]: Set<Listener<K>> } = {
    order: new Set(),
    position: new Set(),
    balance: new Set(),
    transfer: new Set(),
    withdrawal: new Set(),
    mid: new Set(),
    liquidation: new Set(),
    algo: new Set(),
    leverage: new Set(),
  };

  /** Receives a listener's exception; the engine carries on. */
  onError: (error: unknown) => void = () => {};

  /** Subscribes; returns the unsubscribe function. */
  on<K extends SandboxEventName>(name: K, listener: Listener<K>): () => void {
    const set = this.#listeners[name] as Set<Listener<K>>;
    set.add(listener);
    return () => {
      set.delete(listener);
    };
  }

  /** Whether anyone listens: the engine builds snapshots only then. */
  listening(name: SandboxEventName): boolean {
    return this.#listeners[name].size > 0;
  }

  emit<K extends SandboxEventName>(name: K, event: SandboxEventMap[K]): void {
    for (const listener of this.#listeners[name] as Set<Listener<K>>) {
      try {
        listener(event);
      } catch (error) {
        this.onError(error);
      }
    }
  }
}
