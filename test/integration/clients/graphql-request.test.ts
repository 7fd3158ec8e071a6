/**
 * graphql-request 7 with its default settings (POST JSON) over real HTTP, the bearer token
 * the only option set: a broker admin creates a referral code and reads it back, a trader
 * reads its account; a trader's try at an admin field comes back as FORBIDDEN.
 */
import { ClientError, GraphQLClient } from 'graphql-request';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  CreateReferralCodeDocument,
  ReferralAdminPageDocument,
} from '../../../operations/generated/graphql.ts';
import { type ClientGateway, startClientGateway } from './harness.ts';

let gw: ClientGateway;

beforeAll(async () => {
  gw = await startClientGateway('graphql-request');
});
afterAll(() => gw?.close());

const client = (token: string) =>
  new GraphQLClient(gw.graphqlUrl, { headers: { authorization: `Bearer ${token}` } });

describe('graphql-request 7 with its defaults and a bearer token', () => {
  it('runs a broker-admin mutation and query', async () => {
    const admin = client(gw.tokens.admin);
    gw.takeRequests();
    const created = await admin.request(CreateReferralCodeDocument, {
      input: {
        accountId: gw.traderAccountId,
        referralCode: 'GQL_REQUEST',
        maxRebateRate: 0.3,
        referrerRebateRate: 0.1,
        refereeRebateRate: 0.2,
      },
    });
    expect(created.createReferralCode).toMatchObject({
      __typename: 'CreateReferralCodeSuccess',
      referralCode: 'GQL_REQUEST',
    });

    const page = await admin.request(ReferralAdminPageDocument, {
      accountId: gw.traderAccountId,
      page: 1,
      size: 10,
    });
    expect(page.referralAdminInfo).toMatchObject({
      rows: [{ accountId: gw.traderAccountId, referralCodes: [{ code: 'GQL_REQUEST' }] }],
      meta: { currentPage: 1, total: 1 },
    });
    expect(gw.takeRequests()).toEqual(['POST 200', 'POST 200']);
  });

  it("runs a trader's query, and refuses the trader an admin field with FORBIDDEN", async () => {
    const trader = client(gw.tokens.trader);
    const dashboard = await trader.request<{ account: { id: string; accountMode: string } }>(
      '{ account { id accountMode } }',
    );
    expect(dashboard.account).toMatchObject({ id: gw.traderAccountId, accountMode: 'FUTURES' });

    const refused = await trader
      .request(ReferralAdminPageDocument, { page: 1, size: 10 })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ClientError);
    expect((refused as ClientError).response.errors?.map((e) => e.extensions?.code)).toEqual([
      'FORBIDDEN',
    ]);
  });
});
