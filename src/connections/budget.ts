/**
 * Connections as a budgeted resource: open public connections (`http`, one per TCP socket),
 * graphql-ws connections (`ws`) and SSE streams (`sse`), counted per client IP and per
 * principal, each under its cap. A connection takes a lease when it opens and gives it back
 * once, when it closes (`release` is idempotent); counts that fall to zero leave their map,
 * so the maps hold only the IPs and principals that have something open.
 *
 * Headroom: every connection is a file descriptor. Node refuses TCP connections beyond `max`
 * (its `maxConnections`, derived from the process's fd limit), and the long-lived kinds
 * (graphql-ws and SSE together) stop short of it, so short requests such as `/health` still
 * get in when every stream slot is taken; the per-IP caps are far below either.
 */
import type { Registry } from 'prom-client';
import { BudgetLease, type Lease } from './lease.ts';
import {
  CONNECTION_KINDS,
  type ConnectionKind,
  type ConnectionMetrics,
  createConnectionMetrics,
  type RefusalReason,
} from './metrics.ts';
import { add, Tally } from './tally.ts';

export interface ConnectionBudgetOptions {
  /** Open public TCP connections at most (the server's `maxConnections`). */
  max: number;
  /** Open TCP connections per client IP; 0: not counted per IP (behind a proxy). */
  httpPerIp: number;
  ws: { perIp: number; perPrincipal: number };
  sse: { perIp: number; perPrincipal: number };
  /** Gauges and refusal counters registered here. @default no metrics */
  registry?: Registry;
}

/** Long-lived streams may take all but this many of `max` (at least 64, or a tenth). */
export const streamHeadroom = (max: number): number => Math.max(64, Math.ceil(max / 10));

export class ConnectionBudget {
  readonly max: number;
  /** graphql-ws connections and SSE streams together, at most. */
  readonly streamsMax: number;
  private readonly tallies = new Map<ConnectionKind, Tally>(
    CONNECTION_KINDS.map((kind) => [kind, new Tally()]),
  );
  private readonly metrics: ConnectionMetrics | undefined;

  constructor(private readonly options: ConnectionBudgetOptions) {
    this.max = options.max;
    this.streamsMax = Math.max(1, options.max - streamHeadroom(options.max));
    this.metrics = options.registry
      ? createConnectionMetrics(options.registry, (kind) => this.open(kind))
      : undefined;
  }

  /** Open connections of `kind`. */
  open(kind: ConnectionKind): number {
    return this.tally(kind).open;
  }

  /** Distinct IPs and principals `kind` holds entries for (bounded by what is open). */
  keys(kind: ConnectionKind): { ips: number; principals: number } {
    const t = this.tally(kind);
    return { ips: t.byIp.size, principals: t.byPrincipal.size };
  }

  /** Counts a refusal decided elsewhere (Node's `maxConnections`). */
  refused(kind: ConnectionKind, reason: RefusalReason): void {
    this.metrics?.refused(kind, reason);
  }

  /** Counts a graphql-ws connection closed for idling. */
  idleClosed(): void {
    this.metrics?.idleClosed();
  }

  /** A lease for one connection of `kind` from `ip` (and `principal`), or why not. */
  acquire(kind: ConnectionKind, ip: string, principal?: string): Lease | RefusalReason {
    const t = this.tally(kind);
    const streams = kind === 'http' ? 0 : this.open('ws') + this.open('sse');
    const perIp = kind === 'http' ? this.options.httpPerIp : this.options[kind].perIp;
    let reason: RefusalReason | undefined;
    if (kind !== 'http' && streams >= this.streamsMax) reason = 'global';
    else if (perIp > 0 && (t.byIp.get(ip) ?? 0) >= perIp) reason = 'per_ip';
    else if (principal !== undefined && !this.fits(kind, principal)) reason = 'per_principal';
    if (reason) {
      this.refused(kind, reason);
      return reason;
    }
    t.open += 1;
    if (perIp > 0) add(t.byIp, ip, 1);
    const lease = new BudgetLease(this, kind, perIp > 0 ? ip : undefined);
    if (principal !== undefined) lease.bindPrincipal(principal);
    return lease;
  }

  private fits(kind: ConnectionKind, principal: string): boolean {
    if (kind === 'http') return true;
    return (this.tally(kind).byPrincipal.get(principal) ?? 0) < this.options[kind].perPrincipal;
  }

  /** @internal BudgetLease's bookkeeping. */
  charge(kind: ConnectionKind, principal: string): boolean {
    if (!this.fits(kind, principal)) {
      this.refused(kind, 'per_principal');
      return false;
    }
    add(this.tally(kind).byPrincipal, principal, 1);
    return true;
  }

  /** @internal BudgetLease's bookkeeping. */
  free(kind: ConnectionKind, ip: string | undefined, principal: string | undefined): void {
    const t = this.tally(kind);
    t.open -= 1;
    if (ip !== undefined) add(t.byIp, ip, -1);
    if (principal !== undefined) add(t.byPrincipal, principal, -1);
  }

  private tally(kind: ConnectionKind): Tally {
    return this.tallies.get(kind)!;
  }
}
