/**
 * `/sandbox/…cancel-all-after…`: an account's dead-man switch as the sandbox holds it, and the
 * speed of the switches' delays (tests and demos: a 5,000 ms switch that fires in 500 ms
 * lets a test see it fire without waiting 5 s; cancel-all-after.ts).
 */
import { NOT_FOUND } from '../contract/errors.ts';
import { SPEED_MAX, SPEED_MIN } from './cancel-all-after.ts';
import type { ControlDeps, ControlRoute } from './control-types.ts';
import { ApiError } from './errors.ts';
import { Fields } from './validation.ts';

export function cancelAllAfterControls({
  state,
  cancelAllAfter,
  log,
}: ControlDeps): ControlRoute[] {
  return [
    {
      method: 'GET',
      path: '/sandbox/accounts/{account_id}/cancel-all-after',
      handle: ({ params }) => {
        const account = state.account(params.account_id!);
        if (!account) {
          throw new ApiError(NOT_FOUND, `account_id: no account ${params.account_id}`, 404);
        }
        return cancelAllAfter.status(account);
      },
    },
    {
      method: 'POST',
      path: '/sandbox/cancel-all-after/speed',
      body: true,
      handle: ({ body }) => {
        const speed = Fields.body(body, ['speed']).requiredNumber('speed', {
          min: SPEED_MIN,
          max: SPEED_MAX,
        });
        cancelAllAfter.setSpeed(speed);
        log(`sandbox control: cancel_all_after delays run ${speed} times faster`);
        return { speed };
      },
    },
  ];
}
