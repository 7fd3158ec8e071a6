/** Broker administrator: POST /v1/broker/fee_rate/default, PUT /v1/broker/order_enum/{enum_id}. */

import { ENUM_ID_MAX, ENUM_ID_PATTERN } from '../../contract/constants.ts';
import { DEFAULT_FEE_RATES_BODY, ORDER_TAG_FEE_CONFIG_BODY } from '../../contract/fields-admin.ts';
import { invalid } from '../errors.ts';
import type { Route } from '../router.ts';
import { checkSymbol, Fields } from '../validation.ts';

const PAIRS = ORDER_TAG_FEE_CONFIG_BODY.pair_overrides;

/** `pair_overrides`: symbol → fee rate, each key and value by the map's rules. */
function pairOverrides(f: Fields<typeof ORDER_TAG_FEE_CONFIG_BODY>, known: (s: string) => boolean) {
  const overrides = f.numberMap('pair_overrides');
  const entries = Object.entries(overrides ?? {});
  if (entries.length > PAIRS.maxEntries) {
    throw invalid('pair_overrides', `must have at most ${PAIRS.maxEntries} entries`);
  }
  for (const [symbol, rate] of entries) {
    checkSymbol(`pair_overrides.${symbol}`, symbol, known);
    Fields.body({ [symbol]: rate }, { [symbol]: PAIRS.value }, 'pair_overrides.').read(symbol);
  }
  return overrides;
}

export const brokerRoutes: Route[] = [
  {
    endpoint: 'POST /v1/broker/fee_rate/default',
    handle: ({ state, body }) => {
      const f = Fields.body(body, DEFAULT_FEE_RATES_BODY);
      const maker = f.read('maker_fee_rate');
      const taker = f.read('taker_fee_rate');
      const rwaMaker = f.read('rwa_maker_fee_rate');
      const rwaTaker = f.read('rwa_taker_fee_rate');
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
      const f = Fields.body(body, ORDER_TAG_FEE_CONFIG_BODY);
      const name = f.read('name');
      const description = f.read('description');
      const defaultFeeRate = f.read('default_fee_rate');
      const overrides = pairOverrides(f, state.symbolKnown);
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
