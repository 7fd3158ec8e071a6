/**
 * The rows' field rules (contract/fields*.ts) are the one source of both sides' input checks:
 * every row names its body and query fields with rules; the gateway's zod rule
 * (schema/field-rules.ts) and the sandbox's reader (sandbox/validation.ts) both read them and
 * agree on every field of every row; a rule changed in a copy changes both verdicts; the
 * schema's inputs check their rows' rules; and the sandbox's OpenAPI document states them.
 */
import { describe, expect, it } from 'vitest';
import {
  ENDPOINT_KEYS,
  ENDPOINTS,
  type Endpoint,
  splitKey,
} from '../../../src/contract/endpoints.ts';
import type { FieldRule, FieldTable } from '../../../src/contract/field-types.ts';
import {
  CLIENT_ORDER_ID,
  FEE_RATE,
  LEVEL,
  NON_NEGATIVE,
  ORDER_TAG,
  SYMBOL,
} from '../../../src/contract/fields.ts';
import { MARGIN_MODE_BODY, TRANSFER_MESSAGE } from '../../../src/contract/fields-account.ts';
import {
  AFFILIATE_REBATE_RATE_BODY,
  CREATE_REFERRAL_CODE_BODY,
  DEFAULT_FEE_RATES_BODY,
  ORDER_TAG_FEE_CONFIG_BODY,
  POINTS_STAGE_BODY,
  REFERRAL_ADMIN_QUERY,
} from '../../../src/contract/fields-admin.ts';
import {
  CANCEL_ALL_AFTER_BODY,
  CANCEL_CLIENT_ORDERS_QUERY,
  CANCEL_ORDERS_QUERY,
  EDIT_ORDER_BODY,
  LIST_ORDERS_QUERY,
  ORDER_BODY,
} from '../../../src/contract/fields-orders.ts';
import { ApiError } from '../../../src/sandbox/errors.ts';
import { buildOpenApiDocument } from '../../../src/sandbox/openapi.ts';
import { fieldSchema } from '../../../src/sandbox/openapi-fields.ts';
import { Fields } from '../../../src/sandbox/validation.ts';
import { MAX_TEXT, zodRule } from '../../../src/schema/field-rules.ts';
import { ruleOf } from '../../../src/schema/validation.ts';
import { INPUT_ERROR, inputIssues } from '../schema/input-issues.ts';

const rows = Object.entries(ENDPOINTS) as [string, Endpoint][];
const KINDS = ['text', 'decimal', 'int', 'enum', 'boolean', 'date', 'list', 'object', 'map'];

/** Every rule of a table, nested ones (list items, object fields, map keys and values) too. */
function rulesOf(table: FieldTable, prefix = ''): [string, FieldRule][] {
  return Object.entries(table).flatMap(([name, rule]): [string, FieldRule][] => {
    const path = prefix + name;
    if (rule.kind === 'list') {
      const items: [string, FieldRule][] =
        rule.of.kind === 'object'
          ? rulesOf(rule.of.fields, `${path}[].`)
          : [[`${path}[]`, rule.of]];
      return [[path, rule], ...items];
    }
    if (rule.kind === 'object') return [[path, rule], ...rulesOf(rule.fields, `${path}.`)];
    if (rule.kind === 'map') {
      return [
        [path, rule],
        [`${path}{key}`, rule.key],
        [`${path}{value}`, rule.value],
      ];
    }
    return [[path, rule]];
  });
}

const tables = rows.flatMap(([key, row]) =>
  [row.body, row.query].flatMap((table) => (table ? rulesOf(table, `${key} `) : [])),
);

/** A text beyond MAX_TEXT where the row's rule has no bound: the gateway refuses it alone. */
const gatewayBound = (rule: FieldRule, value: unknown) =>
  rule.kind === 'text' &&
  rule.maxLength === undefined &&
  !rule.pattern &&
  String(value).length > MAX_TEXT;

/** Whether the gateway's zod rule takes the value. */
const gateway = (rule: FieldRule, value: unknown) => zodRule(rule).safeParse(value).success;

/** Whether the sandbox's reader takes it as a JSON body field. */
function sandbox(rule: FieldRule, value: unknown): boolean {
  try {
    Fields.body({ v: value }, { v: rule }).read('v', true);
    return true;
  } catch (error) {
    if (error instanceof ApiError) return false;
    throw error;
  }
}

const TEXTS = [
  '',
  'a',
  'A_b-1',
  '-x',
  'a b',
  'a.b',
  'é',
  'PERP_BTC_USDC',
  'perp_btc_usdc',
  'enum:GRID_2',
  'enum:grid',
  'REF-CODE',
  '123',
  '2024-02-29',
  '2023-02-29',
  '2024-1-01',
  'LIMIT',
  'BUY',
  'CROSS',
  '1h',
  'x'.repeat(31),
  'X'.repeat(32),
  'x'.repeat(36),
  'x'.repeat(37),
  'x'.repeat(101),
  'x'.repeat(501),
  '0a'.repeat(65),
];
const NUMBERS = [
  -1,
  0,
  0.5,
  1,
  1.5,
  2,
  4,
  5,
  25,
  100,
  101,
  500,
  501,
  1000,
  1001,
  4_999,
  5_000,
  900_000,
  900_001,
  0.00001,
  0.00003,
  0.000015,
  1e-7,
  0.1 + 0.2,
  1_000_000,
  1_000_001,
  2 ** 53,
  Number.NaN,
  Number.POSITIVE_INFINITY,
];
const SAMPLES: Record<string, readonly unknown[]> = {
  text: TEXTS,
  date: TEXTS,
  enum: TEXTS,
  decimal: NUMBERS,
  int: NUMBERS,
  boolean: [true, false],
};

describe("the rows' field rules", () => {
  it('name every body and query field of every row with a rule', () => {
    expect(tables.length).toBeGreaterThan(100);
    for (const [path, rule] of tables) expect(KINDS, path).toContain(rule.kind);
    for (const [key, row] of rows) {
      const { method } = splitKey(key as never);
      // A row takes a body exactly when it writes with one.
      expect(row.body !== undefined, key).toBe(method === 'POST' || method === 'PUT');
      for (const table of [row.body, row.query]) {
        for (const name of Object.keys(table ?? {})) expect(name, key).toMatch(/^[a-z][\w]*$/);
      }
    }
    // The market-data rows' queries too (symbol, limit, max_level, type, resolution, from, to).
    expect(Object.keys(ENDPOINTS['GET /v1/tv/kline_history'].query)).toEqual([
      'symbol',
      'resolution',
      'from',
      'to',
      'limit',
    ]);
  });

  it('give the gateway and the sandbox the same verdict on every field of every row', () => {
    let compared = 0;
    for (const [path, rule] of tables) {
      for (const value of SAMPLES[rule.kind] ?? []) {
        // The gateway's own bound on a text the spec leaves unbounded: not the row's rule.
        if (gatewayBound(rule, value)) continue;
        const label = `${path} ← ${JSON.stringify(value)}`;
        expect(gateway(rule, value), label).toBe(sandbox(rule, value));
        compared++;
      }
    }
    expect(compared).toBeGreaterThan(2000);
  });

  it('change both verdicts when a rule changes (each side reads the rule, restates nothing)', () => {
    const changes: [string, FieldRule, FieldRule, unknown][] = [
      [
        'a shorter client_order_id',
        CLIENT_ORDER_ID,
        { ...CLIENT_ORDER_ID, maxLength: 8 },
        'x'.repeat(9),
      ],
      [
        'another symbol form',
        SYMBOL,
        { ...SYMBOL, pattern: { ...SYMBOL.pattern, regex: /^SPOT_/ } },
        'PERP_BTC_USDC',
      ],
      ['a coarser fee step', FEE_RATE, { ...FEE_RATE, places: 2 }, 0.001],
      ['a lower fee ceiling', FEE_RATE, { ...FEE_RATE, max: 0.5 }, 0.6],
      ['a lower top level', LEVEL, { ...LEVEL, max: 2 }, 3],
      ['a smaller page', LIST_ORDERS_QUERY.size, { ...LIST_ORDERS_QUERY.size, max: 100 }, 200],
      ['strictly positive', NON_NEGATIVE, { ...NON_NEGATIVE, positive: true }, 0],
      [
        'no off value',
        CANCEL_ALL_AFTER_BODY.trigger_after,
        { ...CANCEL_ALL_AFTER_BODY.trigger_after, off: undefined },
        0,
      ],
      [
        'fewer margin modes',
        MARGIN_MODE_BODY.default_margin_mode,
        { kind: 'enum', values: ['CROSS'] },
        'ISOLATED',
      ],
      [
        'one more named check',
        ORDER_TAG,
        {
          ...ORDER_TAG,
          checks: [{ rule: 'x', message: 'no X', test: (v: string) => !v.startsWith('X') }],
        },
        'XREF',
      ],
    ];
    for (const [what, rule, changed, value] of changes) {
      expect([gateway(rule, value), sandbox(rule, value)], what).toEqual([true, true]);
      expect([gateway(changed, value), sandbox(changed, value)], what).toEqual([false, false]);
    }
  });
});

describe("the schema's inputs check their rows' rules", () => {
  const PLACE = `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) { ${INPUT_ERROR} } }`;
  const order = {
    symbol: 'PERP_BTC_USDC',
    orderType: 'LIMIT',
    side: 'BUY',
    orderPrice: 1,
    orderQuantity: 1,
  };
  const bid = { ...order, orderType: 'BID' };
  const EDIT = `mutation($input: EditOrderInput!) { editOrder(input: $input) { ${INPUT_ERROR} } }`;
  const edit = {
    orderId: 1,
    symbol: 'PERP_BTC_USDC',
    side: 'BUY',
    orderType: 'LIMIT',
    orderPrice: 1,
    orderQuantity: 1,
  };
  const CANCELS = `mutation($input: CancelOrdersInput!) { cancelOrders(input: $input) { ${INPUT_ERROR} } }`;
  const FEES = `mutation($input: SetDefaultFeeRatesInput!) { setDefaultFeeRates(input: $input) { ${INPUT_ERROR} } }`;
  const TAG = `mutation($input: OrderTagFeeConfigInput!) { updateOrderTagFeeConfig(enumId: "G", input: $input) { ${INPUT_ERROR} } }`;
  const REFERRAL = `mutation($input: CreateReferralCodeInput!) { createReferralCode(input: $input) { ${INPUT_ERROR} } }`;
  const referral = {
    accountId: '0x1',
    referralCode: 'CODE',
    maxRebateRate: 0.5,
    referrerRebateRate: 0.1,
    refereeRebateRate: 0.1,
  };
  const AFFILIATE = `mutation($input: SetAffiliateRebateRateInput!) { setAffiliateRebateRate(input: $input) { ${INPUT_ERROR} } }`;
  const STAGE = `mutation($input: UpsertPointsStageInput!) { upsertPointsStage(input: $input) { ${INPUT_ERROR} } }`;
  const INFO = 'query($size: Int) { referralAdminInfo(size: $size) { meta { total } } }';
  const MARGIN = `mutation($input: SetDefaultMarginModeInput!) { setDefaultMarginMode(input: $input) { ${INPUT_ERROR} } }`;
  const TRANSFER = `mutation($input: RequestInternalTransferInput!) { requestInternalTransfer(input: $input) { ${INPUT_ERROR} } }`;
  const message = {
    receiver: '0x2',
    token: 'USDC',
    amount: 1,
    transferNonce: '1',
    chainId: '1',
    chainType: 'EVM',
  };
  const transfer = { signature: '0x', userAddress: '0x1', verifyingContract: '0x3', message };
  const ids = (n: number) => Array.from({ length: n }, (_, i) => `id${i}`);

  /** [field, document, variables with the value at `field`, its row's rule, refused, taken] */
  type Case = [
    string,
    string,
    (v: unknown) => Record<string, unknown>,
    FieldRule,
    unknown,
    unknown,
  ];
  const cases: Case[] = [
    [
      'input.symbol',
      PLACE,
      (v) => ({ input: { ...order, symbol: v } }),
      ORDER_BODY.symbol,
      'PERP_btc_USDC',
      'PERP_1000PEPE_USDC',
    ],
    [
      'input.clientOrderId',
      PLACE,
      (v) => ({ input: { ...order, clientOrderId: v } }),
      ORDER_BODY.client_order_id,
      'x'.repeat(37),
      'x'.repeat(36),
    ],
    [
      'input.orderPrice',
      PLACE,
      (v) => ({ input: { ...order, orderPrice: v } }),
      ORDER_BODY.order_price,
      0,
      0.0001,
    ],
    [
      'input.slippage',
      PLACE,
      (v) => ({ input: { ...order, orderType: 'MARKET', slippage: v } }),
      ORDER_BODY.slippage,
      1.01,
      1,
    ],
    [
      'input.orderTag',
      PLACE,
      (v) => ({ input: { ...order, orderTag: v } }),
      ORDER_BODY.order_tag,
      'enum:lower',
      'enum:UPPER',
    ],
    ['input.level', PLACE, (v) => ({ input: { ...bid, level: v } }), ORDER_BODY.level, 5, 4],
    [
      'input.visibleQuantity',
      EDIT,
      (v) => ({ input: { ...edit, visibleQuantity: v } }),
      EDIT_ORDER_BODY.visible_quantity,
      -0.1,
      0,
    ],
    [
      'input.orderIds',
      CANCELS,
      (v) => ({ input: { orderIds: v } }),
      CANCEL_ORDERS_QUERY.order_ids,
      [1, 1],
      [1, 2],
    ],
    [
      'input.clientOrderIds',
      CANCELS,
      (v) => ({ input: { clientOrderIds: v } }),
      CANCEL_CLIENT_ORDERS_QUERY.client_order_ids,
      ids(11),
      ids(10),
    ],
    [
      'input.makerFeeRate',
      FEES,
      (v) => ({ input: { makerFeeRate: v, takerFeeRate: 0 } }),
      DEFAULT_FEE_RATES_BODY.maker_fee_rate,
      0.000015,
      0.00002,
    ],
    [
      'input.description',
      TAG,
      (v) => ({ input: { description: v } }),
      ORDER_TAG_FEE_CONFIG_BODY.description,
      'x'.repeat(501),
      '',
    ],
    [
      'input.pairOverrides.0.feeRate',
      TAG,
      (v) => ({ input: { pairOverrides: [{ symbol: 'PERP_A_B', feeRate: v }] } }),
      ORDER_TAG_FEE_CONFIG_BODY.pair_overrides.value,
      1.00001,
      1,
    ],
    [
      'input.referralCode',
      REFERRAL,
      (v) => ({ input: { ...referral, referralCode: v } }),
      CREATE_REFERRAL_CODE_BODY.referral_code,
      'x'.repeat(37),
      'x'.repeat(36),
    ],
    [
      'input.accountIds',
      AFFILIATE,
      (v) => ({ input: { rebateRate: 0, accountIds: v } }),
      AFFILIATE_REBATE_RATE_BODY.account_ids,
      ids(101),
      ids(100),
    ],
    ['input.stageId', STAGE, (v) => ({ input: { stageId: v } }), POINTS_STAGE_BODY.stage_id, 0, 1],
    ['size', INFO, (v) => ({ size: v }), REFERRAL_ADMIN_QUERY.size, 101, 100],
    [
      'input.symbol',
      MARGIN,
      (v) => ({ input: { symbol: v, defaultMarginMode: 'CROSS' } }),
      MARGIN_MODE_BODY.symbol,
      'BTC',
      'PERP_BTC_USDC',
    ],
    [
      'input.message.transferNonce',
      TRANSFER,
      (v) => ({ input: { ...transfer, message: { ...message, transferNonce: v } } }),
      TRANSFER_MESSAGE.transferNonce,
      '1a',
      '12',
    ],
  ];

  it.each(cases)('%s', async (field, document, variables, rule, refused, taken) => {
    const result = zodRule(rule).safeParse(refused);
    expect(result.success).toBe(false);
    const expected = result.success ? [] : result.error.issues.map((i) => ruleOf(i));
    const refusedIssues = (await inputIssues(document, variables(refused))).filter(
      (i) => i.path === field,
    );
    expect(refusedIssues.map((i) => i.rule)).toEqual(expected);
    expect(zodRule(rule).safeParse(taken).success).toBe(true);
    const takenIssues = await inputIssues(document, variables(taken));
    expect(takenIssues.filter((i) => i.path.startsWith(field))).toEqual([]);
  });
});

describe("the sandbox's OpenAPI document", () => {
  const doc = buildOpenApiDocument(ENDPOINT_KEYS.map((endpoint) => ({ endpoint }))) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { name: string; in: string; schema: object }[];
          requestBody?: { content: Record<string, { schema: { properties?: object } }> };
        }
      >
    >;
  };

  it("states each row's query and body fields by their rules", () => {
    for (const [key, row] of rows) {
      const { method, path } = splitKey(key as never);
      const op = doc.paths[path]![method.toLowerCase()]!;
      for (const [name, rule] of Object.entries(row.query ?? {})) {
        const parameter = op.parameters?.find((p) => p.in === 'query' && p.name === name);
        expect(parameter?.schema, `${key} ${name}`).toMatchObject(fieldSchema(rule, 'query'));
      }
      const body = op.requestBody?.content['application/json']?.schema;
      for (const [name, rule] of Object.entries(row.body ?? {})) {
        // POST /v1/order refers to the OrderParams component, generated from the same row.
        if (!body?.properties) continue;
        expect((body.properties as Record<string, object>)[name], `${key} ${name}`).toMatchObject(
          fieldSchema(rule),
        );
      }
    }
  });
});
