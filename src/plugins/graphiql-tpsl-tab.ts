/**
 * GraphiQL's "TP/SL" tab (graphiql-tabs.ts): a position's take-profit and stop-loss, as the
 * demo trader. GraphiQL names a tab after its first operation: `TpSl`, the panel.
 */
export const TPSL_TAB = {
  query: `# TP/SL, as the demo trader. Pick from ▶'s menu:
# OpenLong buys 0.01 BTC at market; SetTpSl puts
# a take-profit (from a PnL) and a stop-loss (2 %
# below the entry) on the whole position (give a
# quantity for a partial one); TpSl shows them
# and the slots left. A second SetTpSl is refused
# (one full TP/SL per position: rule tpslSlots).
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
  as: 'trader' as const,
};
