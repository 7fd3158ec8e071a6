/** GraphiQL's "Account" tab, the one it opens on (and the query of a new tab). */
import type { ExampleTab } from './tab.ts';

export const DEFAULT_QUERY = `# Press ▶ to run. The token is under Headers.
query Account {
  account {
    id
    email
    accountMode
    maxLeverage
    feeRates {
      kind
      makerFeeRate
      takerFeeRate
    }
  }
}
`;

export const ACCOUNT_TAB: ExampleTab = { query: DEFAULT_QUERY, as: 'trader' };
