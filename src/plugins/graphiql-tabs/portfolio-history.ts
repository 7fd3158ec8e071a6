/**
 * GraphiQL's "Portfolio history" tab: every account history list a portfolio page shows, and
 * recent orders with their fills, as the demo trader.
 */
import type { ExampleTab } from './tab.ts';

export const PORTFOLIO_HISTORY_TAB: ExampleTab = {
  query: `# Portfolio history, as the demo trader: fills,
# closed positions, funding, liquidations, deposits
# and withdrawals, PnL settlements, newest first.
# Next page of fills: put trades.pageInfo.endCursor
# in $after. Rows added meanwhile never shift it.
query PortfolioHistory($first: Int, $after: String) {
  account {
    trades(first: $first, after: $after) {
      totalCount
      edges { node { tradeId symbol side price quantity fee isMaker realizedPnl executedAt } }
      pageInfo { hasNextPage endCursor }
    }
    positionHistory(first: $first) {
      edges { node { symbol side averageOpenPrice averageClosePrice closedQuantity realizedPnl fundingFee closeType closedAt } }
    }
    fundingFees(first: $first) {
      edges { node { symbol marginMode fundingRate fundingFee paymentType createdTime } }
    }
    liquidations(first: $first) {
      edges { node { liquidationId timestamp positions { symbol positionQty transferPrice } } }
    }
    assetHistory(first: $first) {
      edges { node { id side token amount status createdTime } }
    }
    pnlSettlements(first: $first) {
      edges { node { id settledAmount settledTime } }
    }
    orders(first: $first, filter: { status: COMPLETED }) {
      edges { node { orderId symbol side status fills { price quantity isMaker realizedPnl } } }
    }
  }
}
`,
  variables: { first: 5 },
  as: 'trader',
};
