/**
 * One-shot requests on a stream connection (`{id, event: 'request', params}`), answered by a
 * frame that echoes the `id` (reference/market-algo-risk-facts.md §2). Bounded: a limited
 * number in flight, each with a deadline; all of them fail when the connection goes down.
 */

/** The answer's `data` and the server's `ts` on it. */
export interface RequestAnswer {
  data: unknown;
  ts: number | undefined;
}

export class RequestError extends Error {
  constructor(
    message: string,
    /** The upstream answered `success: false` (else: no answer in time, connection lost). */
    readonly refused: boolean,
  ) {
    super(message);
  }
}

interface Pending {
  resolve(answer: RequestAnswer): void;
  reject(error: RequestError): void;
  timer: NodeJS.Timeout;
}

/** Requests one connection may have in flight. */
export const MAX_PENDING_REQUESTS = 1_000;

export class PendingRequests {
  private readonly pending = new Map<string, Pending>();

  constructor(private readonly timeoutMs: number) {}

  /** Registers `id`; the promise settles with its answer, a deadline or {@link failAll}. */
  add(id: string): Promise<RequestAnswer> {
    if (this.pending.size >= MAX_PENDING_REQUESTS) {
      return Promise.reject(new RequestError('too many requests in flight', false));
    }
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(new RequestError(`no answer in ${this.timeoutMs} ms`, false));
      }, this.timeoutMs);
      timer.unref();
      this.pending.set(id, { resolve, reject, timer });
    });
  }

  /** Settles the request a frame answers; false when the frame answers none. */
  settle(frame: {
    id?: unknown;
    success?: unknown;
    errorMsg?: unknown;
    data?: unknown;
    ts?: unknown;
  }): boolean {
    const p = typeof frame.id === 'string' ? this.pending.get(frame.id) : undefined;
    if (!p) return false;
    this.pending.delete(frame.id as string);
    clearTimeout(p.timer);
    if (frame.success === false) {
      const reason = typeof frame.errorMsg === 'string' ? frame.errorMsg.slice(0, 200) : 'refused';
      p.reject(new RequestError(reason, true));
    } else {
      p.resolve({ data: frame.data, ts: typeof frame.ts === 'number' ? frame.ts : undefined });
    }
    return true;
  }

  failAll(reason: string): void {
    for (const p of this.pending.values()) {
      clearTimeout(p.timer);
      p.reject(new RequestError(reason, false));
    }
    this.pending.clear();
  }
}
