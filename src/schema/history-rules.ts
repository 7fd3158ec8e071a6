/**
 * zod rules of the account history connections (Account.assetHistory, trades,
 * positionHistory, liquidations, fundingFees, pnlSettlements): `from` not after `to`, `first`
 * from 1 to 500, `after` a cursor's length. Every failure is BAD_USER_INPUT naming the field
 * and the rule, raised before the resolver: nothing reaches the upstream.
 */
import { z } from 'zod';
import { TRADES_QUERY } from '../contract/fields-history.ts';
import { zodRule } from './field-rules.ts';
import * as r from './rules.ts';

/** Longest `after` accepted (a cursor carries a row's id, whose length varies: a bound). */
const HISTORY_CURSOR_MAX = 160;

/** Cross-field rule of every history filter with a time window. */
export const timeWindowRules: r.CrossRule<{ from?: unknown; to?: unknown }>[] = [
  {
    path: 'to',
    rule: 'timeOrder',
    message: 'must not be before from',
    broken: (i) => r.given(i.from) && r.given(i.to) && (i.to as number) < (i.from as number),
  },
];

/** Arguments of every history connection (`filter` checks itself). */
export const historyArgs = z.object({
  filter: z.record(z.string(), z.unknown()).nullish(),
  first: zodRule(TRADES_QUERY.size).nullish(),
  after: z
    .string()
    .refine((v) => v.length <= HISTORY_CURSOR_MAX, r.rule('cursor', 'is not a cursor of this list'))
    .nullish(),
});
