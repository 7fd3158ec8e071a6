/**
 * Positions with their live unrealized PnL (recomputed on each mark: lib/position.ts),
 * liquidation price and TP/SL, which the dialog sets.
 */
import { useState } from 'preact/hooks';
import { fixed, signedMoney } from '../lib/format.ts';
import { type Position, positionFigures } from '../lib/position.ts';
import { type AlgoOrder, type TpSl, tpslOf } from '../lib/tpsl.ts';
import { TpSlDialog } from './tpsl-dialog.tsx';

interface Props {
  positions: readonly Position[];
  marks: ReadonlyMap<string, number>;
  algoOrders: readonly AlgoOrder[];
  /** The price tick of a symbol, when its market is loaded. */
  tickOf(symbol: string): number;
}

interface RowProps {
  position: Position;
  mark: number | undefined;
  tick: number;
  tpsl: TpSl | undefined;
  onTpSl(): void;
}

function PositionRow({ position: p, mark, tick, tpsl, onTpSl }: RowProps) {
  const figures = positionFigures(p, mark);
  return (
    <tr data-symbol={p.symbol} class={p.quantity > 0 ? 'bid' : 'ask'}>
      <td>
        {p.symbol}{' '}
        <span class="muted">
          {p.marginMode.toLowerCase()} {p.leverage}x
        </span>
      </td>
      <td class="num" data-testid="position-size">
        {p.quantity}
      </td>
      <td class="price">{fixed(p.averageOpenPrice, tick)}</td>
      <td class="price">{fixed(figures.mark, tick)}</td>
      <td class={`num ${figures.unrealizedPnl >= 0 ? 'up' : 'down'}`} data-testid="position-pnl">
        {signedMoney(figures.unrealizedPnl)}
      </td>
      <td class="price" data-testid="position-liq">
        {figures.liquidationPrice === null ? '—' : fixed(figures.liquidationPrice, tick)}
      </td>
      <td data-testid="position-tpsl">
        {tpsl ? `${tpsl.takeProfit ?? '—'} / ${tpsl.stopLoss ?? '—'}` : '—'}
      </td>
      <td>
        <button type="button" onClick={onTpSl}>
          TP/SL
        </button>
      </td>
    </tr>
  );
}

export function Positions({ positions, marks, algoOrders, tickOf }: Props) {
  const [open, setOpen] = useState<string>();
  const editing = positions.find((p) => `${p.symbol}/${p.marginMode}` === open);
  return (
    <section class="panel positions">
      <h2>Positions</h2>
      <table data-testid="positions">
        <thead>
          <tr>
            <th>Symbol</th>
            <th>Size</th>
            <th>Entry</th>
            <th>Mark</th>
            <th>Unrealized PnL</th>
            <th>Liq. price</th>
            <th>TP / SL</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {positions.length === 0 && (
            <tr>
              <td colSpan={8} class="muted">
                no position
              </td>
            </tr>
          )}
          {positions.map((p) => (
            <PositionRow
              key={`${p.symbol}/${p.marginMode}`}
              position={p}
              mark={marks.get(p.symbol)}
              tick={tickOf(p.symbol)}
              tpsl={tpslOf(algoOrders, p.symbol)}
              onTpSl={() => setOpen(`${p.symbol}/${p.marginMode}`)}
            />
          ))}
        </tbody>
      </table>
      {editing && (
        <TpSlDialog
          position={editing}
          mark={positionFigures(editing, marks.get(editing.symbol)).mark}
          tick={tickOf(editing.symbol)}
          current={tpslOf(algoOrders, editing.symbol)}
          onClose={() => setOpen(undefined)}
        />
      )}
    </section>
  );
}
