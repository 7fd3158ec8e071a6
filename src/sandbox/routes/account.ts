/** GET /v1/client/info and POST /v1/client/margin_mode. */
import { MARGIN_MODE_BODY } from '../../contract/fields-account.ts';
import type { AccountInfo } from '../../contract/wire.ts';
import { ApiError } from '../errors.ts';
import type { Route } from '../router.ts';
import { checkSymbol, Fields } from '../validation.ts';

export const accountRoutes: Route[] = [
  {
    endpoint: 'GET /v1/client/info',
    handle: ({ state, account }): AccountInfo => {
      const rates = state.feeRates;
      const markets = [...state.markets.values()];
      const maxNotional = Object.fromEntries(
        markets.flatMap((m) =>
          m.config.maxNotional === undefined ? [] : [[m.config.symbol, m.config.maxNotional]],
        ),
      );
      return {
        account_id: account!.accountId,
        email: account!.email,
        account_mode: 'FUTURES',
        max_leverage: state.maxLeverage,
        taker_fee_rate: rates.taker_fee_rate,
        maker_fee_rate: rates.maker_fee_rate,
        rwa_taker_fee_rate: rates.rwa_taker_fee_rate,
        rwa_maker_fee_rate: rates.rwa_maker_fee_rate,
        futures_taker_fee_rate: rates.taker_fee_rate,
        futures_maker_fee_rate: rates.maker_fee_rate,
        maintenance_cancel_orders: true,
        imr_factor: Object.fromEntries(markets.map((m) => [m.config.symbol, m.config.imrFactor])),
        ...(Object.keys(maxNotional).length > 0 ? { max_notional: maxNotional } : {}),
      };
    },
  },
  {
    endpoint: 'POST /v1/client/margin_mode',
    handle: ({ state, account, body }) => {
      const fields = Fields.body(body, MARGIN_MODE_BODY);
      const symbol = fields.read('symbol');
      checkSymbol('symbol', symbol, state.symbolKnown);
      const mode = fields.read('default_margin_mode');
      const me = account!;
      if (state.marginMode(me, symbol) === mode) return undefined;
      if (state.hasPosition(me, symbol) || state.pendingOrders(me, symbol).length > 0) {
        throw new ApiError(
          -1012,
          `default_margin_mode: cannot change while ${symbol} has a position or a pending order`,
        );
      }
      me.marginModes.set(symbol, mode);
      return undefined;
    },
  },
];
