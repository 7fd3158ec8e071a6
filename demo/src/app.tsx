/**
 * The screen: one symbol at a time (its book, trades, mark, funding and order ticket), and the
 * account across symbols (positions, open and algo orders, balances). Every panel is fed by a
 * subscription after its first read; nothing polls.
 */
import { useState } from 'preact/hooks';
import { useMarket, useMarks, useSymbols } from './hooks/use-market.ts';
import { useNow } from './hooks/use-now.ts';
import { useOrders } from './hooks/use-orders.ts';
import { useAlgoOrders, useBalances, usePositions } from './hooks/use-portfolio.ts';
import { useLink } from './link.ts';
import { AlgoOrders } from './panels/algo-orders.tsx';
import { Balances } from './panels/balances.tsx';
import { MarketBar } from './panels/market-bar.tsx';
import { OpenOrders } from './panels/open-orders.tsx';
import { OrderBook } from './panels/order-book.tsx';
import { OrderForm } from './panels/order-form.tsx';
import { Positions } from './panels/positions.tsx';
import { Trades } from './panels/trades.tsx';

const DEFAULT_SYMBOL = 'PERP_ETH_USDC';

/** The symbol in the address (`/demo#PERP_BTC_USDC`), so a reload keeps it. */
function useSymbolInUrl(): [string, (symbol: string) => void] {
  const [symbol, setSymbol] = useState(
    () => decodeURIComponent(window.location.hash.slice(1)) || DEFAULT_SYMBOL,
  );
  const choose = (next: string) => {
    window.location.hash = next;
    setSymbol(next);
  };
  return [symbol, choose];
}

export function App() {
  const [symbol, choose] = useSymbolInUrl();
  const now = useNow();
  const link = useLink();
  const symbols = useSymbols();
  const { market, trades } = useMarket(symbol, now);
  const marks = useMarks();
  const orders = useOrders();
  const positions = usePositions();
  const balances = useBalances(orders.events);
  const algo = useAlgoOrders();
  const mark = marks.get(symbol) ?? market?.markPrice;
  const tickOf = (s: string) => symbols.get(s)?.quoteTick ?? 0.01;
  const tick = market?.quoteTick ?? tickOf(symbol);
  const step = market?.baseTick ?? symbols.get(symbol)?.baseTick ?? 0.001;
  return (
    <div class="screen">
      <MarketBar
        symbols={[...symbols.keys()]}
        symbol={symbol}
        onSymbol={choose}
        market={market}
        mark={mark}
        now={now}
        link={link.status}
      />
      <main class="grid">
        <OrderBook
          key={`book-${symbol}`}
          symbol={symbol}
          tick={tick}
          step={step}
          mark={mark}
          orders={orders.open}
        />
        <Trades
          key={`trades-${symbol}`}
          symbol={symbol}
          tick={tick}
          step={step}
          initial={trades}
          fills={orders.fills}
        />
        <OrderForm
          key={`form-${symbol}`}
          symbol={symbol}
          rules={market}
          mark={mark}
          onOrder={orders.apply}
        />
        <Positions positions={positions} marks={marks} algoOrders={algo.rows} tickOf={tickOf} />
        <OpenOrders orders={orders.open} onOrder={orders.apply} tickOf={tickOf} />
        <AlgoOrders orders={algo.rows} onGone={(o) => algo.apply([o])} />
        <Balances balances={balances} />
      </main>
    </div>
  );
}
