/** Working algo orders (TP/SL, stops, brackets), each with Cancel. */
import { useMutation } from '@urql/preact';
import { useState } from 'preact/hooks';
import { CancelAlgoOrderDocument } from '../../../operations/generated/graphql.ts';
import { issuesOf } from '../lib/issues.ts';
import type { Issue } from '../lib/rules.ts';
import type { AlgoOrder } from '../lib/tpsl.ts';
import { IssueList } from './issue-list.tsx';

const legs = (order: AlgoOrder) =>
  order.childOrders.length
    ? order.childOrders
        .map((leg) => `${leg.algoType === 'TAKE_PROFIT' ? 'TP' : 'SL'} ${leg.triggerPrice ?? '—'}`)
        .join(' · ')
    : `trigger ${order.triggerPrice ?? '—'}`;

function AlgoRow({ order, onGone }: { order: AlgoOrder; onGone(o: AlgoOrder): void }) {
  const [issues, setIssues] = useState<Issue[]>([]);
  const [{ fetching }, cancel] = useMutation(CancelAlgoOrderDocument);
  async function cancelOrder() {
    const input = { symbol: order.symbol, algoOrderId: String(order.algoOrderId) };
    const result = await cancel({ input });
    const answer = result.data?.cancelAlgoOrder;
    setIssues(issuesOf(result.error, answer));
    if (answer?.__typename === 'CancelAlgoOrderSuccess') onGone({ ...order, status: 'CANCELLED' });
  }
  return (
    <tr data-algo-order-id={String(order.algoOrderId)}>
      <td>{order.symbol}</td>
      <td>{order.algoType.replaceAll('_', ' ').toLowerCase()}</td>
      <td>{order.quantity || 'position'}</td>
      <td>{legs(order)}</td>
      <td>{order.status}</td>
      <td>
        <button type="button" disabled={fetching} onClick={cancelOrder}>
          Cancel
        </button>
        <IssueList issues={issues} kind="error" />
      </td>
    </tr>
  );
}

export function AlgoOrders({
  orders,
  onGone,
}: {
  orders: readonly AlgoOrder[];
  onGone(o: AlgoOrder): void;
}) {
  return (
    <section class="panel algo">
      <h2>Algo orders ({orders.length})</h2>
      <table data-testid="algo-orders">
        <tbody>
          {orders.length === 0 && (
            <tr>
              <td class="muted">none</td>
            </tr>
          )}
          {orders.map((order) => (
            <AlgoRow key={String(order.algoOrderId)} order={order} onGone={onGone} />
          ))}
        </tbody>
      </table>
    </section>
  );
}
