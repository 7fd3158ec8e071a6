/**
 * GraphiQL's example tabs, in the order the workspace shows them. A tab is a file of
 * graphiql-tabs/ exporting an `ExampleTab`; adding one is that file and a line here. The tabs
 * reach the browser in the workspace script (graphiql-workspace.ts), not in the page.
 */
import { ACCOUNT_TAB } from './graphiql-tabs/account.ts';
import { MARKET_TAB } from './graphiql-tabs/market.ts';
import { OPEN_ORDERS_TAB } from './graphiql-tabs/open-orders.ts';
import { ORDER_UPDATES_TAB } from './graphiql-tabs/order-updates.ts';
import { PLACE_ORDER_TAB } from './graphiql-tabs/place-order.ts';
import { PORTFOLIO_TAB } from './graphiql-tabs/portfolio.ts';
import { PORTFOLIO_HISTORY_TAB } from './graphiql-tabs/portfolio-history.ts';
import { REFERRAL_ADMIN_TAB } from './graphiql-tabs/referral-admin.ts';
import type { ExampleTab } from './graphiql-tabs/tab.ts';
import { TICKER_TAB } from './graphiql-tabs/ticker.ts';
import { TPSL_TAB } from './graphiql-tabs/tpsl.ts';
import { TRADING_SCREEN_TAB } from './graphiql-tabs/trading-screen.ts';

export const EXAMPLE_TABS: readonly ExampleTab[] = [
  ACCOUNT_TAB,
  PLACE_ORDER_TAB,
  OPEN_ORDERS_TAB,
  PORTFOLIO_TAB,
  PORTFOLIO_HISTORY_TAB,
  TPSL_TAB,
  ORDER_UPDATES_TAB,
  TRADING_SCREEN_TAB,
  TICKER_TAB,
  MARKET_TAB,
  REFERRAL_ADMIN_TAB,
];
