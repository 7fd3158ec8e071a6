/**
 * The replica's screens: one per (account, symbol, depth) shared by its subscribers, bounded
 * per replica and per account, and everything they followed released with the last one.
 * The hub is a stand-in that records what is followed (the real one: the integration test).
 */
import { describe, expect, it } from 'vitest';
import type { ScreenSubscriber } from '../../../src/screen/screen-ports.ts';
import { ScreenLimitError, TradingScreens } from '../../../src/screen/trading-screens.ts';
import type { StreamHub } from '../../../src/upstream/stream/hub.ts';
import { SYMBOL } from './fixtures.ts';

function registry(max: number, maxPerAccount: number) {
  const followed = { topics: new Set<string>(), accounts: 0, books: 0, marks: 0 };
  const hub = {
    listenPublic: (topic: string) => followed.topics.add(topic),
    unlistenPublic: (topic: string) => followed.topics.delete(topic),
    listenAccount: () => followed.accounts++,
    unlistenAccount: () => followed.accounts--,
    accountReady: () => false,
    books: { listen: () => followed.books++, unlisten: () => followed.books-- },
    marks: {
      mark: () => undefined,
      watch: () => {
        followed.marks++;
        return () => followed.marks--;
      },
    },
  } as unknown as StreamHub;
  const screens = new TradingScreens({
    hub,
    forAccount: () => ({}) as never,
    market: {} as never,
    max,
    maxPerAccount,
  });
  return { screens, followed };
}

const subscriber = (): ScreenSubscriber => ({ screenFrame: () => {}, screenEnded: () => {} });
const account = (id: string) => ({ accountId: id, secret: 's' });

describe('TradingScreens', () => {
  it('shares one screen among the subscribers of one account, symbol and depth', () => {
    const { screens } = registry(10, 10);
    const a = screens.subscribe(account('a'), SYMBOL, 10, subscriber());
    const b = screens.subscribe(account('a'), SYMBOL, 10, subscriber());
    const other = screens.subscribe(account('b'), SYMBOL, 10, subscriber());
    expect(b).toBe(a);
    expect(other).not.toBe(a);
    expect(screens.stats()).toMatchObject({ screens: 2, subscribers: 3 });
    screens.close();
  });

  it('refuses a screen past the replica bound and past the account bound', () => {
    const { screens } = registry(2, 1);
    screens.subscribe(account('a'), SYMBOL, 10, subscriber());
    expect(() => screens.subscribe(account('a'), SYMBOL, 5, subscriber())).toThrow(
      expect.objectContaining({ scope: 'account', max: 1 }),
    );
    screens.subscribe(account('b'), SYMBOL, 10, subscriber());
    expect(() => screens.subscribe(account('c'), SYMBOL, 10, subscriber())).toThrow(
      ScreenLimitError,
    );
    // Joining an existing screen is never refused.
    screens.subscribe(account('a'), SYMBOL, 10, subscriber());
    expect(screens.stats()).toMatchObject({ screens: 2, subscribers: 3 });
    screens.close();
  });

  it('releases the account, the book, the funding topic and the marks with the last subscriber', () => {
    const { screens, followed } = registry(10, 10);
    const first = subscriber();
    const second = subscriber();
    const screen = screens.subscribe(account('a'), SYMBOL, 10, first);
    screens.subscribe(account('a'), SYMBOL, 10, second);
    expect(followed).toMatchObject({ accounts: 1, books: 1, marks: 1 });
    expect([...followed.topics]).toEqual([`${SYMBOL}@estfundingrate`]);
    screens.unsubscribe(screen, first);
    expect(followed).toMatchObject({ accounts: 1, books: 1, marks: 1 });
    screens.unsubscribe(screen, second);
    expect(followed).toMatchObject({ accounts: 0, books: 0, marks: 0 });
    expect(followed.topics.size).toBe(0);
    expect(screens.stats()).toMatchObject({ screens: 0, subscribers: 0 });
    // The bound counts only live screens: a new one may start.
    screens.subscribe(account('a'), SYMBOL, 10, subscriber());
    expect(screens.stats().screens).toBe(1);
    screens.close();
    expect(screens.stats().screens).toBe(0);
  });
});
