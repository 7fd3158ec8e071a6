/**
 * What a session asks for: `connectionParams.cancelOnDisconnect` of a graphql-ws connection
 * (`true`, or `{ afterMs }`), or the `afterMs` argument of the `cancelOnDisconnect`
 * subscription. The delay must be one the upstream takes (`trigger_after` of POST
 * /v1/order/cancel_all_after, without its 0 that turns the switch off); the rule comes from
 * the contract's row, and a refusal names the field and the rule as GraphQL input errors do.
 */
import { CANCEL_ALL_AFTER_BODY } from '../contract/fields-orders.ts';

const { min, max } = CANCEL_ALL_AFTER_BODY.trigger_after;

/** The contract's rule of the delay, as the `afterMs` argument's validation reads it. */
export const AFTER_MS_RULE = {
  kind: 'int',
  min,
  max,
  about: 'Delay (ms) after the last session of the account ends before its orders are cancelled',
} as const;

export interface ArmingIssue {
  field: string;
  rule: string;
  message: string;
}

/** A refusal of `value` as a delay, or undefined when it is one. */
export function afterMsIssue(value: unknown, field = 'afterMs'): ArmingIssue | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return { field, rule: 'integer', message: 'must be an integer' };
  }
  if (value < min || value > max) {
    return { field, rule: 'range', message: `must be from ${min} to ${max}` };
  }
  return undefined;
}

/**
 * `connectionParams.cancelOnDisconnect`: absent, null or false → no session; true → the
 * default delay; `{ afterMs? }` → that delay (or the default). Anything else is an issue.
 */
export function parseArming(
  value: unknown,
  defaultAfterMs: number,
): { afterMs: number } | null | ArmingIssue {
  const field = 'cancelOnDisconnect';
  if (value === undefined || value === null || value === false) return null;
  if (value === true) return { afterMs: defaultAfterMs };
  if (typeof value !== 'object' || Array.isArray(value)) {
    return { field, rule: 'type', message: 'must be true or an object { afterMs }' };
  }
  const unknown = Object.keys(value).find((key) => key !== 'afterMs');
  if (unknown !== undefined) {
    return { field: `${field}.${unknown}`, rule: 'unknownField', message: 'is not a setting' };
  }
  const { afterMs } = value as { afterMs?: unknown };
  if (afterMs === undefined || afterMs === null) return { afterMs: defaultAfterMs };
  return afterMsIssue(afterMs, `${field}.afterMs`) ?? { afterMs: afterMs as number };
}

export const isIssue = (value: unknown): value is ArmingIssue =>
  typeof value === 'object' && value !== null && 'rule' in value;
