/** GraphiQL's "ReferralAdmin" tab: the broker admin's referral overview (its headers carry the
 * demo broker admin's token). */
import type { ExampleTab } from './tab.ts';

export const REFERRAL_ADMIN_TAB: ExampleTab = {
  query: `# Broker admin: this tab's headers hold the
# demo broker admin's token (a trader gets
# FORBIDDEN here).
query ReferralAdmin {
  referralAdminInfo(page: 1, size: 10, sortBy: TOTAL_INVITES) {
    rows {
      accountId
      totalInvites
      referralCodes { code referrerRebateRate }
    }
    meta { currentPage total totalPages hasNextPage }
  }
}
`,
  as: 'brokerAdmin',
};
