/** Every svc endpoint the sandbox serves, in matching order (one table: the router and the OpenAPI description read it). */
import type { Route } from '../router.ts';
import { accountRoutes } from './account.ts';
import { algoRoutes } from './algo.ts';
import { algoCancelRoutes } from './algo-cancel.ts';
import { algoReadRoutes } from './algo-read.ts';
import { batchRoutes } from './batch.ts';
import { brokerRoutes } from './broker.ts';
import { cancelRoutes } from './cancel.ts';
import { cancelAllAfterRoutes } from './cancel-all-after.ts';
import { batchCancelRoutes } from './cancel-batch.ts';
import { editRoutes } from './edit.ts';
import { fundingRoutes } from './funding.ts';
import { historyPositionRoutes } from './history-positions.ts';
import { historyWalletRoutes } from './history-wallet.ts';
import { klineRoutes } from './klines.ts';
import { leverageRoutes } from './leverage.ts';
import { marketBookRoutes } from './market-book.ts';
import { marketInfoRoutes } from './market-info.ts';
import { orderListRoutes } from './order-list.ts';
import { orderRoutes } from './orders.ts';
import { pointsRoutes } from './points.ts';
import { portfolioRoutes } from './portfolio.ts';
import { referralRoutes } from './referral.ts';
import { tradeRoutes } from './trades.ts';
import { transferRoutes } from './transfers.ts';
import { walletRoutes } from './wallet.ts';

export const SANDBOX_ROUTES: readonly Route[] = [
  ...accountRoutes,
  ...orderRoutes,
  ...batchRoutes,
  ...editRoutes,
  ...cancelRoutes,
  ...batchCancelRoutes,
  ...cancelAllAfterRoutes,
  ...orderListRoutes,
  ...portfolioRoutes,
  ...transferRoutes,
  ...brokerRoutes,
  ...referralRoutes,
  ...pointsRoutes,
  ...marketInfoRoutes,
  ...marketBookRoutes,
  ...klineRoutes,
  ...fundingRoutes,
  ...algoRoutes,
  ...algoCancelRoutes,
  ...algoReadRoutes,
  ...leverageRoutes,
  ...walletRoutes,
  ...tradeRoutes,
  ...historyPositionRoutes,
  ...historyWalletRoutes,
];
