/** GraphiQL's "Portfolio" tab: margin settings per symbol and referee rebates, as the demo trader. */
import type { ExampleTab } from './tab.ts';

export const PORTFOLIO_TAB: ExampleTab = {
  query: `# Portfolio, as the demo trader: margin
# settings per symbol and referee rebates.
query Portfolio($from: Date, $to: Date) {
  account {
    maxLeverage
    feeRates { kind makerFeeRate takerFeeRate }
    imrFactors { symbol value }
    maxNotionals { symbol value }
  }
  refereeRebateSummary(startDate: $from, endDate: $to) {
    totalRefereeRebate
    days { date refereeRebate }
  }
}
`,
  variables: { from: '2024-01-01', to: '2024-12-31' },
  as: 'trader',
};
