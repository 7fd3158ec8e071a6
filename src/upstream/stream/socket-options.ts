/** What a stream connection (socket.ts) is given, and the frames it reads. */
import type { BackoffPolicy } from './backoff.ts';

export interface AuthParams {
  svc_key: string;
  sign: string;
  timestamp: number;
}

export interface StreamSocketOptions {
  url: string;
  /** Builds the auth frame's params (private streams); called on every connection. */
  auth?: () => AuthParams;
  backoff: BackoffPolicy;
  /** No frame for this long: the connection is dead; reconnect. */
  silenceMs: number;
  /** The client pings this often (the server's pings count as traffic too). */
  pingMs: number;
  onPush(topic: string, data: unknown, ts: number): void;
  /**
   * After auth and subscriptions, on every (re)connection; `resumed` after the first.
   * `serverTs`: the server's `ts` on the last answer of this connection, when it sent one.
   */
  onReady(resumed: boolean, serverTs: number | undefined): void;
  onDown?(reason: string): void;
  /** Host clock for liveness (not server time: a learned clock offset must not look like silence). @default Date.now */
  now?: () => number;
  /** Auth refusals in a row after which the socket gives up (closes for good). @default 3 */
  maxAuthFailures?: number;
  /** The socket gave up: its auth was refused `maxAuthFailures` times in a row. */
  onRefused?(reason: string): void;
  /** The server refused a topic's subscription (`errorMsg`, e.g. `invalid symbol <s>`). */
  onTopicRefused?(topic: string, reason: string): void;
}

/** A frame of the stream, as parsed: every field checked where it is read. */
export interface Frame {
  id?: unknown;
  event?: unknown;
  success?: unknown;
  errorMsg?: unknown;
  topic?: unknown;
  ts?: unknown;
  data?: unknown;
}
