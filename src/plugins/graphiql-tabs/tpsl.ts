/**
 * GraphiQL's "TP/SL" tab: a position's take-profit and stop-loss, as the demo trader.
 * GraphiQL names a tab after its first operation: `TpSl`, the panel.
 */
import type { ExampleTab } from './tab.ts';

export const TPSL_TAB: ExampleTab = {
  query: `# TP/SL as the demo trader, ▶'s menu: OpenLong,
# then SetTpSl (take-profit from a PnL, stop-loss
# 2 % below entry, on the whole position); TpSl
# shows them. A second SetTpSl: rule tpslSlots.
query TpSl {
  account {
    positions {
      rows {
        symbol quantity averageOpenPrice markPrice
        tpsl {
          full { algoOrderId childOrders { algoType triggerPrice status } }
          partialTakeProfits { algoOrderId quantity }
          partialTakeProfitSlotsLeft
          partialStopLossSlotsLeft
        }
      }
    }
    btc: leverage(symbol: "PERP_BTC_USDC")
  }
}

mutation OpenLong {
  placeOrder(input: { symbol: "PERP_BTC_USDC", orderType: MARKET, side: BUY, orderQuantity: 0.01 }) {
    __typename
    ... on Error { code message }
  }
}

mutation SetTpSl($tpsl: SetPositionTpSlInput!) {
  setPositionTpSl(input: $tpsl) {
    __typename
    ... on SetPositionTpSlSuccess { algoOrderId takeProfitTriggerPrice stopLossTriggerPrice }
    ... on InputError { field rule message }
    ... on Error { code message }
  }
}

mutation Leverage {
  setLeverage(input: { symbol: "PERP_BTC_USDC", leverage: 10 }) {
    __typename
    ... on SetLeverageSuccess { leverage marginMode }
    ... on InputError { field rule }
    ... on Error { code message }
  }
}
`,
  variables: {
    tpsl: {
      symbol: 'PERP_BTC_USDC',
      takeProfit: { pnl: 25 },
      stopLoss: { offsetPercent: 2 },
    },
  },
  as: 'trader',
};
