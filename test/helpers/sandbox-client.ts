/**
 * A small signing client for tests against the sandbox (or any svc REST service): signs every
 * request with the account's ed25519 secret and, for orders, the parameters with its trading
 * secret. Sends exactly the bytes it signs.
 */
import { randomBytes } from 'node:crypto';
import { generateKeyMaterial } from '../../src/auth/keys.ts';
import { normalizeOrderParams, OrderSigner } from '../../src/auth/order-signature.ts';
import { signTree } from '../../src/auth/order-tree.ts';
import { RequestSigner } from '../../src/auth/request-signature.ts';
import type { SeedAccount } from '../../src/sandbox/index.ts';

export interface TestAccount {
  accountId: string;
  secret: string;
  tradingSecret: string;
  key: string;
  tradingKey: string;
  role: 'trader' | 'broker_admin';
  /** The seed entry the sandbox needs. */
  seed: SeedAccount;
}

/** A fresh account with generated keys and a random account id (0x + 64 hex). */
export function makeAccount(role: TestAccount['role'] = 'trader'): TestAccount {
  const { secret, tradingSecret, key, tradingKey } = generateKeyMaterial();
  const accountId = `0x${randomBytes(32).toString('hex')}`;
  return {
    accountId,
    secret,
    tradingSecret,
    key,
    tradingKey,
    role,
    seed: { accountId, key, tradingKey, role },
  };
}

export interface Reply {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary JSON
  body: any;
  text: string;
}

export interface RequestOptions {
  /** Raw body text sent (and signed) as is; otherwise `body` is JSON.stringify-ed. */
  rawBody?: string;
  timestamp?: number;
  /** Send `svc-trading-key` (default: on order endpoints). */
  tradingKey?: boolean | string;
  headers?: Record<string, string>;
  /** Drop these headers after signing. */
  omit?: string[];
}

const ORDER_PATHS =
  /^\/v1\/(order|batch-order|orders|client\/order|client\/batch-order|algo\/(client\/)?orders?)(\?|$)/;

export class SandboxClient {
  readonly signer: RequestSigner;
  readonly orderSigner: OrderSigner;

  constructor(
    readonly baseUrl: string,
    readonly account: Pick<TestAccount, 'accountId' | 'secret' | 'tradingSecret'>,
    private readonly clock: () => number = Date.now,
  ) {
    this.signer = new RequestSigner({ accountId: account.accountId, secret: account.secret });
    this.orderSigner = new OrderSigner(account.tradingSecret);
  }

  async request(
    method: string,
    path: string,
    body?: unknown,
    opts: RequestOptions = {},
  ): Promise<Reply> {
    const text = opts.rawBody ?? (body === undefined ? '' : JSON.stringify(body));
    const wantsTradingKey = opts.tradingKey ?? ORDER_PATHS.test(path);
    const headers = this.signer.headers({
      method,
      path,
      body: text,
      timestamp: opts.timestamp ?? this.clock(),
      ...(wantsTradingKey
        ? {
            tradingKey:
              typeof wantsTradingKey === 'string' ? wantsTradingKey : this.orderSigner.tradingKey,
          }
        : {}),
    });
    for (const name of opts.omit ?? []) delete headers[name];
    const res = await fetch(this.baseUrl + path, {
      method,
      headers: { ...headers, ...opts.headers },
      ...(text === '' ? {} : { body: text }),
    });
    return reply(res);
  }

  get(path: string, opts?: RequestOptions) {
    return this.request('GET', path, undefined, opts);
  }

  post(path: string, body: unknown, opts?: RequestOptions) {
    return this.request('POST', path, body, opts);
  }

  put(path: string, body: unknown, opts?: RequestOptions) {
    return this.request('PUT', path, body, opts);
  }

  /** The parameters plus their order signature. */
  signed<T extends Record<string, unknown>>(params: T): T & { signature: string } {
    return { ...params, signature: this.orderSigner.sign(params) };
  }

  /** An algo-order body with every object of its tree signed (the `tree` placement). */
  signedTree(body: Record<string, unknown>): Record<string, unknown> {
    return signTree(this.orderSigner, body);
  }

  /** POST /v1/order with signed parameters. */
  order(params: Record<string, unknown>, opts?: RequestOptions) {
    return this.post('/v1/order', this.signed(params), opts);
  }

  /** DELETE with order parameters (and their signature) in the query. */
  cancel(path: string, params: Record<string, string>, opts?: RequestOptions) {
    return this.request('DELETE', `${path}?${this.cancelQuery(params)}`, undefined, opts);
  }

  /**
   * The query of an order-signed DELETE as upstream-facts.md writes it: the normalized
   * parameters (sorted, nulls dropped), then `signature=…` (after `&` unless empty). Values
   * are percent-encoded where a query needs it (commas stay, as in the known answers).
   */
  cancelQuery(params: Record<string, string | number | null>, signature?: string): string {
    const sig = signature ?? this.orderSigner.sign(params);
    const present = Object.fromEntries(
      Object.entries(params).filter(([, v]) => v !== null && v !== undefined),
    );
    const normalized = normalizeOrderParams(
      Object.fromEntries(
        Object.entries(present).map(([k, v]) => [
          k,
          encodeURIComponent(String(v)).replace(/%2C/gi, ','),
        ]),
      ),
    );
    return normalized === '' ? `signature=${sig}` : `${normalized}&signature=${sig}`;
  }
}

export async function reply(res: Response): Promise<Reply> {
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body, text };
}
