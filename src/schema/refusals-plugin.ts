/**
 * A Pothos plugin that notes on the request context the code of each error member a mutation
 * answers with (`InputError` → BAD_USER_INPUT, …), whatever the client selected of it: the
 * idempotency plugin leaves the key of a refused mutation free for the corrected retry, and
 * a response's data holds a member's `code` only when the operation asked for it. Listed
 * before the errors plugin, so it wraps it and sees the member that plugin made.
 */
import SchemaBuilder, {
  BasePlugin,
  type PothosOutputFieldConfig,
  type SchemaTypes,
} from '@pothos/core';
import { errorTypeMap } from '@pothos/plugin-errors';
import type { GraphQLFieldResolver } from 'graphql';
import type { ErrorCode } from './errors.ts';
import type { GatewayContext } from './types.ts';

const NAME = 'refusals';

type Resolver<Types extends SchemaTypes> = GraphQLFieldResolver<unknown, Types['Context'], object>;

export class RefusalsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: Resolver<Types>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): Resolver<Types> {
    if (fieldConfig.kind !== 'Mutation') return resolver;
    return async (parent, args, context, info) => {
      const value: unknown = await resolver(parent, args, context, info);
      if (typeof value === 'object' && value !== null && errorTypeMap.has(value)) {
        const notes = context as GatewayContext;
        notes.refusals ??= [];
        notes.refusals.push((value as { code: ErrorCode }).code);
      }
      return value;
    };
  }
}

declare global {
  export namespace PothosSchemaTypes {
    interface Plugins<Types extends SchemaTypes> {
      refusals: RefusalsPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin(NAME, RefusalsPlugin);

export default NAME;
