/**
 * The order ticket's state: what is typed, the warnings the market's rules give for it
 * (lib/rules.ts), and the placement with the gateway's answer (a notice, or its refusal).
 */
import { useMutation } from '@urql/preact';
import { useState } from 'preact/hooks';
import { PlaceOrderDocument, type Side } from '../../../operations/generated/graphql.ts';
import { issuesOf } from '../lib/issues.ts';
import { fromOrder, type OpenOrder } from '../lib/orders.ts';
import { checkOrder, type Issue, type MarketRules } from '../lib/rules.ts';
import { useMaxOrderQuantity } from './use-max-quantity.ts';

export type Kind = 'LIMIT' | 'MARKET';

/** Sent with every order, so a retried request replays instead of placing a second one. */
const newClientOrderId = () =>
  `screen-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

export function useOrderTicket(
  symbol: string,
  rules: MarketRules | undefined,
  mark: number | undefined,
  onOrder: (order: OpenOrder) => void,
) {
  const [side, setSide] = useState<Side>('BUY');
  const [kind, setKind] = useState<Kind>('LIMIT');
  const [price, setPrice] = useState('');
  const [quantity, setQuantity] = useState('');
  const [refused, setRefused] = useState<Issue[]>([]);
  const [notice, setNotice] = useState('');
  const [{ fetching }, place] = useMutation(PlaceOrderDocument);
  const maxQuantity =
    useMaxOrderQuantity(symbol, side) ?? rules?.baseMax ?? Number.POSITIVE_INFINITY;
  const limit = kind === 'LIMIT';
  const draft = { side, price: limit ? numberOf(price) : undefined, quantity: numberOf(quantity) };
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
      ...(limit ? { orderPrice: draft.price } : {}),
      clientOrderId: newClientOrderId(),
    };
    const result = await place({ input });
    const answer = result.data?.placeOrder;
    setRefused(issuesOf(result.error, answer));
    if (answer?.__typename !== 'PlaceOrderSuccess') return;
    if (answer.order) onOrder(fromOrder(answer.order));
    const at = limit ? `@ ${price}` : 'at market';
    setNotice(`Placed ${side} ${quantity} ${at} (#${answer.receipt.orderId})`);
  }

  return {
    ...{ side, setSide, kind, setKind, price, setPrice, quantity, setQuantity },
    ...{ maxQuantity, warnings, refused, notice, complete, fetching, submit },
  };
}
