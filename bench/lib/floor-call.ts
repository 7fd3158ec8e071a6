/**
 * What the floors 2b, 2b′ and 2c share: their one signed `GET /v1/client/info`, by the
 * trader's bearer token, over the gateway's own transport to the sandbox.
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
const signers = new Map(
  traders.map((t) => [
    `Bearer ${t.token}`,
    new RequestSigner({ accountId: t.accountId, secret: t.secret }),
  ]),
);
export const exchange = createHttpExchange(requireEnv('SVC_BASE_URL'));
const PATH = '/v1/client/info';

/**
 * The caller's account id, read upstream with one signed call: what every floor answers.
 * An unknown token fails with `status` 401; an upstream failure names its HTTP status.
 */
export async function signedAccountId(authorization: string | null | undefined): Promise<string> {
  const signer = signers.get(authorization ?? '');
  if (!signer) throw Object.assign(new Error('unknown bearer token'), { status: 401 });
  const headers = signer.headers({ method: 'GET', path: PATH, timestamp: Date.now() });
  const reply = await exchange.send({
    method: 'GET',
    path: PATH,
    headers,
    body: undefined,
    timeoutMs: 10_000,
  });
  const envelope = JSON.parse(reply.text) as { success?: boolean; data?: { account_id?: string } };
  if (reply.status !== 200 || !envelope.success) throw new Error(`upstream ${reply.status}`);
  if (typeof envelope.data?.account_id !== 'string') throw new Error('upstream: no account_id');
  return envelope.data.account_id;
}
