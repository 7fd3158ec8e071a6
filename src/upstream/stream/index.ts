/** The upstream's WebSocket streams: shared connections, reconnect and resync, live models. */

export { MAINTENANCE_TOPIC, WALLET_SIDES, WALLET_STATUSES } from '../../contract/constants.ts';
export type { BalanceModel, PositionModel } from '../../models/portfolio.ts';
export { type AccountReads, accountReads } from './account-reads.ts';
export { type BackoffPolicy, backoffDelay } from './backoff.ts';
export { type HubStats, StreamHub, type StreamHubOptions } from './hub.ts';
export * from './map.ts';
export * from './market-models.ts';
export * from './models.ts';
export type { ResyncBounds, ResyncStats } from './order-resync.ts';
export { StreamSocket } from './socket.ts';
export type { StreamSocketOptions } from './socket-options.ts';

/** `ws(s)://host[:port]` of an upstream's streams from its REST base URL. */
export function wsBaseOf(httpBase: string): string {
  const { protocol, host } = new URL(httpBase);
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}`;
}
