/**
 * Trading screen metrics on the gateway's registry: the screens computed on this replica (one
 * per account, symbol and depth with subscribers), their subscribers, and what they did
 * (frames computed, each shared by every subscriber of its screen; emissions held for the
 * book and the orders to agree; first states read). Read at scrape time.
 */
import { Counter, Gauge, type Registry } from 'prom-client';
import type { TradingScreens } from '../screen/trading-screens.ts';

const EVENTS = ['frames', 'held', 'loads'] as const;

export function registerScreenMetrics(registry: Registry, screens: TradingScreens): void {
  const flushed = { frames: 0, held: 0, loads: 0 };
  new Gauge({
    name: 'svc_graphql_trading_screens',
    help: 'tradingScreen computations on this replica (one per account, symbol and depth), and their subscribers',
    labelNames: ['kind'],
    registers: [registry],
    collect() {
      const stats = screens.stats();
      this.set({ kind: 'screens' }, stats.screens);
      this.set({ kind: 'subscribers' }, stats.subscribers);
    },
  });
  const events: Counter<'event'> = new Counter({
    name: 'svc_graphql_trading_screen_events_total',
    help: 'Trading screens: frames (computed once, sent to every subscriber of the screen), held (an emission waited for the book and the orders to agree), loads (first states read by REST)',
    labelNames: ['event'],
    registers: [registry],
    collect() {
      for (const event of EVENTS) {
        const delta = screens.totals[event] - flushed[event];
        if (delta > 0) events.inc({ event }, delta);
        flushed[event] = screens.totals[event];
      }
    },
  });
}
