/**
 * The private topics' pushes from the sandbox's events: execution reports, wallet events of
 * internal transfers and withdrawals, liquidations, position rows and balances. On only while a private
 * client is connected: the engine builds its event snapshots only when someone listens.
 */
import type { PrivateTopic } from '../../contract/constants.ts';
import type { SandboxEvents } from '../events.ts';
import { withdrawalRow } from '../wallet/withdrawal-row.ts';
import { listenAlgo } from './algo-feed.ts';
import { balancePayload, executionReport, positionPayload, type WalletEvent } from './payloads.ts';

export type PushPrivate = (accountId: string, topic: PrivateTopic, data: unknown) => void;

/** Listens to `events`; returns the function that stops it. */
export function listenPrivate(events: SandboxEvents, push: PushPrivate): () => void {
  const offs = [
    ...listenAlgo(events, push),
    events.on('order', (event) => push(event.accountId, 'executionreport', executionReport(event))),
    events.on('transfer', (event) => {
      for (const [accountId, side] of [
        [event.fromAccountId, 'WITHDRAW'],
        [event.toAccountId, 'DEPOSIT'],
      ] as const) {
        push(accountId, 'wallet', {
          id: `transfer-${event.id}`,
          side,
          token: event.token,
          amount: event.amount,
          fee: 0,
          trans_status: 'COMPLETED',
          created_time: event.timestamp,
          updated_time: event.timestamp,
        } satisfies WalletEvent);
      }
    }),
    events.on('withdrawal', ({ accountId, withdrawal }) =>
      push(accountId, 'wallet', withdrawalRow(withdrawal) satisfies WalletEvent),
    ),
    events.on('liquidation', (event) =>
      push(event.accountId, 'liquidationsaccount', [
        {
          liquidationId: event.liquidationId,
          timestamp: event.timestamp,
          positionsByPerp: event.positions,
        },
      ]),
    ),
    events.on('position', (event) =>
      push(event.accountId, 'position', { positions: [positionPayload(event.position)] }),
    ),
    events.on('balance', (event) =>
      push(event.accountId, 'balance', balancePayload(event.balance)),
    ),
  ];
  return () => {
    for (const off of offs) off();
  };
}
