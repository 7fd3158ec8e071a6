/** Broker administrator: POST /v1/broker/fee_rate/default, PUT /v1/broker/order_enum/{enum_id}. */

import { ENUM_ID_MAX, ENUM_ID_PATTERN, FEE_RATE_STEP } from '../../contract/constants.ts';
import { isMultipleOf } from '../decimal.ts';
import { invalid } from '../errors.ts';
import type { Route } from '../router.ts';
import { checkSymbol, Fields } from '../validation.ts';

export const brokerRoutes: Route[] = [
  {
    endpoint: 'POST /v1/broker/fee_rate/default',
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
    endpoint: 'PUT /v1/broker/order_enum/{enum_id}',
    handle: ({ state, body, params }) => {
      const enumId = params.enum_id!;
      if (!ENUM_ID_PATTERN.test(enumId)) throw invalid('enum_id', 'must match ^[A-Z0-9_]+$');
      if (enumId.length > ENUM_ID_MAX) {
        throw invalid(
          'enum_id',
          `must be at most ${ENUM_ID_MAX} characters (enum:<enum_id> is an order_tag)`,
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
