/**
 * The `cursor` fields. A subscription's selection runs on the event the hub delivered (the
 * root value of its execution: live/shared-execution.ts), which carries its cursor; objects
 * read by a query have none.
 */
import type { GraphQLResolveInfo } from 'graphql';
import { gqlError } from '../schema/types.ts';
import { isCursor } from '../upstream/stream/log/cursor.ts';
import { CURSOR_MESSAGE } from './live-resume.ts';

export { CURSOR_MESSAGE, isCursor };

/** The delivering event's cursor; null outside an account subscription. */
export function eventCursor(info: GraphQLResolveInfo): string | null {
  const cursor = (info.rootValue as { cursor?: unknown } | null | undefined)?.cursor;
  return typeof cursor === 'string' ? cursor : null;
}

/** The same, for types only account subscriptions deliver. */
export function requiredCursor(info: GraphQLResolveInfo): string {
  const cursor = eventCursor(info);
  if (cursor === null) {
    throw gqlError('INTERNAL', 'An event cursor is only known in an account subscription');
  }
  return cursor;
}
