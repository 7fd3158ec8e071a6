/**
 * The security suite's stack: a sandbox over real HTTP, a gateway (real Redis, unique prefix)
 * with a keystore of two traders and a broker admin, and a recorder of everything the run
 * produces — gateway log lines (debug level: upstream lines too), sandbox log lines, every
 * response (status, headers, body), and /metrics — so `leaks()` can scan it all for any
 * secret, token or key, and the log for keys blanked that hold no secret.
 */
import bs58 from 'bs58';
import { KNOWN_ERROR_CODES } from '../../../src/admin/error-codes.ts';
import { parseEd25519Secret, parseTradingSecret } from '../../../src/auth/keys.ts';
import { REDACTED } from '../../../src/observability/logger.ts';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import {
  type GraphQLBody,
  makeCaller,
  type Running,
  registerCallers,
  startGateway,
  type TestCaller,
  uniquePrefix,
} from '../server/harness.ts';

export type CallerName = 'anonymous' | 'trader' | 'otherTrader' | 'admin';
export const CALLERS: readonly CallerName[] = ['anonymous', 'trader', 'otherTrader', 'admin'];

/** Codes a response may carry: the gateway's vocabulary plus GraphQL's own request errors. */
export const VOCABULARY = KNOWN_ERROR_CODES;

export interface Reply {
  status: number;
  text: string;
  body: GraphQLBody | undefined;
}

export interface SecurityStack {
  sandbox: Sandbox;
  gw: Running;
  /** The gateway's Redis key prefix. */
  prefix: string;
  callers: Record<Exclude<CallerName, 'anonymous'>, TestCaller>;
  accountOf(caller: CallerName): string | undefined;
  /** POSTs a raw body (string) or JSON to /graphql as `caller`, and records the answer. */
  send(caller: CallerName, body: unknown, headers?: Record<string, string>): Promise<Reply>;
  gql(caller: CallerName, query: string, variables?: unknown): Promise<Reply>;
  /** Sandbox requests so far. */
  upstreamCalls(): number;
  /**
   * Everything recorded that contains a secret (or a ≥16-character piece of one, in any
   * encoding), and gateway log lines where a key that holds no secret was redacted.
   */
  leaks(): Promise<string[]>;
  close(): Promise<void>;
}

const WINDOW = 16;

/** The encodings a key's bytes could leak in. */
function encodings(bytes: Uint8Array): string[] {
  const buffer = Buffer.from(bytes);
  return [
    buffer.toString('hex'),
    buffer.toString('hex').toUpperCase(),
    buffer.toString('base64'),
    buffer.toString('base64url'),
    bs58.encode(bytes),
  ];
}

/** Every secret form of a caller: the texts as configured and the raw keys re-encoded. */
export function secretForms(caller: TestCaller): string[] {
  const { secret, tradingSecret } = caller.entry;
  const seed = parseEd25519Secret(secret).slice(0, 32);
  return [
    caller.token,
    caller.token.replace(/^svcgw_/, ''),
    secret,
    secret.replace(/^ed25519:/, ''),
    tradingSecret,
    ...encodings(seed),
    ...encodings(parseTradingSecret(tradingSecret)),
  ];
}

/** Every WINDOW-character piece of the given secrets. */
export function secretPieces(secrets: readonly string[]): Set<string> {
  const pieces = new Set<string>();
  for (const secret of secrets) {
    for (let i = 0; i + WINDOW <= secret.length; i++) pieces.add(secret.slice(i, i + WINDOW));
  }
  return pieces;
}

/** The texts (shortened around the hit) that contain a piece. */
export function findLeaks(texts: Iterable<string>, pieces: ReadonlySet<string>): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (let i = 0; i + WINDOW <= text.length; i++) {
      if (pieces.has(text.slice(i, i + WINDOW))) {
        found.push(text.slice(Math.max(0, i - 60), i + WINDOW + 60));
        break;
      }
    }
  }
  return found;
}

/** Keys the logger once blanked by a substring match (issue 14): never secrets. */
const NOT_SECRET_KEYS = /^(maxTokens|tokenCount|signatureValid|privateMode|\w*Hash)$/;

/** Log lines where a key that holds no secret was redacted anyway. */
export function falseRedactions(lines: readonly string[]): string[] {
  const found: string[] = [];
  const walk = (value: unknown, line: string): void => {
    if (!value || typeof value !== 'object') return;
    for (const [key, v] of Object.entries(value)) {
      if (v === REDACTED && NOT_SECRET_KEYS.test(key))
        found.push(`false redaction of ${key}: ${line}`);
      else walk(v, line);
    }
  };
  for (const line of lines) walk(JSON.parse(line), line);
  return found;
}

export async function startSecurityStack(
  name: string,
  options: { env?: Record<string, string>; sandboxLimits?: false } = {},
): Promise<SecurityStack> {
  const sandboxLog: string[] = [];
  const sandbox = await createSandbox({
    log: (line) => sandboxLog.push(line),
    ...(options.sandboxLimits === false ? { limits: false as const } : {}),
  });
  const callers = {
    trader: makeCaller('trader-a', 'trader'),
    otherTrader: makeCaller('trader-b', 'trader'),
    admin: makeCaller('broker-admin', 'broker_admin'),
  };
  registerCallers(sandbox, Object.values(callers));
  const prefix = uniquePrefix(`security-${name}`);
  const gw = await startGateway({
    prefix,
    upstreamUrl: sandbox.url,
    keystore: { principals: Object.values(callers).map((c) => c.entry) },
    ...(options.env ? { env: options.env } : {}),
  });
  const recorded: string[] = [];

  const send: SecurityStack['send'] = async (caller, body, headers = {}) => {
    const token = caller === 'anonymous' ? undefined : callers[caller].token;
    const response = await gw.post(body, { ...(token ? { token } : {}), headers });
    const text = await response.text();
    recorded.push(`${response.status} ${JSON.stringify([...response.headers.entries()])}\n${text}`);
    let parsed: GraphQLBody | undefined;
    try {
      parsed = JSON.parse(text) as GraphQLBody;
    } catch {
      parsed = undefined;
    }
    return { status: response.status, text, body: parsed };
  };

  return {
    sandbox,
    gw,
    prefix,
    callers,
    accountOf: (caller) => (caller === 'anonymous' ? undefined : callers[caller].entry.accountId),
    send,
    gql: (caller, query, variables) =>
      send(caller, variables === undefined ? { query } : { query, variables }),
    upstreamCalls: () => sandbox.requestCount(),
    async leaks() {
      const metrics = await fetch(`${gw.adminOrigin}/metrics`);
      const metricsText = await metrics.text();
      if (!metricsText.includes('svc_graphql')) throw new Error('no gateway metrics recorded');
      // The capture must hold the request lines (debug level: upstream lines too).
      if (recorded.length > 0 && !gw.logs.some((line) => line.includes('"msg":"request"'))) {
        throw new Error('no gateway log lines recorded');
      }
      const pieces = secretPieces(Object.values(callers).flatMap((c) => secretForms(c)));
      return [
        ...findLeaks([...gw.logs, ...sandboxLog, ...recorded, metricsText], pieces),
        ...falseRedactions(gw.logs),
      ];
    },
    async close() {
      await gw.close();
      await sandbox.close();
    },
  };
}

/** Every code in a body (errors and union error members found anywhere in `data`). */
export function allCodes(body: GraphQLBody | undefined): unknown[] {
  const out: unknown[] = (body?.errors ?? []).map((e) => e.extensions?.code);
  const walk = (value: unknown) => {
    if (Array.isArray(value)) value.forEach(walk);
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>;
      if (typeof record.__typename === 'string' && 'code' in record) out.push(record.code);
      Object.values(record).forEach(walk);
    }
  };
  walk(body?.data);
  return out;
}
