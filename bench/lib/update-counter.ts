/**
 * Counts a symbol's `@orderbookupdate` pushes on a raw connection of its own to the sandbox:
 * how many updates the gateway had to fan out, and the `ts` of the last one (what every
 * subscriber's book must show once the updates stop).
 */
import { WebSocket } from 'ws';

export class UpdateCounter {
  count = 0;
  lastTs = 0;

  private constructor(private readonly ws: WebSocket) {}

  static open(sandboxUrl: string, symbol: string): Promise<UpdateCounter> {
    const topic = `${symbol}@orderbookupdate`;
    const ws = new WebSocket(`${sandboxUrl.replace(/^http/, 'ws')}/ws/stream/bench-counter`);
    const counter = new UpdateCounter(ws);
    return new Promise((resolve, reject) => {
      ws.on('open', () => ws.send(JSON.stringify({ id: 'count', event: 'subscribe', topic })));
      ws.on('message', (data) => {
        const frame = JSON.parse(data.toString()) as {
          id?: string;
          event?: string;
          success?: boolean;
          topic?: string;
          ts?: number;
        };
        if (frame.event === 'ping') ws.send(JSON.stringify({ event: 'pong', ts: Date.now() }));
        else if (frame.id === 'count') {
          if (frame.success) resolve(counter);
          else reject(new Error(`update counter: subscribe refused ${JSON.stringify(frame)}`));
        } else if (frame.topic === topic && typeof frame.ts === 'number') {
          counter.count++;
          counter.lastTs = frame.ts;
        }
      });
      ws.on('error', reject);
    });
  }

  close(): void {
    this.ws.close();
  }
}
