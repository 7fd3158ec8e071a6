// @module-tag redis
/**
 * setLeverage and Account.leverage through a real gateway (HTTP, Redis) in front of the
 * sandbox: the round trip (the cached read dropped by the update), per margin mode, and the
 * refusals naming field and rule — the gateway's own (nothing sent) and the upstream's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type AlgoHarness, ETH, startAlgo } from './algo-harness.ts';

let h: AlgoHarness;
beforeAll(async () => {
  h = await startAlgo(4);
});
afterAll(() => h.close());

const SET = `mutation($input: SetLeverageInput!) {
  setLeverage(input: $input) {
    __typename
    ... on SetLeverageSuccess { symbol leverage marginMode }
    ... on InputError { field rule upstreamCode }
    ... on Error { code message }
  }
}`;

const READ = `query($symbol: String!) {
  account {
    cross: leverage(symbol: $symbol)
    isolated: leverage(symbol: $symbol, marginMode: ISOLATED)
  }
}`;

describe('setLeverage and Account.leverage', () => {
  it('round trip: the read after an update sees it, per margin mode', async () => {
    const alice = h.trader();
    const before = (await h.gql(alice, READ, { symbol: ETH })).data.account;
    const set = await h.gql(alice, SET, { input: { symbol: ETH, leverage: 7 } });
    expect(set.data.setLeverage).toEqual({
      __typename: 'SetLeverageSuccess',
      symbol: ETH,
      leverage: 7,
      marginMode: 'CROSS',
    });
    const after = (await h.gql(alice, READ, { symbol: ETH })).data.account;
    expect(after).toEqual({ cross: 7, isolated: before.isolated });
    const isolated = await h.gql(alice, SET, {
      input: { symbol: ETH, leverage: 3, marginMode: 'ISOLATED' },
    });
    expect(isolated.data.setLeverage).toMatchObject({ leverage: 3, marginMode: 'ISOLATED' });
    expect((await h.gql(alice, READ, { symbol: ETH })).data.account).toEqual({
      cross: 7,
      isolated: 3,
    });
  });

  it.each([
    [0, 'range'],
    [101, 'range'],
  ])('refuses leverage %d before sending (rule %s)', async (leverage, rule) => {
    const bob = h.trader();
    const r = await h.gql(bob, SET, { input: { symbol: ETH, leverage } });
    expect(r.errors).toBeUndefined();
    expect(r.data.setLeverage).toMatchObject({
      __typename: 'InputError',
      code: 'BAD_USER_INPUT',
      upstreamCode: 0,
      field: 'input.leverage',
      rule,
    });
    expect(h.upstream(bob, 'POST', '/v1/client/leverages')).toBe(0);
  });

  it("answers the upstream's refusal above the symbol's maximum as an InputError on leverage", async () => {
    const carol = h.trader();
    const r = await h.gql(carol, SET, { input: { symbol: ETH, leverage: 100 } });
    expect(r.data.setLeverage).toMatchObject({
      __typename: 'InputError',
      field: 'input.leverage',
      upstreamCode: -1005,
    });
    expect(r.data.setLeverage.rule).toBe('max');
    expect(r.data.setLeverage.message).toMatch(/at most \d+ for PERP_ETH_USDC$/);
    expect((await h.gql(carol, READ, { symbol: ETH })).data.account.cross).toBeLessThan(100);
  });
});
