/**
<<<<<<< HEAD
 * The Pothos builder: plugins (refusals outermost, noting each error member a mutation
 * answers with; errors next, so a member a resolver, the scope check or the zod validation
 * throws becomes its union member; scope auth next, so a denied field never validates or
 * resolves; relay connections; zod), the custom scalars and the typed request context.
=======
 * The Pothos builder: plugins (errors outermost, so a member a resolver or the scope check
 * returns becomes its union member; scope auth next, so a denied field never validates or
 * resolves; relay connections; subscription events, so a subscription's arguments are
 * validated when it subscribes, not per event; zod), the custom scalars and the typed request
 * context.
>>>>>>> affe667
 */
import SchemaBuilder from '@pothos/core';
import ErrorsPlugin from '@pothos/plugin-errors';
import RelayPlugin from '@pothos/plugin-relay';
import ScopeAuthPlugin from '@pothos/plugin-scope-auth';
import ZodPlugin from '@pothos/plugin-zod';
import { ERROR_MEMBERS, forbidden, unauthenticated } from './errors.ts';
import RefusalsPlugin from './refusals-plugin.ts';
import { BigIntScalar, DateScalar, TimestampScalar } from './scalars.ts';
import SubscriptionEventsPlugin from './subscription-events-plugin.ts';
import type { GatewayContext } from './types.ts';
import { inputValidationError } from './validation.ts';

export const builder = new SchemaBuilder<{
  Context: GatewayContext;
  AuthScopes: { authenticated: boolean; brokerAdmin: boolean };
  DefaultFieldNullability: false;
  /** Every connection (Account.orders) reports the size of the whole filtered list. */
  Connection: { totalCount: number };
  Scalars: {
    Date: { Input: string; Output: string };
    Timestamp: { Input: number; Output: number | Date };
    BigInt: { Input: number; Output: number | bigint | string };
  };
}>({
  plugins: [
    RefusalsPlugin,
    ErrorsPlugin,
    ScopeAuthPlugin,
    RelayPlugin,
    SubscriptionEventsPlugin,
    ZodPlugin,
  ],
  // Every mutation's union holds its success type itself (no `data` wrapper) and each member.
  errors: { defaultTypes: [...ERROR_MEMBERS], directResult: true },
  relay: {
    // Trading lists page forward only; no global object identification (no `node` field).
    clientMutationId: 'omit',
    cursorType: 'String',
    nodeQueryOptions: false,
    nodesQueryOptions: false,
  },
  defaultFieldNullability: false,
  scopeAuth: {
    authScopes: (ctx) => ({
      authenticated: ctx.principal !== null,
      brokerAdmin: ctx.principal?.role === 'broker_admin',
    }),
    // Anonymous callers are UNAUTHENTICATED everywhere; known callers lacking a role FORBIDDEN.
    unauthorizedError: (_parent, ctx, info) =>
      ctx.principal ? forbidden(`${info.parentType.name}.${info.fieldName}`) : unauthenticated(),
  },
  // An InputErrorMember: the InputError member on a mutation, the BAD_USER_INPUT error on a query.
  zod: { validationError: (error) => inputValidationError(error) },
});

builder.addScalarType('Date', DateScalar);
builder.addScalarType('Timestamp', TimestampScalar);
builder.addScalarType('BigInt', BigIntScalar);

builder.globalConnectionField('totalCount', (t) =>
  t.int({ description: 'Items in the whole list, all pages.', resolve: (c) => c.totalCount }),
);

builder.queryType({
  description:
    'Reads. strategyVaultNonce and the market data (markets, market, marketTrades, klines) need no caller; every other field does.',
});
builder.mutationType({ description: 'Writes. Each returns a <Mutation>Result union.' });
