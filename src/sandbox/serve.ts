/**
 * The sandbox's one port: REST, the `/sandbox/` control endpoints and the streams, every
 * request logged (what `requestCount` filters).
 */
import { CONTROL_PREFIX } from './control.ts';
import type { Handler } from './http.ts';
import { listen, type RequestLogEntry } from './server.ts';
import type { SandboxState } from './state.ts';
import type { StreamServer, streamControl } from './stream/index.ts';

/** What `requestCount` filters on. */
export interface RequestFilter {
  method?: string;
  path?: string | RegExp;
  accountId?: string;
}

/** Whether a request log entry passes a `requestCount` filter. */
export function matches(e: RequestLogEntry, filter: RequestFilter = {}): boolean {
  return (
    (filter.method === undefined || e.method === filter.method.toUpperCase()) &&
    (filter.path === undefined ||
      (typeof filter.path === 'string' ? e.path === filter.path : filter.path.test(e.path))) &&
    (filter.accountId === undefined ||
      e.accountId?.toLowerCase() === filter.accountId.toLowerCase())
  );
}

/** The stream and `/sandbox/` control endpoints first, then `served`. */
export function withControl(
  served: Handler,
  control: Handler,
  streamControls: ReturnType<typeof streamControl>,
): Handler {
  return async (req) =>
    streamControls(req) ?? (req.path.startsWith(CONTROL_PREFIX) ? control(req) : served(req));
}

/** Keeps each request's log entry and logs it as one line. */
function recordTo(requestLog: RequestLogEntry[], log: (line: string) => void) {
  return (entry: RequestLogEntry): void => {
    requestLog.push(entry);
    const code = entry.code === undefined ? '' : ` ${entry.code}`;
    log(`${entry.method} ${entry.path} ${entry.status}${code}`);
  };
}

/** Listens (REST and the streams on one port), every request logged. */
export async function serve(
  handler: Handler,
  options: { host?: string; port?: number },
  deps: {
    state: SandboxState;
    stream: StreamServer;
    clock: () => number;
    log: (m: string) => void;
  },
) {
  const { state, stream, clock, log } = deps;
  const requestLog: RequestLogEntry[] = [];
  const server = await listen({
    host: options.host ?? '127.0.0.1',
    port: options.port ?? 0,
    handler,
    clock,
    record: recordTo(requestLog, log),
  });
  stream.attach(server.server);
  log(
    `sandbox listening on ${server.url} (broker ${state.brokerId}, ${state.accounts.size} accounts)`,
  );
  return { server, requestLog };
}
