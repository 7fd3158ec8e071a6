/**
 * POST /v1/order/cancel_all_after: arms, restarts or (0) stops the account's dead-man switch
 * (../cancel-all-after.ts). Signed like every private endpoint; 1 request per second.
 */
import { CANCEL_ALL_AFTER_BODY } from '../../contract/fields-orders.ts';
import type { CancelAllAfterResult } from '../../contract/wire-orders.ts';
import type { Route } from '../router.ts';
import { Fields } from '../validation.ts';

export const cancelAllAfterRoutes: Route[] = [
  {
    endpoint: 'POST /v1/order/cancel_all_after',
    handle: ({ cancelAllAfter, account, body }): CancelAllAfterResult => {
      const triggerAfter = Fields.body(body, CANCEL_ALL_AFTER_BODY).read('trigger_after');
      return { expected_trigger_time: String(cancelAllAfter.set(account!, triggerAfter)) };
    },
  },
];
