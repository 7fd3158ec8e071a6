/** `sign` in process through its `run(argv, io)`; the process path is test/integration/server/sign-command.test.ts. */
import { describe, expect, it } from 'vitest';
import { OrderSigner } from '../../../src/auth/order-signature.ts';
import { verifyRequestSignature } from '../../../src/auth/request-signature.ts';
import { run } from '../../../src/auth/sign-command.ts';
import { vectors } from './signing-vectors.ts';

const order = vectors.orderSignature;
const request = vectors.requestSignature;

async function sign(argv: string[]): Promise<{ code: number; out: string; err: string }> {
  let out = '';
  let err = '';
  const code = await run(argv, { out: (t) => (out += t), err: (t) => (err += t) });
  return { code, out, err };
}

function requestArgs(c: (typeof request.cases)[number]): string[] {
  const args = ['request', '--secret', request.secret, '--account-id', 'acc-1'];
  args.push('--method', c.method, '--path', c.path, '--timestamp', String(c.timestamp));
  return c.body === '' ? args : [...args, '--body', c.body];
}

describe('sign order', () => {
  it.each(order.cases)('reproduces $normalized', async (c) => {
    const { code, out, err } = await sign([
      'order',
      '--trading-secret',
      order.tradingSecret,
      '--params',
      JSON.stringify(c.params),
    ]);
    expect(err).toBe('');
    expect(code).toBe(0);
    expect(out.endsWith('\n')).toBe(true);
    expect(JSON.parse(out)).toEqual({
      normalized: c.normalized,
      signature: c.signature,
      tradingKey: order.tradingKey,
    });
  });
});

describe('sign tree', () => {
  it('signs the root and each leg over its own fields, as the sandbox verifies them', async () => {
    const leg = {
      symbol: 'PERP_ETH_USDC',
      algo_type: 'TAKE_PROFIT',
      side: 'SELL',
      type: 'MARKET',
      trigger_price: 3200,
    };
    const root = { symbol: 'PERP_ETH_USDC', algo_type: 'TP_SL', quantity: 1, child_orders: [leg] };
    const { code, out } = await sign([
      'tree',
      '--trading-secret',
      order.tradingSecret,
      '--params',
      JSON.stringify(root),
    ]);
    expect(code).toBe(0);
    const { body, tradingKey } = JSON.parse(out);
    expect(tradingKey).toBe(order.tradingKey);
    const { child_orders: _, ...own } = root;
    const signer = new OrderSigner(order.tradingSecret);
    expect(body).toEqual({
      ...own,
      signature: signer.sign(own),
      child_orders: [{ ...leg, signature: signer.sign(leg) }],
    });
  });
});

describe('sign request', () => {
  it.each(request.cases)('reproduces $method $path', async (c) => {
    const { code, out } = await sign(requestArgs(c));
    expect(code).toBe(0);
    const printed = JSON.parse(out);
    expect(printed.message).toBe(c.message);
    expect(printed.signature).toBe(c.signature);
    expect(printed.headers['svc-signature']).toBe(c.signature);
    expect(printed.headers['svc-key']).toBe(request.key);
    expect(printed.headers['svc-timestamp']).toBe(String(c.timestamp));
  });

  it('defaults the timestamp to now', async () => {
    const before = Date.now();
    const c = request.cases[0]!;
    const args = requestArgs(c).slice(0, -2);
    const printed = JSON.parse((await sign(args)).out);
    const timestamp = Number(printed.headers['svc-timestamp']);
    expect(timestamp).toBeGreaterThanOrEqual(before);
    expect(timestamp).toBeLessThanOrEqual(Date.now());
    expect(verifyRequestSignature(request.key, printed.message, printed.signature)).toBe(true);
  });
});

describe('usage errors', () => {
  const secrets = [order.tradingSecret, request.secret];
  const cases: [string, string[], RegExp][] = [
    ['no subcommand', [], /missing subcommand/],
    ['unknown subcommand', ['verify'], /unknown subcommand/],
    [
      'missing --params',
      ['order', '--trading-secret', order.tradingSecret],
      /--params is required/,
    ],
    ['unknown option', ['order', '--secret', order.tradingSecret], /Unknown option '--secret'/],
    ['invalid JSON', ['order', '--trading-secret', order.tradingSecret, '--params', '{'], /JSON/],
    [
      'non-object JSON',
      ['order', '--trading-secret', order.tradingSecret, '--params', '[1]'],
      /object/,
    ],
    [
      'non-finite number',
      ['order', '--trading-secret', order.tradingSecret, '--params', '{"a":1e999}'],
      /a is Infinity/,
    ],
    [
      'malformed trading secret',
      ['order', '--trading-secret', order.tradingSecret.slice(3), '--params', '{}'],
      /trading secret: expected 64 hex/,
    ],
    ['misplaced secret', ['order', order.tradingSecret], /unexpected positional argument/],
    [
      'malformed ed25519 secret',
      [
        ...requestArgs(request.cases[0]!).map((a) =>
          a === request.secret ? `${a.slice(0, 60)}0` : a,
        ),
      ],
      /not valid base58/,
    ],
    [
      'missing --method',
      ['request', '--secret', request.secret, '--account-id', 'a', '--path', '/'],
      /--method is required/,
    ],
    ['bad timestamp', [...requestArgs(request.cases[0]!).slice(0, -1), 'soon'], /--timestamp/],
  ];

  it.each(cases)('%s: exit 2, message on stderr, no secret echoed', async (_name, argv, rule) => {
    const { code, out, err } = await sign(argv);
    expect(code).toBe(2);
    expect(out).toBe('');
    expect(err).toMatch(rule);
    expect(err).toMatch(/usage:/);
    for (const secret of secrets) expect(err).not.toContain(secret.slice(0, 20));
  });

  it('prints usage on --help with exit 0', async () => {
    const { code, out } = await sign(['--help']);
    expect(code).toBe(0);
    expect(out).toMatch(/sign order --trading-secret/);
  });
});
