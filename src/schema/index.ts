/** The GraphQL schema: importing the domain files registers their types and root fields. */
import { builder } from './builder.ts';
import { withCodedEnumErrors } from './coded-enums.ts';
import './account.ts';
import './order.ts';
import './order-lifecycle.ts';
import './order-preview.ts';
import './portfolio.ts';
import './order-list.ts';
import './margin.ts';
import './transfer.ts';
import './nonce.ts';
import './wallet.ts';
import './broker.ts';
import './points.ts';
import './referral.ts';
import './rebate.ts';
import './algo-order.ts';
import './algo-mutation.ts';
import './position-risk.ts';
import './position-tpsl.ts';
import './close-position.ts';
import './leverage.ts';
import './max-order-quantity.ts';
import './max-withdrawable.ts';
import './market.ts';
import './live.ts';
import './live-market.ts';
import './algo-live.ts';
import './cancel-on-disconnect.ts';
import './trading-screen.ts';

/** Built once at import, without side effects (no server, no Redis); sorted for stable SDL. */
export const schema = withCodedEnumErrors(builder.toSchema({ sortSchema: true }));
