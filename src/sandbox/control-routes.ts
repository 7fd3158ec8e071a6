/**
 * The `/sandbox/…` control routes: the OpenAPI document, market mids, faults and an
 * account's orders. control.ts matches and answers them.
 */
import { NOT_FOUND } from '../contract/errors.ts';
import { cancelAllAfterControls } from './control-cancel-all-after.ts';
import { faultRoutes } from './control-fault-routes.ts';
import { marketRoutes } from './control-market-routes.ts';
import { streamRoutes } from './control-stream-routes.ts';
import type { ControlDeps, ControlRoute } from './control-types.ts';
import { ApiError } from './errors.ts';
import { buildOpenApiDocument } from './openapi.ts';
import { orderRecord } from './records.ts';
import { SANDBOX_ROUTES } from './routes/index.ts';

export function controlRoutes(deps: ControlDeps): ControlRoute[] {
  let openApi: Record<string, unknown> | undefined;
  const routes: ControlRoute[] = [
    {
      method: 'GET',
      path: '/sandbox/openapi.json',
      raw: true,
      handle: ({ headers }) => {
        // Built once, on first request: the route tables do not change at run time.
        openApi ??= buildOpenApiDocument(SANDBOX_ROUTES, routes);
        const host = headers.host;
        return host ? { ...openApi, servers: [{ url: `http://${host}` }] } : openApi;
      },
    },
    ...marketRoutes(deps),
    ...streamRoutes(deps),
    ...faultRoutes(deps),
    ...cancelAllAfterControls(deps),
    {
      method: 'GET',
      path: '/sandbox/accounts/{account_id}/orders',
      handle: ({ params }) => {
        const account = deps.state.account(params.account_id!);
        if (!account)
          throw new ApiError(NOT_FOUND, `account_id: no account ${params.account_id}`, 404);
        return { rows: account.orders.map(orderRecord) };
      },
    },
  ];
  return routes;
}
