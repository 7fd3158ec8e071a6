/** The upstream-cost model of the caller limits, on the gateway's real schema. */
import { parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { operationCost, ROOT_FIELD_ENDPOINTS } from '../../../src/caller-limits/cost.ts';
import { ENDPOINTS } from '../../../src/contract/endpoints.ts';
import { schema } from '../../../src/schema/index.ts';

const cost = (query: string, variables?: Record<string, unknown>, name?: string) =>
  operationCost(schema, parse(query), name, variables);
const aliases = (n: number, field: string) =>
  `{ ${Array.from({ length: n }, (_, i) => `a${i}: ${field}`).join(' ')} }`;

describe('operationCost', () => {
  it('counts every alias of a root field: 30 strategyVaultNonce cost 30 of sv_nonce', () => {
    const c = cost(aliases(30, 'strategyVaultNonce'));
    expect(c.total).toBe(30);
    expect([...c.globalBudgets.keys()]).toEqual(['sv_nonce']);
    expect(c.globalBudgets.get('sv_nonce')).toMatchObject({ calls: 30, limit: { limit: 10 } });
  });

  it('charges a list argument by its length, literal or variable', () => {
    expect(cost('{ orders(clientOrderIds: ["a", "b", "c"]) { status } }').total).toBe(3);
    const q = 'query Q($ids: [String!]!) { orders(clientOrderIds: $ids) { status } }';
    expect(cost(q, { ids: ['a', 'b', 'c', 'd', 'e'] }).total).toBe(5);
    expect(cost(q, { ids: [] }).total).toBe(1);
    // Longer than the input rule allows: refused before any call, charged the most it could be.
    expect(cost(q, { ids: Array.from({ length: 10_000 }, (_, i) => `o${i}`) }).total).toBe(50);
    expect(cost('{ order(clientOrderId: "x") { status } account { id email } }').total).toBe(2);
  });

  it('reuses the cost of one document only while no variable changes it', () => {
    // Yoga hands every request of one query text the same DocumentNode.
    const byVariable = parse(
      'query Q($ids: [String!]!) { orders(clientOrderIds: $ids) { status } }',
    );
    expect(operationCost(schema, byVariable, 'Q', { ids: ['a', 'b'] }).total).toBe(2);
    expect(operationCost(schema, byVariable, 'Q', { ids: ['a', 'b', 'c', 'd'] }).total).toBe(4);
    const twoOps = parse('query A { withdrawNonce } query B { a: withdrawNonce b: withdrawNonce }');
    expect(operationCost(schema, twoOps, 'A').total).toBe(1);
    expect(operationCost(schema, twoOps, 'B').total).toBe(2);
    expect(operationCost(schema, twoOps, 'A')).toBe(operationCost(schema, twoOps, 'A'));
  });

  it('expands fragments at the root and ignores nested fields', () => {
    const q = `
      query { ...F ... on Query { b: strategyVaultNonce } account { id feeRates { futures { maker } } } }
      fragment F on Query { a: strategyVaultNonce withdrawNonce }`;
    const c = cost(q);
    expect(c.total).toBe(4);
    expect(c.globalBudgets.get('sv_nonce')?.calls).toBe(2);
  });

  it("counts the account's own reads: each aliased order list, positions and balances", () => {
    const lists = Array.from({ length: 30 }, (_, i) => `l${i}: orders(first: 1) { totalCount }`);
    expect(cost(`{ account { ${lists.join(' ')} } }`).total).toBe(31);
    expect(cost('{ account { id positions { marginRatio } balances { token } } }').total).toBe(3);
    const viaFragment = '{ account { ...A } } fragment A on Account { positions { marginRatio } }';
    expect(cost(viaFragment).total).toBe(2);
    const max = (side: string) =>
      `${side}: maxOrderQuantity(symbol: "PERP_ETH_USDC", side: ${side})`;
    expect(cost(`{ account { ${max('BUY')} ${max('SELL')} } }`).total).toBe(3);
    // Each history list is a read of its own; every order's fills are one batch, not counted.
    const history =
      'assetHistory trades positionHistory liquidations fundingFees pnlSettlements'.split(' ');
    const reads = history.map((field) => `${field} { totalCount }`).join(' ');
    expect(cost(`{ account { ${reads} } }`).total).toBe(7);
    const fills = '{ account { orders(first: 50) { edges { node { fills { tradeId } } } } } }';
    expect(cost(fills).total).toBe(2);
  });

  it('counts a field repeated without aliases once: GraphQL merges it into one', () => {
    expect(cost(`{ ${'account { id } '.repeat(20)} }`).total).toBe(1);
    expect(
      cost('{ a: strategyVaultNonce a: strategyVaultNonce b: strategyVaultNonce }').total,
    ).toBe(2);
  });

  it('costs nothing for introspection', () => {
    expect(cost('{ __typename __schema { queryType { name } } }').total).toBe(0);
  });

  it('picks the named operation and counts mutations', () => {
    const q = 'query A { account { id } } query B { a: account { id } b: account { id } }';
    expect(cost(q, {}, 'A').total).toBe(1);
    expect(cost(q, {}, 'B').total).toBe(2);
    expect(cost('mutation { placeOrder(input: {}) { __typename } }').total).toBe(1);
  });

  it('maps root fields only to endpoints of the contract', () => {
    const fields = {
      ...schema.getQueryType()?.getFields(),
      ...schema.getMutationType()?.getFields(),
    };
    for (const [field, key] of Object.entries(ROOT_FIELD_ENDPOINTS)) {
      expect(fields[field], field).toBeDefined();
      expect(ENDPOINTS[key], key).toBeDefined();
    }
  });
});
