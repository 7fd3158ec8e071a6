/**
 * What the floors 2b, 2b′ and 2c share: each trader's request signer by bearer token and the
 * gateway's own transport to the sandbox, for their one signed `GET /v1/client/info`.
 */
import { requireEnv } from './child.ts';
import { fromDist } from './dist.ts';

const { RequestSigner } =
  await fromDist<typeof import('../../src/auth/request-signature.ts')>('auth/request-signature');
const { createHttpExchange } =
  await fromDist<typeof import('../../src/upstream/http-exchange.ts')>('upstream/http-exchange');

const traders = JSON.parse(requireEnv('BENCH_TRADERS')) as Array<{
  token: string;
  accountId: string;
  secret: string;
}>;

/** The signer of each trader, keyed by its `Authorization` header value. */
export const signers = new Map(
  traders.map((t) => [
    `Bearer ${t.token}`,
    new RequestSigner({ accountId: t.accountId, secret: t.secret }),
  ]),
);
export const exchange = createHttpExchange(requireEnv('SVC_BASE_URL'));
export const PATH = '/v1/client/info';
