import {
  type GraphQLField,
  type GraphQLObjectType,
  GraphQLUnionType,
  isInterfaceType,
  isNonNullType,
  printSchema,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../src/schema/index.ts';

const fields = (type: GraphQLObjectType | null | undefined) => Object.keys(type?.getFields() ?? {});
const MUTATIONS = [
  'placeOrder',
  'placeOrders',
  'cancelOrder',
  'cancelOrders',
  'cancelAllOrders',
  'editOrder',
  'setDefaultMarginMode',
  'requestInternalTransfer',
  'setDefaultFeeRates',
  'updateOrderTagFeeConfig',
  'upsertPointsStage',
  'createReferralCode',
  'setAffiliateRebateRate',
  'placeAlgoOrder',
  'editAlgoOrder',
  'cancelAlgoOrder',
  'cancelAlgoOrders',
  'setPositionTpSl',
  'setLeverage',
  'closePosition',
  'requestWithdrawal',
  'settlePnl',
];

describe('schema shape (names other tools call)', () => {
  it("has issue 25's market types, field for field", () => {
    const of = (name: string) => fields(schema.getType(name) as GraphQLObjectType).sort();
    const words = (text: string) => text.split(' ').sort();
    expect(of('Market')).toEqual(
      words(
        'symbol status baseMin baseMax baseTick quoteMin quoteMax quoteTick minNotional priceRange priceScope baseImr baseMmr maxLeverage fundingPeriodHours markPrice indexPrice estFundingRate lastFundingRate nextFundingTime openInterest high24h low24h volume24h amount24h',
      ),
    );
    expect(of('OrderBook')).toEqual(words('symbol asks bids timestamp'));
    expect(of('BookLevel')).toEqual(words('price quantity'));
    expect(of('MarketTrade')).toEqual(words('symbol side price quantity timestamp'));
    expect(of('Kline')).toEqual(
      words('interval open high low close volume amount startTime endTime'),
    );
    const interval = schema.getType('KlineInterval') as unknown as {
      getValues(): { name: string }[];
    };
    expect(
      interval
        .getValues()
        .map((v) => v.name)
        .sort(),
    ).toEqual(words('MIN_1 MIN_5 MIN_15 MIN_30 HOUR_1 HOUR_4 HOUR_12 DAY_1 WEEK_1 MONTH_1'));
  });

  it('has the root queries and mutations of the contract', () => {
    expect(fields(schema.getQueryType()).sort()).toEqual(
      [
        'account',
        'order',
        'orders',
        'withdrawNonce',
        'settleNonce',
        'strategyVaultNonce',
        'referralAdminInfo',
        'refereeRebateSummary',
        'markets',
        'market',
        'orderBook',
        'marketTrades',
        'klines',
        'maintenanceStatus',
        'orderPreview',
      ].sort(),
    );
    expect(fields(schema.getMutationType()).sort()).toEqual([...MUTATIONS].sort());
    const args = (name: string) => {
      const field = schema.getQueryType()!.getFields()[name] as GraphQLField<unknown, unknown>;
      return field.args.map((a) => a.name);
    };
    expect(args('referralAdminInfo')).toEqual([
      'accountId',
      'page',
      'size',
      'sortBy',
      'userAddress',
    ]);
    expect(args('refereeRebateSummary')).toEqual(['endDate', 'startDate']);
    // Issue 25's names and defaults, which other tools call.
    const sdl = (name: string) => {
      const field = schema.getQueryType()!.getFields()[name]!;
      const list = field.args.map(
        (a) => `${a.name}: ${a.type}${a.defaultValue === undefined ? '' : ` = ${a.defaultValue}`}`,
      );
      return `${name}(${list.join(', ')}): ${field.type}`;
    };
    expect(sdl('markets')).toBe('markets(): [Market!]!');
    expect(sdl('market')).toBe('market(symbol: String!): Market');
    expect(sdl('orderBook')).toBe('orderBook(depth: Int = 20, symbol: String!): OrderBook!');
    expect(sdl('marketTrades')).toBe(
      'marketTrades(first: Int = 50, symbol: String!): [MarketTrade!]!',
    );
    expect(sdl('klines')).toBe(
      'klines(first: Int = 100, interval: KlineInterval!, symbol: String!): [Kline!]!',
    );
  });

  it("has issue 28's wallet names: the two mutations' inputs and Account.maxWithdrawable", () => {
    const mutations = schema.getMutationType()!.getFields();
    const argOf = (name: string) => mutations[name]!.args.map((a) => `${a.name}: ${a.type}`);
    expect(argOf('requestWithdrawal')).toEqual(['input: WithdrawalInput!']);
    expect(argOf('settlePnl')).toEqual(['input: SettlePnlInput!']);
    const account = (schema.getType('Account') as GraphQLObjectType).getFields();
    const max = account.maxWithdrawable!;
    expect(`${max.args.map((a) => `${a.name}: ${a.type}`)} → ${max.type}`).toBe(
      'token: String! → Float!',
    );
    expect(String(schema.getQueryType()!.getFields().settleNonce!.type)).toBe('BigInt');
  });

  it('each mutation returns <Name>Result = <Name>Success | the five Error types', () => {
    const errorInterface = schema.getType('Error');
    expect(isInterfaceType(errorInterface)).toBe(true);
    for (const name of MUTATIONS) {
      const field = schema.getMutationType()!.getFields()[name]!;
      const pascal = name[0]!.toUpperCase() + name.slice(1);
      expect(String(field.type)).toBe(`${pascal}Result`);
      const union = schema.getType(`${pascal}Result`);
      expect(union).toBeInstanceOf(GraphQLUnionType);
      expect(
        (union as GraphQLUnionType)
          .getTypes()
          .map((t) => t.name)
          .sort(),
      ).toEqual(
        [
          `${pascal}Success`,
          'ForbiddenError',
          'InputError',
          'RateLimitedError',
          'UpstreamRejectedError',
          'UpstreamUnavailableError',
        ].sort(),
      );
    }
  });

  it('Account and Order carry the contract fields; ids and nonces use BigInt', () => {
    const account = schema.getType('Account') as GraphQLObjectType;
    const order = schema.getType('Order') as GraphQLObjectType;
    expect(fields(account)).toEqual(expect.arrayContaining(['id', 'maxLeverage']));
    expect(fields(order)).toEqual(
      expect.arrayContaining(['orderId', 'clientOrderId', 'symbol', 'side', 'status']),
    );
    expect(String(order.getFields().orderId!.type)).toBe('BigInt!');
    expect(String(schema.getQueryType()!.getFields().strategyVaultNonce!.type)).toBe('BigInt');
    expect(isNonNullType(order.getFields().createdTime!.type)).toBe(true);
  });

  it('has the order lifecycle surface the issue names', () => {
    const type = (name: string) => schema.getType(name) as GraphQLObjectType;
    const argsOf = (owner: string, field: string) =>
      type(owner)
        .getFields()
        [field]!.args.map((a) => `${a.name}: ${String(a.type)}`)
        .sort();
    expect(argsOf('Account', 'orders')).toEqual([
      'after: String',
      'filter: OrderFilter',
      'first: Int',
    ]);
    expect(argsOf('Query', 'order')).toEqual(['clientOrderId: String', 'orderId: BigInt']);
    expect(argsOf('Account', 'balances')).toEqual(['includeZero: Boolean']);
    expect(argsOf('Mutation', 'cancelAllOrders')).toEqual(['symbol: String']);
    const waits = ['waitFor: OrderWait', 'waitTimeoutMs: Int'];
    expect(argsOf('Mutation', 'placeOrders')).toEqual(['inputs: [PlaceOrderInput!]!', ...waits]);
    for (const [name, input] of [
      ['placeOrder', 'PlaceOrderInput'],
      ['cancelOrder', 'CancelOrderInput'],
      ['editOrder', 'EditOrderInput'],
    ]) {
      expect(argsOf('Mutation', name as string)).toEqual([`input: ${input}!`, ...waits]);
    }
    expect(argsOf('Mutation', 'closePosition')).toEqual([
      'input: ClosePositionInput!',
      'waitTimeoutMs: Int',
    ]);
    expect(fields(type('OrderConnection')).sort()).toEqual(['edges', 'pageInfo', 'totalCount']);
    expect(fields(type('PageInfo'))).toEqual(expect.arrayContaining(['hasNextPage', 'endCursor']));
    expect(fields(type('Balance')).sort()).toEqual(
      ['cursor', 'free', 'frozen', 'holding', 'pendingShort', 'token', 'updatedAt'].sort(),
    );
    expect(fields(type('Positions'))).toEqual(
      expect.arrayContaining(['freeCollateral', 'totalCollateralValue', 'marginRatio', 'rows']),
    );
    expect(fields(type('Position'))).toEqual(
      expect.arrayContaining([
        'symbol',
        'marginMode',
        'quantity',
        'averageOpenPrice',
        'markPrice',
        'estLiquidationPrice',
        'unsettledPnl',
        'pnl24h',
        'leverage',
      ]),
    );
    const statuses = (schema.getType('OrderStatus') as import('graphql').GraphQLEnumType)
      .getValues()
      .map((v) => v.name);
    expect(statuses).toEqual(expect.arrayContaining(['PENDING_NEW', 'PENDING_CANCEL', 'REPLACED']));
    const filters = (schema.getType('OrderStatusFilter') as import('graphql').GraphQLEnumType)
      .getValues()
      .map((v) => v.name);
    expect(filters).toEqual(expect.arrayContaining(['INCOMPLETE', 'COMPLETED']));
    const items = (schema.getType('PlaceOrderItemResult') as GraphQLUnionType)
      .getTypes()
      .map((t) => t.name);
    expect(items).toEqual(expect.arrayContaining(['PlaceOrderSuccess', 'BatchItemError']));
    expect(fields(type('PlaceOrdersSuccess'))).toEqual(['results']);
    expect(fields(type('CancelOrderSuccess')).sort()).toEqual([
      'order',
      'outcome',
      'status',
      'timedOut',
    ]);
    expect(fields(type('EditOrderSuccess'))).toContain('status');
  });

  it('input fields are the camelCase wire names', () => {
    const sdl = printSchema(schema);
    for (const name of [
      'orderType',
      'orderPrice',
      'orderQuantity',
      'clientOrderId',
      'defaultMarginMode',
      'isContinous',
      'l1ReferralBoost',
    ]) {
      expect(sdl).toContain(`  ${name}:`);
    }
  });
});

describe('union queries clients write', () => {
  it('selecting every error member with ... on Error validates (no field conflicts)', async () => {
    const { parse, validate } = await import('graphql');
    const document = parse(`mutation {
      placeOrder(input: {symbol: "PERP_BTC_USDC", orderType: MARKET, side: BUY, orderQuantity: 1}) {
        __typename
        ... on PlaceOrderSuccess { receipt { orderId } order { status } }
        ... on Error { code message }
        ... on InputError { field rule upstreamCode }
        ... on UpstreamRejectedError { upstreamCode upstreamMessage }
        ... on RateLimitedError { retryAfterMs }
      }
    }`);
    expect(validate(schema, document)).toEqual([]);
  });

  it('has the algo-order, TP/SL and leverage names issue 26 fixes', () => {
    const type = (name: string) => schema.getType(name) as GraphQLObjectType;
    const argsOf = (owner: string, field: string) =>
      type(owner)
        .getFields()
        [field]!.args.map((a) => `${a.name}: ${String(a.type)}`)
        .sort();
    const values = (name: string) =>
      (schema.getType(name) as import('graphql').GraphQLEnumType).getValues().map((v) => v.name);
    const inputFields = (name: string) =>
      Object.entries((schema.getType(name) as import('graphql').GraphQLInputObjectType).getFields())
        .map(([field, f]) => `${field}: ${String(f.type)}`)
        .sort();
    expect(values('AlgoType').sort()).toEqual(
      ['STOP', 'TP_SL', 'POSITIONAL_TP_SL', 'BRACKET', 'TRAILING_STOP'].sort(),
    );
    expect(argsOf('Mutation', 'placeAlgoOrder')).toEqual([
      'input: PlaceAlgoOrderInput!',
      'waitFor: OrderWait',
      'waitTimeoutMs: Int',
    ]);
    expect(argsOf('Mutation', 'editAlgoOrder')).toEqual(['input: EditAlgoOrderInput!']);
    expect(argsOf('Mutation', 'cancelAlgoOrder')).toEqual(['input: CancelAlgoOrderInput!']);
    expect(inputFields('CancelAlgoOrderInput')).toEqual([
      'algoOrderId: BigInt!',
      'symbol: String!',
    ]);
    expect(argsOf('Mutation', 'cancelAlgoOrders')).toEqual([
      'algoType: AlgoType',
      'symbol: String',
    ]);
    expect(fields(type('PlaceAlgoOrderSuccess'))).toContain('algoOrderId');
    expect(inputFields('SetPositionTpSlInput')).toEqual(
      expect.arrayContaining([
        'quantity: Float',
        'stopLoss: TpSlLegInput',
        'symbol: String!',
        'takeProfit: TpSlLegInput',
      ]),
    );
    expect(inputFields('TpSlLegInput')).toEqual([
      'offset: Float',
      'offsetPercent: Float',
      'pnl: Float',
      'triggerPrice: Float',
    ]);
    expect(fields(type('SetPositionTpSlSuccess'))).toEqual(
      expect.arrayContaining(['algoOrderId', 'takeProfitTriggerPrice', 'stopLossTriggerPrice']),
    );
    expect(argsOf('Account', 'algoOrders')).toEqual([
      'after: String',
      'filter: AlgoOrderFilter',
      'first: Int',
    ]);
    expect(fields(type('AlgoOrder'))).toEqual(
      expect.arrayContaining(
        'algoOrderId symbol algoType side quantity triggerPrice price status isTriggered childOrders createdAt'.split(
          ' ',
        ),
      ),
    );
    expect(argsOf('Subscription', 'algoOrderUpdates')).toEqual([
      'resumeFrom: String',
      'symbol: String',
    ]);
    expect(String(type('Position').getFields().tpsl!.type)).toBe('PositionTpSl');
    expect(fields(type('PositionTpSl')).sort()).toEqual(
      [
        'full',
        'partialStopLossSlotsLeft',
        'partialStopLosses',
        'partialTakeProfitSlotsLeft',
        'partialTakeProfits',
      ].sort(),
    );
    expect(String(type('PositionTpSl').getFields().partialTakeProfits!.type)).toBe('[AlgoOrder!]!');
    expect(inputFields('SetLeverageInput')).toEqual([
      'leverage: Int!',
      'marginMode: MarginMode',
      'symbol: String!',
    ]);
    expect(fields(type('SetLeverageSuccess')).sort()).toEqual(['leverage', 'marginMode', 'symbol']);
    expect(argsOf('Account', 'leverage')).toEqual(['marginMode: MarginMode', 'symbol: String!']);
    expect(String(type('Account').getFields().leverage!.type)).toBe('Int!');
  });

  it('has the order-side risk names issue 26 fixes', () => {
    const type = (name: string) => schema.getType(name) as GraphQLObjectType;
    const field = (owner: string, name: string) => type(owner).getFields()[name]!;
    const max = field('Account', 'maxOrderQuantity');
    expect(max.args.map((a) => `${a.name}: ${a.type}`).sort()).toEqual([
      'reduceOnly: Boolean',
      'side: Side!',
      'symbol: String!',
    ]);
    expect(max.args.find((a) => a.name === 'reduceOnly')?.defaultValue).toBe(false);
    expect(String(max.type)).toBe('Float!');
    const preview = field('Query', 'orderPreview');
    expect(preview.args.map((a) => `${a.name}: ${a.type}`)).toEqual(['input: PlaceOrderInput!']);
    expect(String(preview.type)).toBe('OrderPreview');
    expect(fields(type('OrderPreview')).sort()).toEqual(
      'estLiquidationPrice estimatedFee initialMargin issues maxQuantity notional'.split(' '),
    );
    expect(String(field('OrderPreview', 'issues').type)).toBe('[InputIssue!]!');
    expect(fields(type('InputIssue')).sort()).toEqual(['field', 'message', 'rule']);
  });
});

describe('resumable account subscriptions (issue 27)', () => {
  const type = (name: string) => schema.getType(name) as GraphQLObjectType;

  it('take resumeFrom, and what they deliver has a cursor', () => {
    const subscription = type('Subscription').getFields();
    for (const name of [
      'orderUpdates',
      'positionUpdates',
      'balanceUpdates',
      'accountEvents',
      'algoOrderUpdates',
    ]) {
      const args = subscription[name]!.args.map((a) => `${a.name}: ${a.type}`);
      expect(args, name).toContain('resumeFrom: String');
    }
    const cursorOf = (name: string) => String(type(name).getFields().cursor?.type);
    expect(cursorOf('LiquidationEvent')).toBe('String!');
    expect(cursorOf('WithdrawalStatusEvent')).toBe('String!');
    // Also read by queries or mutation outcomes, where there is none.
    for (const name of ['OrderUpdate', 'Position', 'Balance', 'AlgoOrder']) {
      expect(cursorOf(name), name).toBe('String');
    }
  });
});
