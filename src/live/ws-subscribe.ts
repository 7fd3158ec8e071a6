/**
 * graphql-ws' `onSubscribe`: a `subscribe` message becomes the operation yoga's envelop
 * runs (the same plugins as HTTP: caller auth, limits, masking, logging, metrics), after
 * persisted-operation lookup and the exact-number check. Errors answer that operation only.
 */
import { type ExecutionArgs, GraphQLError } from 'graphql';
import type { Context, SubscribePayload } from 'graphql-ws';
import type { Extra } from 'graphql-ws/use/ws';
import type { YogaServerInstance } from 'graphql-yoga';
import type { PrincipalDirectory } from '../auth/principals.ts';
import type { CancelOnDisconnect } from '../cancel-on-disconnect/switches.ts';
import { authenticate } from '../plugins/bearer-auth.ts';
import type { OperationResolver, ResolvedOperation } from '../plugins/use-persisted-operations.ts';
import type { GatewayContext } from '../schema/types.ts';
import { authorizationOf } from './ws-auth.ts';
import type { TakeInexact } from './ws-exact.ts';
import { laneOperation } from './ws-lane-stream.ts';
import type { WsLimits } from './ws-limits.ts';

export type ConnectionParams = Record<string, unknown> & { authorization?: unknown };
type Ctx = Context<ConnectionParams | undefined, Extra>;

export interface SubscribeDeps {
  yoga: YogaServerInstance<Record<string, unknown>, GatewayContext>;
  directory: PrincipalDirectory;
  resolveOperation?: OperationResolver | undefined;
  limits?: WsLimits | undefined;
  /** Sessions armed by `connectionParams.cancelOnDisconnect` (ws-cancel-on-disconnect.ts). */
  cancelOnDisconnect?: CancelOnDisconnect | undefined;
  /** The exact-number verdict on a `subscribe` message (ws-exact.ts). */
  takeInexact: TakeInexact;
}

/** The operations' execute/subscribe, carried to graphql-ws' own as the root value. */
export interface Enveloped {
  execute: (args: ExecutionArgs) => ReturnType<typeof import('graphql').execute>;
  subscribe: (args: ExecutionArgs) => ReturnType<typeof import('graphql').subscribe>;
}

export function onSubscribeOf(deps: SubscribeDeps) {
  const { yoga, directory, resolveOperation, limits } = deps;
  const endpoint = yoga.graphqlEndpoint;
  return async (ctx: Ctx, id: string, payload: SubscribePayload) => {
    limits?.touch(ctx);
    const inexact = deps.takeInexact(ctx.extra.socket, id);
    if (inexact) return [wsError(inexact)];
    const authorization = authorizationOf(ctx.connectionParams);
    // The text, or the registered document of extensions.persistedQuery.sha256Hash /
    // documentId (send `query: ""` with a hash: graphql-ws requires the field).
    let operation: ResolvedOperation;
    try {
      operation = resolveOperation
        ? await resolveOperation(payload, {
            developer: authenticate(directory, authorization)?.developer === true,
          })
        : { query: payload.query };
    } catch (error) {
      return [wsError(error)];
    }
    // The caller-auth plugin reads the principal from this request's header.
    const request = new Request(`http://gateway${endpoint}`, {
      method: 'POST',
      headers: authorization ? { authorization } : {},
    });
    laneOperation(request, id, ctx.extra.socket);
    const enveloped = yoga.getEnveloped({
      request,
      params: { ...payload, query: operation.query },
      req: ctx.extra.request,
      socket: ctx.extra.socket,
    });
    const document = parseAndValidate(enveloped, operation.query);
    if (!('kind' in document)) return document;
    // APQ: the text validated (limits included); remember it under its hash.
    await operation.register?.();
    return {
      schema: enveloped.schema,
      document,
      operationName: payload.operationName ?? null,
      variableValues: payload.variables ?? null,
      contextValue: await enveloped.contextFactory(),
      rootValue: { execute: enveloped.execute, subscribe: enveloped.subscribe } as Enveloped,
    };
  };
}

type EnvelopedOperation = ReturnType<SubscribeDeps['yoga']['getEnveloped']>;

/**
 * Parse and validation errors (limits included: some plugins throw rather than report) go
 * back to this operation only, never close the client's connection.
 */
function parseAndValidate(
  enveloped: EnvelopedOperation,
  query: string,
): ExecutionArgs['document'] | readonly GraphQLError[] {
  try {
    const document = enveloped.parse(query);
    const errors = enveloped.validate(enveloped.schema, document);
    return errors.length > 0 ? errors : document;
  } catch (error) {
    return [error instanceof GraphQLError ? error : new GraphQLError(String(error))];
  }
}

/** An operation's error for graphql-ws: the HTTP status and headers meant for yoga dropped. */
function wsError(error: unknown): GraphQLError {
  if (!(error instanceof GraphQLError)) return new GraphQLError(String(error));
  const { http: _http, ...extensions } = error.extensions;
  return new GraphQLError(error.message, { extensions });
}
