/**
 * Decimal inputs are taken exactly or refused (issue 23, item 6), through the real gateway and
 * its embedded sandbox: a number whose decimal text a double does not hold is refused with
 * BAD_USER_INPUT naming the field and the rule `exactDecimal`, written in the document or
 * sent as a variable (a request error: the request cannot be read as written), and nothing
 * reaches the upstream; one that it holds is sent with that exact value; fee rates must be
 * exact multiples of 0.00001, checked in decimal arithmetic (the mutation's InputError).
 * The expectations come from an independent BigInt reference, not from the gateway's code.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WebSocket } from 'ws';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { exactInDouble, rational, same } from '../../helpers/decimal-reference.ts';
import {
  type GraphQLBody,
  makeCaller,
  type Running,
  registerCallers,
  startGateway,
  uniquePrefix,
} from '../server/harness.ts';

let gw: Running;
let sandbox: Sandbox;
let trader: string;
let admin: string;
/** Bodies the gateway sent upstream, by path. */
const sent: { path: string; body: string }[] = [];

beforeAll(async () => {
  // Rate limits off (sandbox) and scaled up (gateway): the properties send many requests.
  sandbox = await createSandbox({ limits: false, log: () => {} });
  const callers = [makeCaller('trader', 'trader'), makeCaller('admin', 'broker_admin')];
  registerCallers(sandbox, callers);
  [trader, admin] = callers.map((c) => c.token) as [string, string];
  gw = await startGateway({
    prefix: uniquePrefix('decimals'),
    env: { REDIS_URL: undefined, UPSTREAM_LIMIT_SCALE: '100' },
    upstreamUrl: sandbox.url,
    webSockets: true,
    keystore: { principals: callers.map((c) => c.entry) },
    fetch: (input, init) => {
      const url = new URL(String(input));
      sent.push({ path: url.pathname, body: typeof init?.body === 'string' ? init.body : '' });
      return fetch(input, init);
    },
  });
});
afterAll(async () => {
  await gw?.close();
  await sandbox?.close();
});

/** Posts a body written by hand, so number texts reach the gateway as written. */
async function raw(body: string, token: string): Promise<{ status: number; body: GraphQLBody }> {
  const response = await gw.post(body, { token });
  return { status: response.status, body: (await response.json()) as GraphQLBody };
}

const ORDER_FIELDS = 'symbol: "PERP_ETH_USDC", orderType: LIMIT, side: BUY, orderQuantity: 0.1';
const INPUT_ERROR = '... on InputError { code field rule }';
const PLACE_RESULT = `__typename ... on UpstreamRejectedError { upstreamCode } ${INPUT_ERROR}`;
const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { ${PLACE_RESULT} } }`;
const FEES_RESULT = `__typename ... on SetDefaultFeeRatesSuccess { makerFeeRate } ${INPUT_ERROR}`;
const FEES = `mutation($input: SetDefaultFeeRatesInput!) { setDefaultFeeRates(input: $input) { ${FEES_RESULT} } }`;
const placeLiteral = (price: string) =>
  JSON.stringify({
    query: `mutation { placeOrder(input: { ${ORDER_FIELDS}, orderPrice: ${price} }) { ${PLACE_RESULT} } }`,
  });
const placeVariable = (price: string) =>
  `{"query":${JSON.stringify(PLACE)},"variables":{"input":{"symbol":"PERP_ETH_USDC","orderType":"LIMIT","side":"BUY","orderQuantity":0.1,"orderPrice":${price}}}}`;
const feesLiteral = (maker: string) =>
  JSON.stringify({
    query: `mutation { setDefaultFeeRates(input: { makerFeeRate: ${maker}, takerFeeRate: 0.0005 }) { ${FEES_RESULT} } }`,
  });
const feesVariable = (maker: string) =>
  `{"query":${JSON.stringify(FEES)},"variables":{"input":{"makerFeeRate":${maker},"takerFeeRate":0.0005}}}`;

/** The number text of `key` in a JSON body the gateway sent. */
const sentNumber = (body: string, key: string) =>
  new RegExp(`"${key}":\\s*(-?[\\d.eE+-]+)`).exec(body)?.[1];

function expectRefused(body: GraphQLBody, field: string, rule: string) {
  expect(body.data ?? null).toBeNull();
  expect(body.errors).toHaveLength(1);
  const error = body.errors![0]!;
  expect(error.extensions).toMatchObject({ code: 'BAD_USER_INPUT', field, rule });
  expect(error.message).toContain(field);
  expect(error.message).toContain(rule);
}

describe('issue 23: digits are never dropped', () => {
  const price = '2000.000000000000000000000000001';

  it.each([
    ['literal', placeLiteral],
    ['variable', placeVariable],
  ])('orderPrice %s %s: refused, no order placed', async (_form, build) => {
    sandbox.resetRequestLog();
    const { status, body } = await raw(build(price), trader);
    expect(status).toBe(400);
    expectRefused(body, 'input.orderPrice', 'exactDecimal');
    expect(sandbox.requestCount({ method: 'POST', path: '/v1/order' })).toBe(0);
    expect(sandbox.requestCount()).toBe(0);
  });

  it.each([
    ['literal', feesLiteral],
    ['variable', feesVariable],
  ])(
    'setDefaultFeeRates makerFeeRate %s 0.000200000000000000000000000001: refused',
    async (_form, build) => {
      sandbox.resetRequestLog();
      const { status, body } = await raw(build('0.000200000000000000000000000001'), admin);
      expect(status).toBe(400);
      expectRefused(body, 'input.makerFeeRate', 'exactDecimal');
      expect(sandbox.requestCount()).toBe(0);
    },
  );

  it('places 2000 itself, sending 2000', async () => {
    sent.length = 0;
    const { body } = await raw(placeVariable('2000.000'), trader);
    expect(body.data?.placeOrder).toMatchObject({ __typename: 'PlaceOrderSuccess' });
    const order = sent.find((s) => s.path === '/v1/order');
    expect(sentNumber(order?.body ?? '', 'order_price')).toBe('2000');
  });
});

describe('over graphql-ws', () => {
  /** A graphql-transport-ws connection as the trader that sends message texts as written. */
  async function connect() {
    const ws = new WebSocket(gw.wsUrl, 'graphql-transport-ws');
    const messages: { id?: string; type: string; payload?: unknown }[] = [];
    ws.on('message', (data) => messages.push(JSON.parse(String(data))));
    await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
    ws.send(
      JSON.stringify({ type: 'connection_init', payload: { authorization: `Bearer ${trader}` } }),
    );
    await vi.waitFor(() => expect(messages.some((m) => m.type === 'connection_ack')).toBe(true));
    const answer = (id: string) =>
      vi.waitFor(() => {
        const m = messages.find((x) => x.id === id && (x.type === 'error' || x.type === 'next'));
        if (!m) throw new Error(`no answer to ${id} yet`);
        return m;
      });
    return { ws, answer };
  }

  it('refuses an inexact variable or literal, runs an exact one', async () => {
    const { ws, answer } = await connect();
    try {
      sandbox.resetRequestLog();
      const variable = placeVariable('2000.000000000000000000000000001').slice(1, -1);
      ws.send(`{"id":"v","type":"subscribe","payload":{${variable}}}`);
      ws.send(
        `{"id":"l","type":"subscribe","payload":${placeLiteral('2000.000000000000000000000000001')}}`,
      );
      for (const id of ['v', 'l']) {
        const m = await answer(id);
        expect(m.type).toBe('error');
        expect((m.payload as GraphQLBody['errors'])?.[0]?.extensions).toMatchObject({
          code: 'BAD_USER_INPUT',
          field: 'input.orderPrice',
          rule: 'exactDecimal',
        });
      }
      expect(sandbox.requestCount({ method: 'POST', path: '/v1/order' })).toBe(0);
      ws.send(
        `{"id":"ok","type":"subscribe","payload":{${placeVariable('2000.00').slice(1, -1)}}}`,
      );
      const ok = await answer('ok');
      expect(ok).toMatchObject({
        type: 'next',
        payload: { data: { placeOrder: { __typename: 'PlaceOrderSuccess' } } },
      });
      expect(sandbox.requestCount({ method: 'POST', path: '/v1/order' })).toBe(1);
    } finally {
      ws.close();
    }
  });
});

describe('properties', () => {
  /** Fee-rate texts near the step: k·0.00001 written with padding, extra digits or exponents. */
  const feeText = fc
    .tuple(
      fc.integer({ min: 0, max: 100_000 }),
      fc.integer({ min: 0, max: 30 }),
      fc.option(fc.integer({ min: 1, max: 30 }), { nil: undefined }),
      fc.boolean(),
    )
    .map(([k, zeros, tailAt, exponentForm]) => {
      if (exponentForm) return `${k}e-5`;
      const whole = (BigInt(k) * 10n ** BigInt(zeros)).toString().padStart(6 + zeros, '0');
      let text = `${whole.slice(0, -(5 + zeros))}.${whole.slice(-(5 + zeros))}`;
      if (tailAt !== undefined) text = `${text}${'0'.repeat(tailAt)}1`;
      return text;
    });

  it('a fee rate is accepted and sent exactly iff a double holds it and it is a multiple of 0.00001 in [0, 1]', async () => {
    const step = rational('0.00001');
    await fc.assert(
      fc.asyncProperty(feeText, fc.boolean(), async (text, literal) => {
        sandbox.resetRequestLog();
        sent.length = 0;
        const value = rational(text);
        const multiple = (value.n * step.d) % (step.n * value.d) === 0n;
        const inRange = value.n >= 0n && value.n <= value.d;
        const expectAccepted = exactInDouble(text) && multiple && inRange;
        const { body } = await raw(literal ? feesLiteral(text) : feesVariable(text), admin);
        if (expectAccepted) {
          expect(body.data?.setDefaultFeeRates).toMatchObject({
            __typename: 'SetDefaultFeeRatesSuccess',
          });
          const sentText = sentNumber(sent[0]?.body ?? '', 'maker_fee_rate');
          expect(sentText && same(rational(sentText), value)).toBe(true);
        } else if (!exactInDouble(text)) {
          // Not readable as written: a request error.
          expect(body.errors?.[0]?.extensions).toMatchObject({
            code: 'BAD_USER_INPUT',
            rule: 'exactDecimal',
          });
          expect(sandbox.requestCount()).toBe(0);
        } else {
          // Read exactly, and a rule of the mutation's input broken: its InputError.
          expect(body.data?.setDefaultFeeRates).toMatchObject({
            __typename: 'InputError',
            code: 'BAD_USER_INPUT',
            rule: inRange ? 'feeRateStep' : 'rateRange',
          });
          expect(sandbox.requestCount()).toBe(0);
        }
      }),
      { numRuns: 25 },
    );
  });

  it('an order price is sent with exactly the value written, or refused before the upstream', async () => {
    const priceText = fc
      .tuple(
        // A BUY within the price scope of the mark (3000 × (1 − 0.4) = 1800) that rests.
        fc.integer({ min: 1800, max: 2800 }),
        // Short fractions (a double holds them) and long ones (it mostly does not).
        fc.oneof(fc.stringMatching(/^\d{0,4}$/), fc.stringMatching(/^\d{13,30}$/)),
      )
      .map(([int, frac]) => (frac ? `${int}.${frac}` : `${int}`));
    await fc.assert(
      fc.asyncProperty(priceText, fc.boolean(), async (text, literal) => {
        sandbox.resetRequestLog();
        sent.length = 0;
        const { body } = await raw(literal ? placeLiteral(text) : placeVariable(text), trader);
        const placements = () => sandbox.requestCount({ method: 'POST', path: '/v1/order' });
        if (!exactInDouble(text)) {
          expect(body.errors?.[0]?.extensions).toMatchObject({
            code: 'BAD_USER_INPUT',
            field: 'input.orderPrice',
            rule: 'exactDecimal',
          });
          expect(placements()).toBe(0);
        } else if (!same(rational(text), rational(Number(text).toFixed(2)))) {
          // Off the 0.01 tick, judged on the exact decimal: the symbol's rules refuse it.
          expect(body.errors).toBeUndefined();
          expect(body.data?.placeOrder).toMatchObject({
            __typename: 'InputError',
            code: 'BAD_USER_INPUT',
            field: 'input.orderPrice',
            rule: 'tick',
          });
          expect(placements()).toBe(0);
        } else {
          // Placed, sent as written (the upstream verified its order signature: .10g of it).
          expect(body.errors).toBeUndefined();
          expect(body.data?.placeOrder).toEqual({ __typename: 'PlaceOrderSuccess' });
          const order = sent.find((s) => s.path === '/v1/order');
          const sentText = sentNumber(order?.body ?? '', 'order_price');
          expect(sentText && same(rational(sentText), rational(text))).toBe(true);
        }
      }),
      { numRuns: 12 },
    );
  });
});
