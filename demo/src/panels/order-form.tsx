/**
 * The order ticket. Its limits come from the gateway (`Query.market`: ticks, bounds, minimum
 * notional, the price band around the live mark; the account's maximum quantity once the
 * schema has it: hooks/use-max-quantity.ts). Broken limits warn as you type; the gateway's
 * refusal (`BAD_USER_INPUT` with `field` and `rule`, or the result's error member) is shown
 * as it answered.
 */
import { useMutation } from '@urql/preact';
import { useState } from 'preact/hooks';
import { PlaceOrderDocument, type Side } from '../../../operations/generated/graphql.ts';
import { useMaxOrderQuantity } from '../hooks/use-max-quantity.ts';
import { fixed } from '../lib/format.ts';
import { issuesOf } from '../lib/issues.ts';
import { fromOrder, type OpenOrder } from '../lib/orders.ts';
import { checkOrder, type Issue, type MarketRules, priceBand } from '../lib/rules.ts';
import { IssueList } from './issue-list.tsx';

type Kind = 'LIMIT' | 'MARKET';

interface Props {
  symbol: string;
  rules: MarketRules | undefined;
  mark: number | undefined;
  onOrder(order: OpenOrder): void;
}

/** Sent with every order, so a retried request replays instead of placing a second one. */
const newClientOrderId = () =>
  `screen-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

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

export function OrderForm({ symbol, rules, mark, onOrder }: Props) {
  const [side, setSide] = useState<Side>('BUY');
  const [kind, setKind] = useState<Kind>('LIMIT');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [refused, setRefused] = useState<Issue[]>([]);
  const [notice, setNotice] = useState('');
  const [{ fetching }, place] = useMutation(PlaceOrderDocument);
  const maxQuantity =
    useMaxOrderQuantity(symbol, side) ?? rules?.baseMax ?? Number.POSITIVE_INFINITY;
  const draft = {
    side,
    price: kind === 'LIMIT' ? numberOf(price) : undefined,
    quantity: numberOf(quantity),
  };
  const complete = !Number.isNaN(draft.quantity) && !Number.isNaN(draft.price ?? 0);
  const warnings =
    rules && mark !== undefined && complete ? checkOrder(rules, mark, draft, maxQuantity) : [];

  async function submit(event: Event) {
    event.preventDefault();
    setNotice('');
    const input = {
      symbol,
      side,
      orderType: kind,
      orderQuantity: draft.quantity,
      ...(kind === 'LIMIT' ? { orderPrice: draft.price } : {}),
      clientOrderId: newClientOrderId(),
    };
    const result = await place({ input });
    const answer = result.data?.placeOrder;
    setRefused(issuesOf(result.error, answer));
    if (answer?.__typename !== 'PlaceOrderSuccess') return;
    if (answer.order) onOrder(fromOrder(answer.order));
    setNotice(
      `Placed ${side} ${quantity} ${kind === 'LIMIT' ? `@ ${price}` : 'at market'} (#${answer.receipt.orderId})`,
    );
  }

  return (
    <form class="panel ticket" data-testid="order-form" onSubmit={submit}>
      <h2>Order</h2>
      <div class="sides">
        {(['BUY', 'SELL'] as const).map((s) => (
          <button
            key={s}
            type="button"
            class={`side ${s.toLowerCase()}${side === s ? ' on' : ''}`}
            aria-pressed={side === s}
            onClick={() => setSide(s)}
          >
            {s === 'BUY' ? 'Buy / long' : 'Sell / short'}
          </button>
        ))}
      </div>
      <label>
        Type
        <select value={kind} onChange={(e) => setKind(e.currentTarget.value as Kind)}>
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
            onInput={(e) => setPrice(e.currentTarget.value)}
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
          onInput={(e) => setQuantity(e.currentTarget.value)}
        />
      </label>
      {rules && <Limits rules={rules} mark={mark} side={side} maxQuantity={maxQuantity} />}
      <IssueList issues={warnings} kind="warning" />
      <button type="submit" class={`submit ${side.toLowerCase()}`} disabled={fetching || !complete}>
        {fetching ? 'Sending…' : `${side === 'BUY' ? 'Buy' : 'Sell'} ${symbol}`}
      </button>
      <IssueList issues={refused} kind="error" />
      {notice && (
        <p class="notice" data-testid="notice">
          {notice}
        </p>
      )}
    </form>
  );
}
