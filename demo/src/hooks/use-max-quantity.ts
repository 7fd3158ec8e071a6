/**
 * The largest order the account may place in `symbol` on `side`, for the order form.
 *
 * TODO(maxOrderQuantity): `Account.maxOrderQuantity` is not in the schema yet. When it lands,
 * add `query ScreenMaxQuantity($symbol: String!, $side: Side!) { account { maxOrderQuantity(…) } }`
 * to operations/demo/, run `npm run codegen`, and return its answer here (re-read when the
 * position, the open orders or the balance change). Until then the form uses the market's
 * `baseMax`.
 */
import type { Side } from '../../../operations/generated/graphql.ts';

export function useMaxOrderQuantity(_symbol: string, _side: Side): number | undefined {
  return undefined;
}
