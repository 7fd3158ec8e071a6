/** One keep-alive timer for every open SSE response of the process, not one interval each. */

const PING_MS = 12_000;

export interface Pingable {
  /** Sends a keep-alive comment when nothing is waiting to be written. */
  ping(): void;
}

const open = new Set<Pingable>();
let pinger: NodeJS.Timeout | undefined;

export function track(stream: Pingable): void {
  open.add(stream);
  if (pinger) return;
  pinger = setInterval(() => {
    for (const s of open) s.ping();
  }, PING_MS);
  pinger.unref();
}

export function untrack(stream: Pingable): void {
  open.delete(stream);
  if (open.size > 0 || !pinger) return;
  clearInterval(pinger);
  pinger = undefined;
}
