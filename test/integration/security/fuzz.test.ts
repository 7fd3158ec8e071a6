/**
 * Property-based fuzzing (fast-check) of every mutation input and query argument, through HTTP
 * against the real gateway and sandbox: whatever the values (wrong types, extreme numbers,
 * unicode, missing or extra fields), the answer is a valid result or a structured error —
 * never a 5xx, never a code outside the vocabulary, never an unmasked or "Unexpected error".
 * Run counts are bounded so the file stays within a few seconds.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LEDGER_ADDRESSES } from '../../../src/contract/wallet.ts';
import {
  allCodes,
  type CallerName,
  type Reply,
  type SecurityStack,
  startSecurityStack,
  VOCABULARY,
} from './harness.ts';

/** FUZZ_RUNS=500 for a longer hunt; the default keeps the suite fast. */
const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
let s: SecurityStack;
beforeAll(async () => {
  // No sandbox limits and a scaled gateway budget: valid values reach the upstream's checks.
  s = await startSecurityStack('fuzz', {
    sandboxLimits: false,
    env: { UPSTREAM_LIMIT_SCALE: '1000', UPSTREAM_BUDGET_WAIT_MS: '0' },
  });
});
afterAll(() => s?.close());

/** Values of every JSON kind, extremes and hostile strings included. */
const anything: fc.Arbitrary<unknown> = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 20 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.integer(),
  fc.double(),
  fc.constantFrom(
    0,
    -0,
    -1,
    1e308,
    -1e308,
    5e-324,
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 53,
    2 ** 53 + 2,
    1e21,
    0.1 + 0.2,
    0.000011,
  ),
  fc.boolean(),
  fc.constant(null),
  fc.constantFrom(
    '',
    ' ',
    '-',
    '-1',
    '0',
    '1e309',
    'NaN',
    'Infinity',
    '9007199254740993',
    '2024-02-29',
    '2023-02-29',
    '0000-00-00',
    '9999-12-31',
    'PERP_BTC_USDC',
    'SPOT_BTC_USDC',
    'enum:GRID',
    'x'.repeat(37),
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    '\u0000',
    '\uD800',
    '<script>alert(1)</script>',
    "' OR 1=1 --",
    '../../etc/passwd',
    '{{7*7}}',
    '%00',
  ),
  fc.array(fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.constant(null)), {
    maxLength: 4,
  }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.oneof(fc.string(), fc.integer()), {
    maxKeys: 3,
  }),
);

/** Plausible values most of the time (to get past coercion), anything the rest. */
const field = (...plausible: unknown[]) =>
  fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...plausible) },
    { weight: 2, arbitrary: anything },
  );
const symbol = field(
  'PERP_BTC_USDC',
  'PERP_ETH_USDC',
  'PERP_XAU_USDC',
  'PERP_NOPE_USDC',
  'perp_btc_usdc',
);
const rate = field(0, 0.0001, 0.00015, 0.2, 1, 1.5, -0.1);
const quantity = field(0.001, 0.01, 1, 0, -1, 1e-9, 1e12);
const date = field('2024-01-01', '2024-12-31', '2040-01-01', '2024-13-01');
const account = () => field(s.accountOf('trader'), s.accountOf('otherTrader'), '0x1', 'unknown');
const record = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 9, arbitrary: fc.record(fields, { requiredKeys: [] }) },
    { weight: 1, arbitrary: anything },
  );

const LEDGER = LEDGER_ADDRESSES.testnet;
const RESULT = '{ __typename ... on Error { code message } ... on InputError { field rule } }';

interface Target {
  caller: CallerName;
  document: string;
  variables: () => fc.Arbitrary<Record<string, unknown>>;
}

const TARGETS: Record<string, Target> = {
  placeOrder: {
    caller: 'trader',
    document: `mutation($input: PlaceOrderInput!) { placeOrder(input: $input) ${RESULT} }`,
    variables: () =>
      fc.record({
        input: record({
          symbol,
          orderType: field('LIMIT', 'MARKET', 'IOC', 'FOK', 'POST_ONLY', 'ASK', 'BID', 'STOP'),
          side: field('BUY', 'SELL', 'buy'),
          orderPrice: field(60000, 59000.5, 60000.05, 0, -1),
          orderQuantity: quantity,
          orderAmount: quantity,
          clientOrderId: field('fuzz-1', 'a'.repeat(36), '-x', 'has space', 'ü'),
          level: field(0, 4, 5, -1),
          marginMode: field('CROSS', 'ISOLATED', 'NONE'),
          orderTag: field('enum:GRID', 'CODE1', 'x'.repeat(40)),
          postOnlyAdjust: field(true, false),
          reduceOnly: field(true, false),
          slippage: field(0.01, 1, 2, 0),
          visibleQuantity: quantity,
        }),
      }),
  },
  setDefaultMarginMode: {
    caller: 'trader',
    document: `mutation($input: SetDefaultMarginModeInput!) { setDefaultMarginMode(input: $input) ${RESULT} }`,
    variables: () =>
      fc.record({ input: record({ symbol, defaultMarginMode: field('CROSS', 'ISOLATED') }) }),
  },
  requestInternalTransfer: {
    caller: 'trader',
    document: `mutation($input: RequestInternalTransferInput!) { requestInternalTransfer(input: $input) ${RESULT} }`,
    variables: () =>
      fc.record({
        input: record({
          signature: field(`0x${'ab'.repeat(65)}`, '0x', ''),
          userAddress: field(`0x${'1'.repeat(40)}`, 'not-an-address'),
          verifyingContract: field(`0x${'2'.repeat(40)}`),
          message: record({
            amount: quantity,
            chainId: field('1', '0', '-1'),
            chainType: field('EVM', 'SOL', 'BTC'),
            receiver: account(),
            token: field('USDC', 'ETH'),
            transferNonce: field('1', '2', 'abc'),
          }),
        }),
      }),
  },
  requestWithdrawal: {
    caller: 'trader',
    document: `mutation($input: WithdrawalInput!) { requestWithdrawal(input: $input) ${RESULT} }`,
    variables: () =>
      fc.record({
        input: record({
          signature: field(`0x${'ab'.repeat(65)}`, `0x${'ab'.repeat(64)}`, '0x'),
          userAddress: field(`0x${'1'.repeat(40)}`, `0x${'1'.repeat(39)}`),
          verifyingContract: field(LEDGER, LEDGER.toLowerCase(), `0x${'2'.repeat(40)}`),
          message: record({
            brokerId: field('demo', '', 'x'.repeat(65)),
            chainId: field(421614, 0, -1, '421614'),
            receiver: field(`0x${'1'.repeat(40)}`, 'not-an-address'),
            token: field('USDC', 'ETH', 'usdc'),
            amount: field('1000000', '0', '1.5', '-1', '1'.repeat(31)),
            withdrawNonce: field(1, 0, 2 ** 53, '7'),
            timestamp: field(1_700_000_000_000, 0, -1),
            allowCrossChainWithdrawal: field(true, false),
          }),
        }),
      }),
  },
  settlePnl: {
    caller: 'trader',
    document: `mutation($input: SettlePnlInput!) { settlePnl(input: $input) ${RESULT} }`,
    variables: () =>
      fc.record({
        input: record({
          signature: field(`0x${'cd'.repeat(65)}`, ''),
          userAddress: field(`0x${'3'.repeat(40)}`),
          verifyingContract: field(LEDGER),
          message: record({
            brokerId: field('demo'),
            chainId: field(421614, 1),
            settleNonce: field(1, 0, 'x'),
            timestamp: field(1_700_000_000_000, 1.5),
          }),
        }),
      }),
  },
  setDefaultFeeRates: {
    caller: 'admin',
    document: `mutation($input: SetDefaultFeeRatesInput!) { setDefaultFeeRates(input: $input) ${RESULT} }`,
    variables: () =>
      fc.record({
        input: record({
          makerFeeRate: rate,
          takerFeeRate: rate,
          rwaMakerFeeRate: rate,
          rwaTakerFeeRate: rate,
        }),
      }),
  },
  updateOrderTagFeeConfig: {
    caller: 'admin',
    document: `mutation($enumId: String!, $input: OrderTagFeeConfigInput!) {
      updateOrderTagFeeConfig(enumId: $enumId, input: $input) ${RESULT} }`,
    variables: () =>
      fc.record({
        enumId: field('GRID', 'FUZZ_1', 'lower', 'X'.repeat(32)),
        input: record({
          defaultFeeRate: rate,
          description: field('d', ''),
          name: field('n', ''),
          pairOverrides: fc.oneof(
            fc.array(record({ symbol, feeRate: rate }), { maxLength: 3 }),
            anything,
          ),
        }),
      }),
  },
  upsertPointsStage: {
    caller: 'admin',
    document: `mutation($input: UpsertPointsStageInput!) { upsertPointsStage(input: $input) ${RESULT} }`,
    variables: () =>
      fc.record({
        input: record({
          stageId: field(1, 2, '3', 999, -1, '18446744073709551616'),
          stageName: field('Stage', ''),
          startDate: date,
          endDate: date,
          isContinous: field(true, false),
          l1ReferralBoost: rate,
          l2ReferralBoost: rate,
          pnlBoost: rate,
          volumeBoost: rate,
        }),
      }),
  },
  createReferralCode: {
    caller: 'admin',
    document: `mutation($input: CreateReferralCodeInput!) { createReferralCode(input: $input) ${RESULT} }`,
    variables: () =>
      fc.record({
        input: record({
          accountId: account(),
          referralCode: field('FUZZ1', 'fuzz_2', 'bad code', ''),
          maxRebateRate: rate,
          referrerRebateRate: rate,
          refereeRebateRate: rate,
        }),
      }),
  },
  setAffiliateRebateRate: {
    caller: 'admin',
    document: `mutation($input: SetAffiliateRebateRateInput!) { setAffiliateRebateRate(input: $input) ${RESULT} }`,
    variables: () =>
      fc.record({
        input: record({
          rebateRate: rate,
          accountIds: fc.oneof(fc.array(account(), { maxLength: 4 }), anything),
        }),
      }),
  },
  order: {
    caller: 'trader',
    document: 'query($id: String!) { order(clientOrderId: $id) { clientOrderId status } }',
    variables: () => fc.record({ id: field('fuzz-1', '-x', '') }),
  },
  orders: {
    caller: 'trader',
    document: 'query($ids: [String!]!) { orders(clientOrderIds: $ids) { clientOrderId } }',
    variables: () =>
      fc.record({
        ids: fc.oneof(fc.array(field('fuzz-1', '-x', ''), { maxLength: 60 }), anything),
      }),
  },
  refereeRebateSummary: {
    caller: 'trader',
    document: `query($startDate: Date, $endDate: Date) {
      refereeRebateSummary(startDate: $startDate, endDate: $endDate) { totalRefereeRebate } }`,
    variables: () => fc.record({ startDate: date, endDate: date }, { requiredKeys: [] }),
  },
  referralAdminInfo: {
    caller: 'admin',
    document: `query($page: Int, $size: Int, $userAddress: String, $accountId: String, $sortBy: ReferralSort) {
      referralAdminInfo(page: $page, size: $size, userAddress: $userAddress, accountId: $accountId, sortBy: $sortBy) {
        meta { total } } }`,
    variables: () =>
      fc.record(
        {
          page: field(1, 2, 0, -1, 2 ** 31),
          size: field(1, 100, 101, 0),
          userAddress: field(`0x${'1'.repeat(40)}`),
          accountId: account(),
          sortBy: field('TOTAL_INVITES', 'TOTAL_TRADED', 'REFEREE_VOLUME', 'NAME'),
        },
        { requiredKeys: [] },
      ),
  },
};

const ERROR_CODES = new Set([
  'BAD_USER_INPUT',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'RATE_LIMITED',
  'UPSTREAM_REJECTED',
  'UPSTREAM_UNAVAILABLE',
  'IDEMPOTENCY_MISMATCH',
  'IDEMPOTENCY_IN_PROGRESS',
]);

/** A valid result or a structured error; `what` names the input in a failure. */
function expectStructured(reply: Reply, what: string): void {
  expect(reply.status, what).toBeLessThan(500);
  expect(reply.body, `${what}: not JSON: ${reply.text.slice(0, 200)}`).toBeDefined();
  for (const error of reply.body?.errors ?? []) {
    const code = error.extensions?.code;
    expect(VOCABULARY.has(code as string), `${what}: ${JSON.stringify(error)}`).toBe(true);
    expect(code, `${what}: ${error.message}`).not.toBe('INTERNAL');
    expect(error.message, what).not.toMatch(/Unexpected error/);
  }
  for (const code of allCodes(reply.body)) {
    expect(VOCABULARY.has(code as string), `${what}: ${code}`).toBe(true);
    expect(code, `${what}: ${reply.text.slice(0, 300)}`).not.toBe('INTERNAL');
  }
  const values = Object.values(reply.body?.data ?? {});
  // Every member's code is an ErrorCode value; a null field comes with its error.
  if (values.some((v) => v === null)) expect(reply.body?.errors?.length, what).toBeGreaterThan(0);
  for (const value of values) {
    const code = (value as { code?: unknown } | null)?.code;
    if (code !== undefined) expect(ERROR_CODES.has(code as string), what).toBe(true);
  }
}

describe.each(Object.entries(TARGETS))('%s', (_name, target) => {
  it('answers any input with a valid result or a structured error', async () => {
    await fc.assert(
      fc.asyncProperty(target.variables(), async (variables) => {
        const reply = await s.gql(target.caller, target.document, variables);
        expectStructured(reply, JSON.stringify(variables));
      }),
      { numRuns: RUNS },
    );
  });
});

describe('raw requests', () => {
  it('any JSON body answers below 500 with coded errors', async () => {
    await fc.assert(
      fc.asyncProperty(fc.json({ maxDepth: 3 }), async (json) => {
        const reply = await s.send('trader', json);
        expectStructured(reply, json);
      }),
      { numRuns: RUNS },
    );
  });

  it('any query text (random tokens of GraphQL) answers below 500 with coded errors', async () => {
    const token = fc.constantFrom(
      '{',
      '}',
      '(',
      ')',
      '[',
      ']',
      ':',
      '$',
      '@',
      '...',
      '!',
      '=',
      'query',
      'mutation',
      'fragment',
      'on',
      'account',
      'id',
      'order',
      'orders',
      'withdrawNonce',
      'placeOrder',
      'input',
      'clientOrderId',
      '"x"',
      '1',
      '1.5',
      'true',
      'null',
      'Account',
      '__typename',
      '__schema',
    );
    await fc.assert(
      fc.asyncProperty(
        fc.array(token, { maxLength: 30 }),
        fc.oneof(anything, fc.constant(undefined)),
        async (tokens, variables) => {
          const reply = await s.send('trader', { query: tokens.join(' '), variables });
          expectStructured(reply, tokens.join(' '));
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });
});

it('leaks no secret, token or key in any log line, response, error or metric of this file', async () => {
  expect(await s.leaks()).toEqual([]);
});
