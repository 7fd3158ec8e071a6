/**
 * Stream control endpoints on the sandbox's port (no authentication, like every
 * `/sandbox/…` endpoint): maintenance status, wallet events, stream connections.
 *
 *   POST /sandbox/maintenance                     {"status": 0|2, "startTime"?, "endTime"?}
 *   POST /sandbox/accounts/{account_id}/wallet-events {side, token, amount, status}
 *   GET  /sandbox/connections                     {"public": n, "private": {account_id: n}}
 *   POST /sandbox/connections/drop                {"refuse"?: true} → {"dropped": n}
 *   POST /sandbox/connections/accept              ends a `refuse`
 */

import {
  WALLET_SIDES,
  WALLET_STATUSES,
  type WalletSide,
  type WalletStatus,
} from '../../contract/constants.ts';
import { NOT_FOUND } from '../../contract/errors.ts';
import { ApiError, invalid } from '../errors.ts';
import {
  errorResponse,
  type SandboxRequest,
  type SandboxResponse,
  successResponse,
} from '../http.ts';
import type { SandboxState } from '../state.ts';
import type { MaintenanceStatus, StreamServer } from './server.ts';

const WALLET_PATH = /^\/sandbox\/accounts\/([^/]{1,128})\/wallet-events$/;
const TOKEN = /^[A-Z0-9]{1,16}$/;

type Body = Record<string, unknown>;

function maintenance(stream: StreamServer, body: Body): MaintenanceStatus {
  const status = body.status;
  if (status !== 0 && status !== 2)
    throw invalid('status', 'must be 0 (normal) or 2 (maintenance)');
  const next: MaintenanceStatus = { status };
  for (const field of ['startTime', 'endTime'] as const) {
    const value = body[field];
    if (value === undefined) continue;
    if (!Number.isSafeInteger(value) || (value as number) < 0) {
      throw invalid(field, 'must be milliseconds since the epoch');
    }
    next[field] = value as number;
  }
  stream.setMaintenance(next);
  return next;
}

function walletEvent(stream: StreamServer, state: SandboxState, id: string, body: Body) {
  const account = state.account(id);
  if (!account) throw new ApiError(NOT_FOUND, `account_id: unknown account ${id}`, 404);
  const side = body.side;
  if (!WALLET_SIDES.includes(side as never))
    throw invalid('side', `must be one of ${WALLET_SIDES.join(', ')}`);
  const token = body.token ?? 'USDC';
  if (typeof token !== 'string' || !TOKEN.test(token))
    throw invalid('token', 'must be a token name such as USDC');
  const amount = typeof body.amount === 'string' ? Number(body.amount) : body.amount;
  if (typeof amount !== 'number' || !Number.isFinite(amount) || amount <= 0) {
    throw invalid('amount', 'must be a positive number');
  }
  const status = body.status;
  if (!WALLET_STATUSES.includes(status as never)) {
    throw invalid('status', `must be one of ${WALLET_STATUSES.join(', ')}`);
  }
  return stream.walletEvent(account, {
    side: side as WalletSide,
    token,
    amount,
    status: status as WalletStatus,
  });
}

/** Answers the stream control endpoints; undefined for any other path. */
export function streamControl(
  stream: StreamServer,
  state: SandboxState,
  clock: () => number,
): (req: SandboxRequest) => SandboxResponse | undefined {
  const routes: Record<string, (body: Body, req: SandboxRequest) => unknown> = {
    'POST /sandbox/maintenance': (body) => maintenance(stream, body),
    'GET /sandbox/connections': () => stream.counts(),
    'POST /sandbox/connections/drop': (body) => ({ dropped: stream.drop(body.refuse === true) }),
    'POST /sandbox/connections/accept': () => {
      stream.accept();
      return undefined;
    },
  };
  return (req) => {
    const key = `${req.method} ${req.path}`;
    const walletMatch = req.method === 'POST' ? WALLET_PATH.exec(req.path) : null;
    const route = routes[key];
    if (!route && !walletMatch) return undefined;
    const now = clock();
    try {
      const body = parseBody(req);
      const data = walletMatch
        ? walletEvent(stream, state, decodeSegment(walletMatch[1]!), body)
        : route!(body, req);
      return successResponse(now, data);
    } catch (error) {
      if (error instanceof ApiError) return errorResponse(now, error);
      throw error;
    }
  };
}

function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw invalid('account_id', 'not a valid URL-encoded path segment');
  }
}

function parseBody(req: SandboxRequest): Body {
  const text = req.body.toString('utf8').trim();
  if (text === '') return {};
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalid('body', 'is not valid JSON');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) {
    throw invalid('body', 'must be a JSON object');
  }
  return body as Body;
}
