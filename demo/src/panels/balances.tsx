/** Balances: holding, frozen by open orders, free. */
import type { Balance } from '../hooks/use-portfolio.ts';
import { money } from '../lib/format.ts';

export function Balances({ balances }: { balances: readonly Balance[] }) {
  return (
    <section class="panel balances">
      <h2>Balances</h2>
      <table data-testid="balances">
        <thead>
          <tr>
            <th>Token</th>
            <th>Holding</th>
            <th>Frozen</th>
            <th>Free</th>
          </tr>
        </thead>
        <tbody>
          {balances.map((b) => (
            <tr key={b.token} data-token={b.token}>
              <td>{b.token}</td>
              <td class="num">{money(b.holding)}</td>
              <td class="num">{money(b.frozen)}</td>
              <td class="num">{money(b.free)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
