/** The sandbox's WebSocket streams and their control endpoints. */
export { streamControl } from './control.ts';
export {
  type ConnectionCounts,
  type MaintenanceStatus,
  type StreamOptions,
  StreamServer,
  type WalletEventInput,
} from './server.ts';
export { tickersTopic, tickerTopic } from './topics.ts';
