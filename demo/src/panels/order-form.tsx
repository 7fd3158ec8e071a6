/**
 * The order ticket. Its limits come from the gateway (`Query.market`: ticks, bounds, minimum
 * notional, the price band around the live mark; the account's maximum quantity once the
 * schema has it: hooks/use-max-quantity.ts). Broken limits warn as you type; the gateway's
 * refusal (`BAD_USER_INPUT` with `field` and `rule`, or the result's error member) is shown
 * as it answered.
 */
import type { Side } from '../../../operations/generated/graphql.ts';
import { type Kind, useOrderTicket } from '../hooks/use-order-ticket.ts';
import { fixed } from '../lib/format.ts';
import type { OpenOrder } from '../lib/orders.ts';
import { type MarketRules, priceBand } from '../lib/rules.ts';
import { IssueList } from './issue-list.tsx';

interface Props {
  symbol: string;
  rules: MarketRules | undefined;
  mark: number | undefined;
  onOrder(order: OpenOrder): void;
}

function Limits({
  rules,
  mark,
  side,
  maxQuantity,
}: {
  rules: MarketRules;
  mark: number | undefined;
  side: Side;
  maxQuantity: number;
}) {
  const band = mark === undefined ? undefined : priceBand(rules, mark, side);
  const { quoteTick: tick } = rules;
  return (
    <p class="limits muted" data-testid="limits">
      tick {rules.quoteTick} · step {rules.baseTick} · qty {rules.baseMin}–{maxQuantity} · min
      notional {rules.minNotional}
      {band && ` · ${side} band ${fixed(band.min, tick)}–${fixed(band.max, tick)}`}
    </p>
  );
}

function SidePicker({ side, onSide }: { side: Side; onSide(side: Side): void }) {
  return (
    <div class="sides">
      {(['BUY', 'SELL'] as const).map((s) => (
        <button
          key={s}
          type="button"
          class={`side ${s.toLowerCase()}${side === s ? ' on' : ''}`}
          aria-pressed={side === s}
          onClick={() => onSide(s)}
        >
          {s === 'BUY' ? 'Buy / long' : 'Sell / short'}
        </button>
      ))}
    </div>
  );
}

export function OrderForm({ symbol, rules, mark, onOrder }: Props) {
  const t = useOrderTicket(symbol, rules, mark, onOrder);
  const { side, kind, price, quantity } = t;
  return (
    <form class="panel ticket" data-testid="order-form" onSubmit={t.submit}>
      <h2>Order</h2>
      <SidePicker side={side} onSide={t.setSide} />
      <label>
        Type
        <select value={kind} onChange={(e) => t.setKind(e.currentTarget.value as Kind)}>
          <option value="LIMIT">Limit</option>
          <option value="MARKET">Market</option>
        </select>
      </label>
      {kind === 'LIMIT' && (
        <label>
          Price
          <input
            name="price"
            inputMode="decimal"
            autocomplete="off"
            value={price}
            onInput={(e) => t.setPrice(e.currentTarget.value)}
            placeholder={mark === undefined ? '' : String(mark)}
          />
        </label>
      )}
      <label>
        Quantity
        <input
          name="quantity"
          inputMode="decimal"
          autocomplete="off"
          value={quantity}
          onInput={(e) => t.setQuantity(e.currentTarget.value)}
        />
      </label>
      {rules && <Limits rules={rules} mark={mark} side={side} maxQuantity={t.maxQuantity} />}
      <IssueList issues={t.warnings} kind="warning" />
      <button
        type="submit"
        class={`submit ${side.toLowerCase()}`}
        disabled={t.fetching || !t.complete}
      >
        {t.fetching ? 'Sending…' : `${side === 'BUY' ? 'Buy' : 'Sell'} ${symbol}`}
      </button>
      <IssueList issues={t.refused} kind="error" />
      {t.notice && (
        <p class="notice" data-testid="notice">
          {t.notice}
        </p>
      )}
    </form>
  );
}
