/**
 * The live book, 10 levels a side (`orderBook(symbol, depth: 10)` over graphql-ws: the current
 * book first, then at most 10 frames a second). Levels holding one of the account's open
 * orders are marked.
 */
import { useSubscription } from '@urql/preact';
import { useEffect, useMemo } from 'preact/hooks';
import { OrderBookUpdatesDocument } from '../../../operations/generated/graphql.ts';
import { fixed } from '../lib/format.ts';
import type { OpenOrder } from '../lib/orders.ts';

interface Props {
  symbol: string;
  tick: number;
  step: number;
  mark: number | undefined;
  /** The account's open orders (every symbol): their levels are marked. */
  orders: readonly OpenOrder[];
}

interface Level {
  price: number;
  quantity: number;
}

/** Marked once per page, for the browser test's first-frame figure. */
const FIRST_FRAME = 'svc:book-first-frame';

function Side({
  levels,
  side,
  tick,
  step,
  own,
  max,
}: {
  levels: Level[];
  side: 'ask' | 'bid';
  tick: number;
  step: number;
  own: ReadonlySet<string>;
  max: number;
}) {
  return (
    <>
      {levels.map((level) => {
        const price = fixed(level.price, tick);
        const width = `${Math.min(100, (level.quantity / max) * 100).toFixed(1)}%`;
        return (
          <tr key={price} class={`${side}${own.has(price) ? ' mine' : ''}`} data-price={price}>
            <td class="price">{price}</td>
            <td class="num">{fixed(level.quantity, step)}</td>
            <td class="depth">
              <i style={{ width }} />
            </td>
          </tr>
        );
      })}
    </>
  );
}

export function OrderBook({ symbol, tick, step, mark, orders }: Props) {
  const own = useMemo(
    () =>
      new Set(
        orders.flatMap((o) =>
          o.symbol === symbol && o.price !== null ? [fixed(o.price, tick)] : [],
        ),
      ),
    [orders, symbol, tick],
  );
  const [{ data, error }] = useSubscription({
    query: OrderBookUpdatesDocument,
    variables: { symbol, depth: 10 },
  });
  const book = data?.orderBook;
  useEffect(() => {
    if (book && performance.getEntriesByName(FIRST_FRAME).length === 0)
      performance.mark(FIRST_FRAME);
  }, [book]);
  const asks = [...(book?.asks ?? [])].reverse();
  const bids = book?.bids ?? [];
  const max = Math.max(1e-12, ...asks.map((l) => l.quantity), ...bids.map((l) => l.quantity));
  const spread =
    asks.length && bids.length ? (book?.asks[0]?.price ?? 0) - (bids[0]?.price ?? 0) : undefined;
  return (
    <section class="panel book" data-testid="book">
      <h2>Order book</h2>
      {error && <p class="muted">{error.message}</p>}
      <table>
        <tbody>
          <Side levels={asks} side="ask" tick={tick} step={step} own={own} max={max} />
          <tr class="mid">
            <td colSpan={3}>
              {mark === undefined ? '—' : fixed(mark, tick)}
              {spread !== undefined && <span class="muted"> spread {fixed(spread, tick)}</span>}
            </td>
          </tr>
          <Side levels={bids} side="bid" tick={tick} step={step} own={own} max={max} />
        </tbody>
      </table>
    </section>
  );
}
