/** The account's open orders, every symbol, each with Edit (price, quantity) and Cancel. */
import { useMutation } from '@urql/preact';
import { useState } from 'preact/hooks';
import { CancelOrderDocument, EditOrderDocument } from '../../../operations/generated/graphql.ts';
import { clock, fixed } from '../lib/format.ts';
import { issuesOf } from '../lib/issues.ts';
import { fromOrder, type OpenOrder } from '../lib/orders.ts';
import type { Issue } from '../lib/rules.ts';
import { IssueList } from './issue-list.tsx';

interface Props {
  orders: readonly OpenOrder[];
  onOrder(order: OpenOrder): void;
  /** The price tick of a symbol. */
  tickOf(symbol: string): number;
}

function EditCells({
  order,
  onDone,
  onOrder,
}: {
  order: OpenOrder;
  onDone(): void;
  onOrder(o: OpenOrder): void;
}) {
  const [price, setPrice] = useState(String(order.price ?? ''));
  const [quantity, setQuantity] = useState(String(order.quantity ?? ''));
  const [issues, setIssues] = useState<Issue[]>([]);
  const [{ fetching }, edit] = useMutation(EditOrderDocument);
  async function save() {
    const input = {
      orderId: order.orderId,
      symbol: order.symbol,
      side: order.side,
      orderType: order.type,
      orderPrice: Number(price),
      orderQuantity: Number(quantity),
    };
    const result = await edit({ input });
    const answer = result.data?.editOrder;
    const found = issuesOf(result.error, answer);
    setIssues(found);
    if (answer?.__typename === 'EditOrderSuccess') {
      if (answer.order) onOrder(fromOrder(answer.order));
      onDone();
    }
  }
  return (
    <td colSpan={4} class="editing">
      <input
        aria-label="New price"
        value={price}
        onInput={(e) => setPrice(e.currentTarget.value)}
      />
      <input
        aria-label="New quantity"
        value={quantity}
        onInput={(e) => setQuantity(e.currentTarget.value)}
      />
      <button type="button" disabled={fetching} onClick={save}>
        Save
      </button>
      <button type="button" onClick={onDone}>
        Back
      </button>
      <IssueList issues={issues} kind="error" />
    </td>
  );
}

function OrderRow({
  order,
  onOrder,
  tick,
}: {
  order: OpenOrder;
  onOrder(o: OpenOrder): void;
  tick: number;
}) {
  const [editing, setEditing] = useState(false);
  const [issues, setIssues] = useState<Issue[]>([]);
  const [{ fetching }, cancel] = useMutation(CancelOrderDocument);
  async function cancelOrder() {
    const result = await cancel({ input: { symbol: order.symbol, orderId: order.orderId } });
    const answer = result.data?.cancelOrder;
    setIssues(issuesOf(result.error, answer));
    if (answer?.__typename === 'CancelOrderSuccess' && answer.order)
      onOrder(fromOrder(answer.order));
  }
  return (
    <tr
      data-order-id={order.orderId}
      data-client-order-id={order.clientOrderId ?? ''}
      class={order.side === 'BUY' ? 'bid' : 'ask'}
    >
      <td class="muted">{clock(order.updatedAt)}</td>
      <td>{order.symbol}</td>
      <td class="side">{order.side}</td>
      {editing ? (
        <EditCells order={order} onOrder={onOrder} onDone={() => setEditing(false)} />
      ) : (
        <>
          <td class="price">{order.price === null ? 'market' : fixed(order.price, tick)}</td>
          <td class="num">
            {order.executedQuantity}/{order.quantity ?? '—'}
          </td>
          <td>{order.status}</td>
          <td class="actions">
            <button type="button" onClick={() => setEditing(true)}>
              Edit
            </button>
            <button type="button" disabled={fetching} onClick={cancelOrder}>
              Cancel
            </button>
            <IssueList issues={issues} kind="error" />
          </td>
        </>
      )}
    </tr>
  );
}

export function OpenOrders({ orders, onOrder, tickOf }: Props) {
  return (
    <section class="panel orders">
      <h2>Open orders ({orders.length})</h2>
      <table data-testid="open-orders">
        <thead>
          <tr>
            <th>Time</th>
            <th>Symbol</th>
            <th>Side</th>
            <th>Price</th>
            <th>Filled/Qty</th>
            <th>Status</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {orders.map((order) => (
            <OrderRow
              key={order.orderId}
              order={order}
              onOrder={onOrder}
              tick={tickOf(order.symbol)}
            />
          ))}
        </tbody>
      </table>
    </section>
  );
}
