/**
 * Who pays for an operation under the caller limits: a principal by its token's digest (never
 * the token), an anonymous caller by its client IP.
 */
import type { IncomingMessage } from 'node:http';
import { hashToken } from '../auth/principals.ts';
import type { Caller } from '../caller-limits/limiter.ts';
import { clientIp } from '../connections/client-address.ts';
import type { GatewayContext } from '../schema/types.ts';
import { tokenDigestOf } from './bearer-auth.ts';

const BEARER = /^Bearer +(\S+)$/i;

export interface LimitedContext extends GatewayContext {
  request: Request;
  /** The node request, when yoga runs as a node:http listener. */
  req?: IncomingMessage;
}

export function callerOf(context: LimitedContext, proxyHops: number): Caller {
  if (context.principal) {
    // The principal passed caller auth, so the header holds its token: key by the token's
    // digest (as the keystore does), never the token; caller auth already computed it.
    const known = tokenDigestOf(context.request);
    if (known) return { kind: 'principal', id: known };
    const token = BEARER.exec(context.request.headers.get('authorization')?.trim() ?? '')?.[1];
    if (token) return { kind: 'principal', id: hashToken(token) };
    return { kind: 'principal', id: `label:${context.principal.label}` };
  }
  return { kind: 'anonymous', ip: clientIp(context, proxyHops) };
}
