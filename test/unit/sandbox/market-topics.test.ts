/** Market topic names and one-shot request parameters, as the public stream reads them. */
import { describe, expect, it } from 'vitest';
import { parseMarketRequest } from '../../../src/sandbox/stream/market-request.ts';
import { marketTopicName, parseMarketTopic } from '../../../src/sandbox/stream/market-topics.ts';
import { parseTopic } from '../../../src/sandbox/stream/topics.ts';

const known = (s: string) => s === 'PERP_ETH_USDC';

describe('parseMarketTopic', () => {
  it.each([
    ['PERP_ETH_USDC@orderbook', { kind: 'orderbook', symbol: 'PERP_ETH_USDC' }],
    ['PERP_ETH_USDC@orderbookupdate', { kind: 'orderbookupdate', symbol: 'PERP_ETH_USDC' }],
    ['PERP_ETH_USDC@kline_1M', { kind: 'kline', symbol: 'PERP_ETH_USDC', interval: '1M' }],
    ['PERP_ETH_USDC@kline_12h', { kind: 'kline', symbol: 'PERP_ETH_USDC', interval: '12h' }],
    ['bbos', { kind: 'bbos' }],
    ['markprices', { kind: 'markprices' }],
    ['PERP_DOGE_USDC@trade', { errorMsg: 'invalid symbol PERP_DOGE_USDC' }],
    ['PERP_ETH_USDC@kline_2m', { errorMsg: 'invalid topic PERP_ETH_USDC@kline_2m' }],
    ['PERP_ETH_USDC@nothing', undefined],
    ['@trade', undefined],
    ['trade', undefined],
  ])('%s', (name, expected) => {
    expect(parseMarketTopic(name, known)).toEqual(expected);
  });
});

describe('marketTopicName', () => {
  it.each([
    'PERP_ETH_USDC@orderbookupdate',
    'PERP_ETH_USDC@kline_1w',
    'PERP_ETH_USDC@openinterest',
    'bbos',
    'markprices',
  ])('%s round-trips', (name) => {
    const ref = parseMarketTopic(name, known);
    if (!ref || 'errorMsg' in ref) throw new Error(`not parsed: ${name}`);
    expect(marketTopicName(ref)).toBe(name);
  });
});

describe('parseTopic on the two streams', () => {
  it('refuses market topics on the private stream and keeps tickers on the public one', () => {
    expect(parseTopic('PERP_ETH_USDC@trade', 'private', 'demo', known)).toEqual({
      errorMsg: 'invalid topic PERP_ETH_USDC@trade',
    });
    expect(parseTopic('demo$PERP_ETH_USDC@ticker', 'public', 'demo', known)).toEqual({
      kind: 'ticker',
      symbol: 'PERP_ETH_USDC',
    });
    expect(parseTopic('PERP_ETH_USDC@bbo', 'public', 'demo', known)).toEqual({
      kind: 'market',
      ref: { kind: 'bbo', symbol: 'PERP_ETH_USDC' },
    });
  });
});

describe('parseMarketRequest', () => {
  it.each([
    [
      { type: 'orderbook', symbol: 'PERP_ETH_USDC' },
      { type: 'orderbook', symbol: 'PERP_ETH_USDC' },
    ],
    [
      { type: 'trade', symbol: 'PERP_ETH_USDC' },
      { type: 'trade', symbol: 'PERP_ETH_USDC', limit: 50 },
    ],
    [
      { type: 'trade', symbol: 'PERP_ETH_USDC', limit: 500 },
      { type: 'trade', symbol: 'PERP_ETH_USDC', limit: 500 },
    ],
    [undefined, { errorMsg: 'missing required parameter params' }],
    [{ symbol: 'PERP_ETH_USDC' }, { errorMsg: 'missing required parameter type' }],
    [{ type: 'orderbook' }, { errorMsg: 'missing required parameter symbol' }],
    [{ type: 'orderbook', symbol: 'PERP_X_USDC' }, { errorMsg: 'invalid symbol PERP_X_USDC' }],
    [{ type: 'ticker', symbol: 'PERP_ETH_USDC' }, { errorMsg: 'invalid topic ticker' }],
    [
      { type: 'trade', symbol: 'PERP_ETH_USDC', limit: 501 },
      { errorMsg: 'invalid parameter limit: an integer from 1 to 500' },
    ],
    [
      { type: 'trade', symbol: 'PERP_ETH_USDC', limit: 1.5 },
      { errorMsg: 'invalid parameter limit: an integer from 1 to 500' },
    ],
  ])('%j', (params, expected) => {
    expect(parseMarketRequest(params, known)).toEqual(expected);
  });
});
