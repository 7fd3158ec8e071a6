/** Broker administrator: POST /v1/broker/fee_rate/default, PUT /v1/broker/order_enum/{enum_id}. */

import { isMultipleOf } from '../decimal.ts';
import { invalid } from '../errors.ts';
import type { Route } from '../router.ts';
import { checkSymbol, ENUM_ID_FORM, FEE_RATE_STEP, Fields } from '../validation.ts';

/** `enum:<enum_id>` must fit the 36 characters of an order_tag. */
export const MAX_ENUM_ID_LENGTH = 36 - 'enum:'.length;

export const brokerRoutes: Route[] = [
  {
    method: 'POST',
    path: '/v1/broker/fee_rate/default',
    auth: 'admin',
    body: true,
    handle: ({ state, body }) => {
      const f = Fields.body(body, [
        'maker_fee_rate',
        'taker_fee_rate',
        'rwa_maker_fee_rate',
        'rwa_taker_fee_rate',
      ]);
      const maker = f.feeRate('maker_fee_rate', true)!;
      const taker = f.feeRate('taker_fee_rate', true)!;
      const rwaMaker = f.feeRate('rwa_maker_fee_rate');
      const rwaTaker = f.feeRate('rwa_taker_fee_rate');
      state.feeRates = {
        maker_fee_rate: maker,
        taker_fee_rate: taker,
        rwa_maker_fee_rate: rwaMaker ?? state.feeRates.rwa_maker_fee_rate,
        rwa_taker_fee_rate: rwaTaker ?? state.feeRates.rwa_taker_fee_rate,
      };
      return undefined;
    },
  },
  {
    method: 'PUT',
    path: '/v1/broker/order_enum/:enum_id',
    auth: 'admin',
    body: true,
    limit: { count: 1, windowMs: 1_000, per: 'account' },
    handle: ({ state, body, params }) => {
      const enumId = params.enum_id!;
      if (!ENUM_ID_FORM.test(enumId)) throw invalid('enum_id', 'must match ^[A-Z0-9_]+$');
      if (enumId.length > MAX_ENUM_ID_LENGTH) {
        throw invalid(
          'enum_id',
          `must be at most ${MAX_ENUM_ID_LENGTH} characters (enum:<enum_id> is an order_tag)`,
        );
      }
      const f = Fields.body(body, ['name', 'description', 'default_fee_rate', 'pair_overrides']);
      const name = f.string('name', { max: 100 });
      const description = f.string('description', { max: 500, allowEmpty: true });
      const defaultFeeRate = f.feeRate('default_fee_rate');
      const overrides = f.numberMap('pair_overrides');
      for (const [symbol, rate] of Object.entries(overrides ?? {})) {
        const field = `pair_overrides.${symbol}`;
        checkSymbol(field, symbol, state.symbolKnown);
        if (typeof rate !== 'number') throw invalid(field, 'must be a number');
        if (rate < 0 || rate > 1) throw invalid(field, 'must be from 0 to 1');
        if (!isMultipleOf(rate, FEE_RATE_STEP))
          throw invalid(field, 'must be a multiple of 0.00001');
      }
      const current = state.orderTags.get(enumId);
      state.orderTags.set(enumId, {
        enumId,
        name: name ?? current?.name ?? enumId,
        description: description ?? current?.description ?? '',
        defaultFeeRate: defaultFeeRate ?? current?.defaultFeeRate ?? 0,
        pairOverrides: overrides === undefined ? (current?.pairOverrides ?? {}) : { ...overrides },
      });
      return undefined;
    },
  },
];
