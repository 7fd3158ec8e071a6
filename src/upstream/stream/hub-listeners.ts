/** What listens to the stream hub (hub.ts): account and public-topic listeners. */
import type { AccountStreamEvent } from './models.ts';

/**
 * A listener is a function or an object with the method (a subscriber that is already an
 * object: no closure per subscriber, there are thousands).
 */
export type AccountListener =
  | ((event: AccountStreamEvent) => void)
  | { accountEvent(event: AccountStreamEvent): void };

export type PublicListener =
  | ((data: unknown, ts: number) => void)
  | {
      publicData(data: unknown, ts: number): void;
      /** The upstream refused the topic (`errorMsg`, e.g. `invalid symbol <s>`). */
      publicRefused?(reason: string): void;
    };
