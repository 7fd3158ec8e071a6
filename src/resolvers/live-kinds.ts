/** The kinds of account events a subscription follows, and which events each one delivers. */
import type { AccountStreamEvent } from '../upstream/stream/index.ts';

/** An account subscription's kind: the `type` of the events it delivers. */
export type EventKind = Exclude<AccountStreamEvent['type'], 'failed'>;
export type EventOf<K extends EventKind> = Extract<AccountStreamEvent, { type: K }>;

/** Whether a subscription delivers an event (`arg`: its symbol argument). */
export type Picker = (event: AccountStreamEvent, arg: string | null | undefined) => boolean;

const bySymbol = (symbol: string, arg: string | null | undefined) => !arg || symbol === arg;

export const PICKERS: Record<EventKind, Picker> = {
  order: (e, symbol) => e.type === 'order' && bySymbol(e.order.symbol, symbol),
  algo: (e, symbol) => e.type === 'algo' && bySymbol(e.order.symbol, symbol),
  positions: (e) => e.type === 'positions',
  balances: (e) => e.type === 'balances',
  account: (e) => e.type === 'account',
};
