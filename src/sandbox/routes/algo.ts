/**
 * POST and PUT /v1/algo/order (market-algo-risk-facts.md §3; docs/algo-orders.md): place an
 * algo order (algo/parse.ts, algo/checks.ts) or edit an untriggered one (algo/edit*.ts). The
 * pipeline has verified every object's order signature (`tree`).
 */
import { EDIT_SENT } from '../../contract/constants.ts';
import type { AlgoOrderCreated, AlgoType } from '../../contract/wire-algo.ts';
import { editAlgo } from '../algo/edit.ts';
import { parseAlgoEdit } from '../algo/edit-parse.ts';
import { parseAlgoOrder } from '../algo/parse.ts';
import type { Route } from '../router.ts';
import { checkRecvWindow } from './orders.ts';

export const algoRoutes: Route[] = [
  {
    endpoint: 'POST /v1/algo/order',
    handle: ({ state, algo, account, body, headers, now }): AlgoOrderCreated => {
      checkRecvWindow(headers, now);
      const root = algo.create(account!, parseAlgoOrder(state, account!, body));
      return {
        order_id: root.algoOrderId,
        client_order_id: root.clientOrderId,
        algo_type: root.algoType as AlgoType,
        quantity: root.quantity,
      };
    },
  },
  {
    endpoint: 'PUT /v1/algo/order',
    handle: ({ state, algo, account, body }) => {
      editAlgo(algo, parseAlgoEdit(state, account!, body));
      return { status: EDIT_SENT };
    },
  },
];
