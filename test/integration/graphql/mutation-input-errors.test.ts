/**
 * Issue 30's one story, mutation by mutation: whatever finds a mutation's input failure (its
 * zod argument rules, a resolver's check of the upstream's state, waitFor's allowed values,
 * the wallet checks), the answer is the `InputError` member of its result with `issues`,
 * never an entry of `errors`, and nothing is sent upstream. The table must name every
 * mutation of the schema, so a new one cannot skip the story.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { LEDGER_ADDRESSES } from '../../../src/contract/wallet.ts';
import { schema } from '../../../src/schema/index.ts';
import {
  type Caller,
  type Harness,
  INPUT_ERROR,
  inputError,
  startHarness,
} from '../../helpers/graphql-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await startHarness();
});
afterAll(() => h.close());
beforeEach(() => h.sandbox.resetRequestLog());

const ORDER = 'symbol: "PERP_ETH_USDC", orderType: LIMIT, side: BUY, orderPrice: 3000';
const SIGNED = `signature: "0x${'ab'.repeat(65)}", userAddress: "0x${'1'.repeat(40)}"`;
const LEDGER = `verifyingContract: "${LEDGER_ADDRESSES.testnet}"`;
const BAD_SYMBOL = 'symbol: "eth"';

interface Case {
  caller: Caller;
  /** The mutation's arguments, as written between its parentheses. */
  args: string;
  field: string;
  rule: string;
}

const CASES: Record<string, Case> = {
  placeOrder: {
    caller: 'trader',
    args: `input: {${ORDER}, orderQuantity: 0}`,
    field: 'input.orderQuantity',
    rule: 'positive',
  },
  placeOrders: {
    caller: 'trader',
    args: `inputs: [{${ORDER}, orderQuantity: 1}, {${ORDER}, orderQuantity: -1}]`,
    field: 'inputs.1.orderQuantity',
    rule: 'positive',
  },
  // waitFor: a value cancelOrder does not take, checked by the resolver before sending.
  cancelOrder: {
    caller: 'trader',
    args: 'input: {symbol: "PERP_ETH_USDC", orderId: 1}, waitFor: FILLED',
    field: 'waitFor',
    rule: 'allowedWait',
  },
  cancelOrders: {
    caller: 'trader',
    args: 'input: {clientOrderIds: ["a", "a"]}',
    field: 'input.clientOrderIds',
    rule: 'unique',
  },
  cancelAllOrders: { caller: 'trader', args: BAD_SYMBOL, field: 'symbol', rule: 'symbol' },
  editOrder: {
    caller: 'trader',
    args: `input: {orderId: 1, ${ORDER}, orderQuantity: 0}`,
    field: 'input.orderQuantity',
    rule: 'positive',
  },
  setDefaultMarginMode: {
    caller: 'trader',
    args: `input: {${BAD_SYMBOL}, defaultMarginMode: CROSS}`,
    field: 'input.symbol',
    rule: 'symbol',
  },
  requestInternalTransfer: {
    caller: 'trader',
    args: `input: {${SIGNED}, verifyingContract: "0x${'2'.repeat(40)}", message: {
      receiver: "0x3", token: "USDC", amount: -1, transferNonce: "1", chainId: "1", chainType: "EVM"}}`,
    field: 'input.message.amount',
    rule: 'positive',
  },
  setDefaultFeeRates: {
    caller: 'admin',
    args: 'input: {makerFeeRate: 0.000025, takerFeeRate: 0.0005}',
    field: 'input.makerFeeRate',
    rule: 'feeRateStep',
  },
  updateOrderTagFeeConfig: {
    caller: 'admin',
    args: 'enumId: "no spaces", input: {defaultFeeRate: 0.0001}',
    field: 'enumId',
    rule: 'enumId',
  },
  upsertPointsStage: {
    caller: 'admin',
    args: 'input: {stageName: "S", startDate: "2024-03-02", endDate: "2024-03-01"}',
    field: 'input.endDate',
    rule: 'dateOrder',
  },
  createReferralCode: {
    caller: 'admin',
    args: `input: {accountId: "0xabc", referralCode: "CODE", maxRebateRate: 0.3,
      referrerRebateRate: 0.2, refereeRebateRate: 0.2}`,
    field: 'input.referrerRebateRate',
    rule: 'sharesWithinMax',
  },
  setAffiliateRebateRate: {
    caller: 'admin',
    args: 'input: {accountIds: ["0xabc"], rebateRate: 2}',
    field: 'input.rebateRate',
    rule: 'rateRange',
  },
  placeAlgoOrder: {
    caller: 'trader',
    args: `input: {algoType: STOP, ${BAD_SYMBOL}, side: BUY, type: MARKET, quantity: 1, triggerPrice: 3000}`,
    field: 'input.symbol',
    rule: 'symbol',
  },
  editAlgoOrder: {
    caller: 'trader',
    args: 'input: {algoOrderId: 1, quantity: -1}',
    field: 'input.quantity',
    rule: 'positive',
  },
  cancelAlgoOrder: {
    caller: 'trader',
    args: `input: {algoOrderId: 1, ${BAD_SYMBOL}}`,
    field: 'input.symbol',
    rule: 'symbol',
  },
  cancelAlgoOrders: { caller: 'trader', args: BAD_SYMBOL, field: 'symbol', rule: 'symbol' },
  // A check of the upstream's state (one read, no write): the fresh trader holds no position.
  setPositionTpSl: {
    caller: 'trader',
    args: 'input: {symbol: "PERP_ETH_USDC", takeProfit: {triggerPrice: 4000}}',
    field: 'input.symbol',
    rule: 'noPosition',
  },
  setLeverage: {
    caller: 'trader',
    args: 'input: {symbol: "PERP_ETH_USDC", leverage: 0}',
    field: 'input.leverage',
    rule: 'range',
  },
  // Its noPosition check needs the private stream: close-position.test.ts (a real gateway).
  closePosition: {
    caller: 'trader',
    args: `input: {${BAD_SYMBOL}}`,
    field: 'input.symbol',
    rule: 'symbol',
  },
  // A message the caller's wallet did not sign: the gateway's wallet check.
  requestWithdrawal: {
    caller: 'trader',
    args: `input: {${SIGNED}, ${LEDGER}, message: {brokerId: "demo", chainId: 421614,
      receiver: "0x${'1'.repeat(40)}", token: "USDC", amount: "1000000", withdrawNonce: 1,
      timestamp: 1700000000000}}`,
    field: 'input.userAddress',
    rule: 'accountWallet',
  },
  settlePnl: {
    caller: 'trader',
    args: `input: {${SIGNED}, ${LEDGER}, message: {brokerId: "demo", chainId: 421614,
      settleNonce: 1, timestamp: 1700000000000}}`,
    field: 'input.userAddress',
    rule: 'accountWallet',
  },
};

/** Requests that change something upstream (reads a check needs are allowed). */
const writes = () => h.upstreamCalls() - h.upstreamCalls({ method: 'GET' });

describe('every mutation answers its input failure as the InputError member', () => {
  it('the table names every mutation of the schema', () => {
    const names = Object.keys(schema.getMutationType()?.getFields() ?? {});
    expect(Object.keys(CASES).sort()).toEqual(names.sort());
  });

  it.each(Object.entries(CASES))('%s', async (name, { caller, args, field, rule }) => {
    const result = await h.exec(caller, `mutation { ${name}(${args}) { ${INPUT_ERROR} } }`);
    expect(result.errors, JSON.stringify(result)).toBeUndefined();
    const member = inputError(result, name);
    expect(member, JSON.stringify(result)).toMatchObject({ code: 'BAD_USER_INPUT', field, rule });
    expect(member?.issues[0]).toMatchObject({ field, rule });
    expect(member?.upstreamCode).toBe(0);
    expect(writes()).toBe(0);
  });
});
