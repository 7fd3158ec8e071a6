/**
 * A Pothos plugin: a Subscription field's arguments are validated once, when it subscribes,
 * not again for each event it delivers.
 *
 * The zod plugin wraps both a field's `subscribe` and its `resolve` in an asynchronous check
 * of the arguments. For a subscription the arguments cannot change between events, and its
 * `resolve` only hands the event on; the check made every event's execution asynchronous (a
 * promise per execution and per subscriber waiting for it) and cost a zod parse each. Listed
 * just before the zod plugin in builder.ts, so it drops that wrapper alone: scope checks
 * (outside it) stay as they are.
 */
import SchemaBuilder, {
  BasePlugin,
  type PothosOutputFieldConfig,
  type SchemaTypes,
} from '@pothos/core';
import { defaultFieldResolver, type GraphQLFieldResolver } from 'graphql';

const SUBSCRIPTION_EVENTS = 'subscriptionEvents';

export class SubscriptionEventsPlugin<Types extends SchemaTypes> extends BasePlugin<Types> {
  override wrapResolve(
    resolver: GraphQLFieldResolver<unknown, Types['Context'], object>,
    fieldConfig: PothosOutputFieldConfig<Types>,
  ): GraphQLFieldResolver<unknown, Types['Context'], object> {
    if (fieldConfig.kind !== 'Subscription' || !fieldConfig.subscribe) return resolver;
    return (fieldConfig.resolve ?? defaultFieldResolver) as typeof resolver;
  }
}

declare global {
  export namespace PothosSchemaTypes {
    export interface Plugins<Types extends SchemaTypes> {
      subscriptionEvents: SubscriptionEventsPlugin<Types>;
    }
  }
}

SchemaBuilder.registerPlugin(SUBSCRIPTION_EVENTS, SubscriptionEventsPlugin);

/** The plugin's name, for the builder's `plugins` list. */
export default SUBSCRIPTION_EVENTS;
