/** A raw `ws` client of the svc stream API for tests: records frames, signs the auth frame. */
import { vi } from 'vitest';
import { WebSocket } from 'ws';
import { RequestSigner } from '../../../src/auth/request-signature.ts';

// biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON frames
export type Frame = any;

export class RawStream {
  readonly frames: Frame[] = [];
  closed: { code: number; reason: string } | undefined;
  private ids = 0;

  private constructor(
    readonly ws: WebSocket,
    autoPong: boolean,
  ) {
    ws.on('message', (data) => {
      const frame = JSON.parse(data.toString());
      this.frames.push(frame);
      if (autoPong && frame.event === 'ping') this.send({ event: 'pong', ts: Date.now() });
    });
    ws.on('close', (code, reason) => {
      this.closed = { code, reason: reason.toString() };
    });
  }

  /** Opens `url` (http(s) base + path); `autoPong: false` leaves server pings unanswered. */
  static open(url: string, { autoPong = true } = {}): Promise<RawStream> {
    const ws = new WebSocket(url.replace(/^http/, 'ws'));
    const stream = new RawStream(ws, autoPong);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(stream));
      ws.once('error', reject);
    });
  }

  send(frame: unknown): void {
    this.ws.send(JSON.stringify(frame));
  }

  /** The first recorded frame matching `match`, waiting for it. */
  async next(match: (frame: Frame) => boolean, timeout = 5_000): Promise<Frame> {
    return vi.waitFor(
      () => {
        const frame = this.frames.find(match);
        if (frame === undefined) throw new Error('no matching frame yet');
        return frame;
      },
      { timeout, interval: 5 },
    );
  }

  /** Sends a request frame with a fresh id and waits for its answer. */
  async request(frame: Record<string, unknown>): Promise<Frame> {
    const id = `c${++this.ids}`;
    this.send({ id, ...frame });
    return this.next((f) => f.id === id);
  }

  auth(secret: string, accountId: string, timestamp: number): Promise<Frame> {
    const signer = new RequestSigner({ accountId, secret });
    return this.request({
      event: 'auth',
      params: { svc_key: signer.publicKey, sign: signer.sign(String(timestamp)), timestamp },
    });
  }

  subscribe(topic: string): Promise<Frame> {
    return this.request({ event: 'subscribe', topic });
  }

  pushes(topic: string): Frame[] {
    return this.frames.filter((f) => f.topic === topic);
  }

  async waitClosed(timeout = 5_000): Promise<{ code: number; reason: string }> {
    return vi.waitFor(
      () => {
        if (!this.closed) throw new Error('still open');
        return this.closed;
      },
      { timeout, interval: 5 },
    );
  }

  close(): void {
    this.ws.terminate();
  }
}
