/**
 * The private pushes of algo orders and leverage: `algoexecutionreport` (the whole tree of an
 * algo order on each change, built by the algo engine) and `account`
 * (`{accountDetail: {symbolLeverage}}` on a leverage change).
 */
import type { PrivateTopic } from '../../contract/constants.ts';
import type { AccountLeverageData } from '../../contract/wire-algo-stream.ts';
import type { SandboxEvents } from '../events.ts';

/** Listens to `events`; returns the functions that stop it. */
export function listenAlgo(
  events: SandboxEvents,
  push: (accountId: string, topic: PrivateTopic, data: unknown) => void,
): (() => void)[] {
  return [
    events.on('algo', (event) => push(event.accountId, 'algoexecutionreport', event.report)),
    events.on('leverage', (event) =>
      push(event.accountId, 'account', {
        accountDetail: {
          symbolLeverage: {
            symbol: event.symbol,
            leverage: event.leverage,
            marginMode: event.marginMode,
          },
        },
      } satisfies AccountLeverageData),
    ),
  ];
}
