/**
 * The position's TP/SL (`setPositionTpSl` without a quantity: a full-position TP/SL that
 * follows the position). Triggers are prices; the gateway refuses a take-profit or stop-loss
 * on the wrong side of the mark (`triggerSide`) and says which.
 */
import { useMutation } from '@urql/preact';
import { useState } from 'preact/hooks';
import { SetPositionTpSlDocument } from '../../../operations/generated/graphql.ts';
import { fixed } from '../lib/format.ts';
import { issuesOf } from '../lib/issues.ts';
import type { Position } from '../lib/position.ts';
import type { Issue } from '../lib/rules.ts';
import type { TpSl } from '../lib/tpsl.ts';
import { IssueList } from './issue-list.tsx';

interface Props {
  position: Position;
  mark: number;
  tick: number;
  current: TpSl | undefined;
  onClose(): void;
}

/** A suggestion 2 % away from the mark, on the side that makes it a TP or an SL. */
const suggest = (mark: number, tick: number, up: boolean) => fixed(mark * (up ? 1.02 : 0.98), tick);

export function TpSlDialog({ position, mark, tick, current, onClose }: Props) {
  const long = position.quantity > 0;
  const [tp, setTp] = useState(
    current?.takeProfit ? String(current.takeProfit) : suggest(mark, tick, long),
  );
  const [sl, setSl] = useState(
    current?.stopLoss ? String(current.stopLoss) : suggest(mark, tick, !long),
  );
  const [issues, setIssues] = useState<Issue[]>([]);
  const [{ fetching }, set] = useMutation(SetPositionTpSlDocument);
  async function submit(event: Event) {
    event.preventDefault();
    const input = {
      symbol: position.symbol,
      marginMode: position.marginMode,
      ...(tp.trim() ? { takeProfit: { triggerPrice: Number(tp) } } : {}),
      ...(sl.trim() ? { stopLoss: { triggerPrice: Number(sl) } } : {}),
    };
    const result = await set({ input });
    const answer = result.data?.setPositionTpSl;
    setIssues(issuesOf(result.error, answer));
    if (answer?.__typename === 'SetPositionTpSlSuccess') onClose();
  }
  return (
    <div class="backdrop" role="dialog" aria-label="TP/SL" data-testid="tpsl-dialog">
      <form class="dialog" onSubmit={submit}>
        <h2>
          TP/SL · {position.symbol} {long ? 'long' : 'short'} {Math.abs(position.quantity)}
        </h2>
        <p class="muted">
          Mark {fixed(mark, tick)}. Both close the whole position when the mark reaches them.
        </p>
        <label>
          Take profit at
          <input name="takeProfit" value={tp} onInput={(e) => setTp(e.currentTarget.value)} />
        </label>
        <label>
          Stop loss at
          <input name="stopLoss" value={sl} onInput={(e) => setSl(e.currentTarget.value)} />
        </label>
        <IssueList issues={issues} kind="error" />
        <div class="row">
          <button type="submit" disabled={fetching}>
            Set TP/SL
          </button>
          <button type="button" onClick={onClose}>
            Close
          </button>
        </div>
      </form>
    </div>
  );
}
