/** The top bar: symbol selector, live mark, index, funding rate and countdown, connection. */

import { countdown, fixed, percent } from '../lib/format.ts';
import type { MarketRules } from '../lib/rules.ts';
import type { LinkStatus } from '../link.ts';

interface Props {
  symbols: string[];
  symbol: string;
  onSymbol(symbol: string): void;
  market: MarketRules | undefined;
  mark: number | undefined;
  now: number;
  link: LinkStatus;
}

const LINK_TEXT: Record<LinkStatus, string> = {
  connecting: 'connecting…',
  live: 'live',
  reconnecting: 'reconnecting…',
};

export function MarketBar({ symbols, symbol, onSymbol, market, mark, now, link }: Props) {
  const tick = market?.quoteTick ?? 0.01;
  return (
    <header class="bar">
      <h1>svc</h1>
      <select aria-label="Symbol" value={symbol} onChange={(e) => onSymbol(e.currentTarget.value)}>
        {(symbols.length ? symbols : [symbol]).map((s) => (
          <option key={s} value={s}>
            {s}
          </option>
        ))}
      </select>
      <div class="stat">
        <span>Mark</span>
        <b data-testid="mark">{mark === undefined ? '—' : fixed(mark, tick)}</b>
      </div>
      <div class="stat">
        <span>Index</span>
        <b>{market ? fixed(market.indexPrice, tick) : '—'}</b>
      </div>
      <div class="stat">
        <span>Funding (est.) / countdown</span>
        <b data-testid="funding">
          {market
            ? `${percent(market.estFundingRate)} in ${countdown(market.nextFundingTime, now)}`
            : '—'}
        </b>
      </div>
      <div class={`link ${link}`} data-testid="link" title="graphql-ws connection">
        {LINK_TEXT[link]}
      </div>
    </header>
  );
}
