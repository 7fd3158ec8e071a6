/** The symbol's latest trades (the query's, then `marketTrades` live) and the account's fills. */
import { useSubscription } from '@urql/preact';
import {
  MarketTradeUpdatesDocument,
  type MarketTradeUpdatesSubscription,
  type ScreenMarketQuery,
} from '../../../operations/generated/graphql.ts';
import { clock, fixed } from '../lib/format.ts';
import type { Fill } from '../lib/orders.ts';

type Trade = ScreenMarketQuery['marketTrades'][number];

const SHOWN = 20;

const collect = (shown: Trade[] = [], data: MarketTradeUpdatesSubscription) =>
  [data.marketTrades, ...shown].slice(0, SHOWN);

interface Props {
  symbol: string;
  tick: number;
  step: number;
  /** The query's trades, newest first, from before the subscription started. */
  initial: readonly Trade[];
  fills: readonly Fill[];
}

export function Trades({ symbol, tick, step, initial, fills }: Props) {
  const [{ data: live }] = useSubscription(
    { query: MarketTradeUpdatesDocument, variables: { symbol } },
    collect,
  );
  const trades = [...(live ?? []), ...initial].slice(0, SHOWN);
  return (
    <section class="panel trades">
      <h2>Recent trades</h2>
      <table data-testid="trades">
        <tbody>
          {trades.map((t, i) => (
            // Trades carry no id: their place in the list is their key.
            <tr key={i} class={t.side === 'BUY' ? 'bid' : 'ask'}>
              <td class="price">{fixed(t.price, tick)}</td>
              <td class="num">{fixed(t.quantity, step)}</td>
              <td class="muted">{clock(t.timestamp)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>My fills</h2>
      <table data-testid="fills">
        <tbody>
          {fills.length === 0 && (
            <tr>
              <td class="muted">none yet</td>
            </tr>
          )}
          {fills.map((f) => (
            <tr key={f.tradeId} class={f.side === 'BUY' ? 'bid' : 'ask'}>
              <td class="side">{f.side}</td>
              <td class="num">{f.quantity}</td>
              <td class="price">@ {f.price}</td>
              <td class="muted">{f.symbol}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
