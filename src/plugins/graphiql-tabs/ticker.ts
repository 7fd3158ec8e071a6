/** GraphiQL's "Ticker" tab: one symbol's 24-hour ticker, public, live. */
import type { ExampleTab } from './tab.ts';

export const TICKER_TAB: ExampleTab = {
  query: `# Live and public: one symbol's 24-hour ticker,
# about every second.
subscription Ticker($symbol: String!) {
  ticker(symbol: $symbol) { symbol open close high low volume count }
}
`,
  variables: { symbol: 'PERP_BTC_USDC' },
  as: 'trader',
};
