/**
 * The book fan-out bench's graphql-ws connection: the `graphql-transport-ws` protocol over a
 * `ws` socket, handing each `next` message's text on without parsing it. The graphql-ws
 * client parses every message (a 1.5 KB book, 50,000 times a second at 5,000 subscribers),
 * which would make the load generator, on the same 2 cores, costlier than the gateway it
 * measures. It speaks only what a subscriber needs: init, subscribe, next, error, complete.
 */
import { WebSocket } from 'ws';

export interface WsSubscriberOptions {
  url: string;
  connectionParams?: Record<string, unknown>;
  /** A `next` message of subscription `id` (its raw text); errors and completes too. */
  onMessage: (id: number, type: 'next' | 'error' | 'complete', text: string) => void;
  /** The connection closed (after it was acknowledged). */
  onClose: (code: number) => void;
}

const ID = /^\{"id":"(\d+)","type":"(next|error|complete)"/;

export class WsSubscriberConnection {
  private ids = 0;

  private constructor(private readonly ws: WebSocket) {}

  /** Opens and initialises a connection; resolves on `connection_ack`. */
  static open(options: WsSubscriberOptions): Promise<WsSubscriberConnection> {
    const ws = new WebSocket(options.url, 'graphql-transport-ws', { perMessageDeflate: false });
    return new Promise((resolve, reject) => {
      let acked = false;
      ws.on('open', () => {
        ws.send(
          JSON.stringify({ type: 'connection_init', payload: options.connectionParams ?? {} }),
        );
      });
      ws.on('message', (data) => {
        const text = data.toString();
        if (!acked) {
          if (!text.includes('"connection_ack"')) {
            reject(new Error(`graphql-ws: expected connection_ack, got ${text.slice(0, 200)}`));
            ws.terminate();
            return;
          }
          acked = true;
          resolve(new WsSubscriberConnection(ws));
          return;
        }
        // graphql-ws's server writes `{"id":…,"type":…` first (src/live/ws-frame.ts).
        const m = ID.exec(text);
        if (m) options.onMessage(Number(m[1]), m[2] as 'next' | 'error' | 'complete', text);
        else if (text.includes('"ping"')) ws.send('{"type":"pong"}');
      });
      ws.on('error', (error) => {
        if (!acked) reject(error);
      });
      ws.on('close', (code) => {
        if (acked) options.onClose(code);
        else reject(new Error(`graphql-ws: closed ${code} before connection_ack`));
      });
    });
  }

  /** Starts a subscription; returns its id (the `id` of its messages). */
  subscribe(query: string, variables: Record<string, unknown> = {}): number {
    const id = ++this.ids;
    this.ws.send(
      JSON.stringify({ id: String(id), type: 'subscribe', payload: { query, variables } }),
    );
    return id;
  }

  close(): void {
    this.ws.close(1000);
  }
}
