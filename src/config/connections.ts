/** The connection caps and server timeouts of config.ts, shaped (the variables are listed there). */

/** The variables it reads. */
export interface ConnectionsEnv {
  CONN_MAX?: number | undefined;
  CONN_FD_RESERVE: number;
  CONN_MAX_PER_IP: number;
  CONN_WS_MAX_PER_IP: number;
  CONN_WS_MAX_PER_PRINCIPAL: number;
  CONN_WS_IDLE_TIMEOUT_MS: number;
  CONN_SSE_MAX_PER_IP: number;
  CONN_SSE_MAX_PER_PRINCIPAL: number;
  CONN_HEADERS_TIMEOUT_MS: number;
  CONN_REQUEST_TIMEOUT_MS: number;
  CONN_KEEPALIVE_TIMEOUT_MS: number;
}

/** Connection caps and the public server's timeouts (src/connections/budget.ts). */
export function connectionsConfig(env: ConnectionsEnv) {
  return {
    /** Open public connections at most; undefined: the fd limit minus `fdReserve`. */
    max: env.CONN_MAX,
    fdReserve: env.CONN_FD_RESERVE,
    perIp: env.CONN_MAX_PER_IP,
    ws: {
      perIp: env.CONN_WS_MAX_PER_IP,
      perPrincipal: env.CONN_WS_MAX_PER_PRINCIPAL,
      idleTimeoutMs: env.CONN_WS_IDLE_TIMEOUT_MS,
    },
    sse: { perIp: env.CONN_SSE_MAX_PER_IP, perPrincipal: env.CONN_SSE_MAX_PER_PRINCIPAL },
    headersTimeoutMs: env.CONN_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.CONN_REQUEST_TIMEOUT_MS,
    keepAliveTimeoutMs: env.CONN_KEEPALIVE_TIMEOUT_MS,
  };
}
