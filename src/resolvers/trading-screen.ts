/**
 * `tradingScreen`: the caller's subscriber of their account's screen of (symbol, depth) on
 * this replica (src/screen). The symbol is checked against the upstream's list before any
 * screen is made; the replica's and the account's screen bounds refuse with RATE_LIMITED.
 */
import type { GraphQLError } from 'graphql';
import { declareShared } from '../live/shared-parts.ts';
import type { TradingScreenModel } from '../models/trading-screen.ts';
import {
  type GatewayContext,
  gqlError,
  inputIssuesError,
  orThrowCoded,
  unauthenticated,
} from '../schema/types.ts';
import type { ScreenEnd, ScreenSubscriber } from '../screen/screen-ports.ts';
import type { TradingScreen } from '../screen/trading-screen.ts';
import { ScreenLimitError } from '../screen/trading-screens.ts';
import { streamRefusedError } from './live.ts';
import { Feed, type Live, liveOf, statsOf } from './live-feed.ts';
import { readsOf, unknownSymbol } from './market.ts';

export { deliver } from './live-feed.ts';

/**
 * Fields of a frame whose objects other frames hold too: the book (every screen of the symbol
 * and depth, until the next book frame) and the account's lists (this screen's next frames,
 * until one of them changes: account-view.ts keeps them).
 */
const SHARED = ['book', 'openOrders', 'algoOrders', 'balances'] as const;

class ScreenFeed extends Feed<TradingScreenModel> implements ScreenSubscriber {
  screen: TradingScreen | undefined;

  screenFrame(frame: TradingScreenModel): void {
    // Executed (and stringified) once for every frame that holds them.
    declareShared(frame, SHARED);
    this.deliver(frame);
  }

  screenEnded(end: ScreenEnd): void {
    this.refusedWith(endError(end));
  }

  protected release(): void {
    if (this.screen) this.live.screens.unsubscribe(this.screen, this);
  }
}

function endError(end: ScreenEnd): GraphQLError {
  if (end.reason === 'streamRefused') return streamRefusedError(end.message);
  if (end.reason === 'unknownSymbol') {
    return gqlError('BAD_USER_INPUT', `Subscription ended: symbol: ${end.message}`, {
      field: 'symbol',
      rule: 'knownSymbol',
    });
  }
  return gqlError('UPSTREAM_UNAVAILABLE', `Subscription ended: ${end.message}. Subscribe again.`, {
    reason: 'SCREEN_UNAVAILABLE',
  });
}

function limitError(error: ScreenLimitError): GraphQLError {
  return gqlError(
    'RATE_LIMITED',
    `tradingScreen refused: ${error.message} (one per symbol and depth; close one first)`,
    { reason: 'SCREEN_LIMIT', scope: error.scope, max: error.max },
  );
}

/** Frames of the caller's screen of (symbol, depth): the current one first, then ≤ 10 a second. */
export async function tradingScreen(
  ctx: GatewayContext,
  symbol: string,
  depth: number,
): Promise<Live<TradingScreenModel>> {
  const live = liveOf(ctx);
  if (!ctx.principal) throw unauthenticated();
  const { credentials } = ctx.principal;
  const rules = await orThrowCoded(() => readsOf(ctx).rules());
  if (!rules.has(symbol)) throw inputIssuesError([unknownSymbol(['symbol'], symbol)]);
  const feed = new ScreenFeed(live, statsOf(live, 'tradingScreen'));
  try {
    feed.screen = live.screens.subscribe(credentials, symbol, depth, feed);
  } catch (error) {
    void feed.queue.return();
    if (error instanceof ScreenLimitError) throw limitError(error);
    throw error;
  }
  return feed.queue;
}
