/**
 * Algo cancels (market-algo-risk-facts.md §3, "Cancel / read"): one algo order by id or client
 * order id (a root with its tree, or one leg), or every open one of the account (optionally of
 * a symbol and an algo type). Order-signed over the query, like the order cancels. The answers
 * are acknowledgements; the algo orders read CANCELLED at once here.
 */
import { CANCEL_ALL_SENT, CANCEL_SENT } from '../../contract/constants.ts';
import { ALGO_TYPES } from '../../contract/wire-algo.ts';
import { cancelAlgo, cancelAlgos } from '../algo/cancel.ts';
import type { AlgoOrder } from '../algo/types.ts';
import { notFound } from '../errors.ts';
import type { Route } from '../router.ts';
import type { Account } from '../types.ts';
import { checkSymbol } from '../validation.ts';

/** The account's algo order in `symbol`, or 400 -1006. */
function ownAlgo(node: AlgoOrder | undefined, account: Account, symbol: string, what: string) {
  if (!node || node.account !== account || node.symbol !== symbol) {
    throw notFound(`${what} in ${symbol}`);
  }
  return node;
}

export const algoCancelRoutes: Route[] = [
  {
    endpoint: 'DELETE /v1/algo/order',
    handle: ({ state, algo, account, query }) => {
      const id = query.requiredNumber('order_id', { integer: true, positive: true });
      const symbol = query.requiredString('symbol');
      checkSymbol('symbol', symbol, state.symbolKnown);
      const node = state.algo.byId.get(id);
      cancelAlgo(algo, ownAlgo(node, account!, symbol, `order_id: no algo order ${id}`));
      return { status: CANCEL_SENT };
    },
  },
  {
    endpoint: 'DELETE /v1/algo/client/order',
    handle: ({ state, algo, account, query }) => {
      const id = query.requiredString('client_order_id');
      const symbol = query.requiredString('symbol');
      checkSymbol('symbol', symbol, state.symbolKnown);
      const node = state.algo.byClientId(account!, id);
      cancelAlgo(algo, ownAlgo(node, account!, symbol, `client_order_id: no algo order ${id}`));
      return { status: CANCEL_SENT };
    },
  },
  {
    endpoint: 'DELETE /v1/algo/orders',
    handle: ({ state, algo, account, query }) => {
      const symbol = query.string('symbol');
      if (symbol !== undefined) checkSymbol('symbol', symbol, state.symbolKnown);
      cancelAlgos(algo, account!, symbol, query.oneOf('algo_type', ALGO_TYPES));
      return { status: CANCEL_ALL_SENT };
    },
  },
];
