/**
 * Variables for the differential test's fixed documents (documents.ts): every query and
 * mutation of operations/ by name, in the order they run (a new operation without a row fails
 * the test), and values for variables no document gives one for.
 */

const ETH = { symbol: 'PERP_ETH_USDC', orderType: 'LIMIT', side: 'BUY' };

/** Variables of operations/' operations, by operation name, in the order they run. */
export const OPERATION_VARIABLES: Record<string, Record<string, unknown>> = {
  Markets: {},
  MarketTicker: { symbol: 'PERP_ETH_USDC' },
  OrderBook: { symbol: 'PERP_ETH_USDC', depth: 5 },
  MarketTrades: { symbol: 'PERP_ETH_USDC', first: 10 },
  Klines: { symbol: 'PERP_ETH_USDC', interval: 'MIN_1', first: 5 },
  PlaceOrder: { input: { ...ETH, orderPrice: 2700, orderQuantity: 1, clientOrderId: 'ops-1' } },
  PlaceOrders: {
    inputs: [
      { ...ETH, orderPrice: 2600, orderQuantity: 1, clientOrderId: 'ops-2' },
      { ...ETH, orderPrice: 2500, orderQuantity: 1, clientOrderId: 'ops-3' },
      // An order tag the upstream does not know: this item only is refused (upstream).
      {
        ...ETH,
        orderPrice: 2400,
        orderQuantity: 1,
        clientOrderId: 'ops-4',
        orderTag: 'NO_SUCH_CODE',
      },
    ],
  },
  OrderStatus: { clientOrderId: 'ops-1' },
  EditOrder: { input: { ...ETH, orderId: 'paste orderId', orderPrice: 2750, orderQuantity: 2 } },
  // A repeated id and a missing one: the missing entry is null, in its place (issue 23).
  TradingDashboard: { clientOrderIds: ['ops-1', 'ops-1', 'missing', 'ops-2'] },
  OpenOrders: { filter: { status: 'INCOMPLETE' }, first: 2 },
  CancelOrder: { input: { symbol: 'PERP_ETH_USDC', clientOrderId: 'ops-1' } },
  CancelOrders: { input: { clientOrderIds: ['ops-2', 'ops-3'] } },
  CancelAllOrders: { symbol: 'PERP_BTC_USDC' },
  SetDefaultMarginMode: { input: { symbol: 'PERP_SOL_USDC', defaultMarginMode: 'ISOLATED' } },
  Balances: { includeZero: true },
  Positions: {},
  StrategyVaultNonce: {},
  RebateSummary: { startDate: '2024-01-01', endDate: '2024-12-31' },
  CreateReferralCode: {
    input: {
      accountId: 'paste id',
      referralCode: 'DIFF1',
      maxRebateRate: 0.5,
      referrerRebateRate: 0.2,
      refereeRebateRate: 0.1,
    },
  },
  ReferralAdminPage: { page: 1, size: 10, sortBy: 'TOTAL_INVITES' },
  SetAffiliateRebateRate: { input: { accountIds: ['paste id'], rebateRate: 0.1 } },
  SetDefaultFeeRates: { input: { makerFeeRate: 0.0002, takerFeeRate: 0.0005 } },
  UpdateOrderTagFeeConfig: {
    enumId: 'DIFF_TAG',
    input: {
      name: 'diff',
      defaultFeeRate: 0.0001,
      pairOverrides: [{ symbol: 'PERP_ETH_USDC', feeRate: 0.0002 }],
    },
  },
  UpsertPointsStage: { input: { stageName: 'diff stage', startDate: '2030-01-01' } },
  SetLeverage: { input: { symbol: 'PERP_ETH_USDC', leverage: 5 } },
  Leverage: { symbol: 'PERP_ETH_USDC' },
  PlaceAlgoOrder: {
    input: {
      symbol: 'PERP_ETH_USDC',
      algoType: 'STOP',
      side: 'SELL',
      type: 'MARKET',
      quantity: 0.5,
      triggerPrice: 2000,
      clientOrderId: 'ops-algo-1',
    },
  },
  AlgoOrders: { filter: { status: 'INCOMPLETE' }, first: 5 },
  EditAlgoOrder: { input: { algoOrderId: 'paste algoOrderId', triggerPrice: 2100 } },
  CancelAlgoOrder: { input: { symbol: 'PERP_ETH_USDC', algoOrderId: 'paste algoOrderId' } },
  SetPositionTpSl: { input: { symbol: 'PERP_ETH_USDC', takeProfit: { offset: 100 } } },
  PositionTpSl: {},
  CancelAlgoOrders: { symbol: 'PERP_ETH_USDC' },
  // The reference trading screen's reads (operations/demo/).
  ScreenSymbols: {},
  ScreenMarket: { symbol: 'PERP_ETH_USDC' },
  ScreenOpenOrders: { first: 20 },
  ScreenPositions: {},
  ScreenBalances: {},
  ScreenAlgoOrders: { first: 20 },
};

/** Variables no document gives a value for (docs/api.md's Dashboard). */
export const BY_NAME: Record<string, unknown> = { ids: ['ladder-1', 'ladder-1', 'missing'] };
