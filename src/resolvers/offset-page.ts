/**
 * A Relay connection page over an upstream list that pages by number only (GET /v1/orders,
 * GET /v1/algo/orders). A cursor is the position of its row in the filtered, sorted list
 * (base64url of `<prefix><index>`, opaque to clients). A page of `first` after position p
 * asks the upstream for the page of that size holding p + 1, and for the next one too when
 * the wanted rows straddle the two (only when `first` changed between pages).
 */
import type { PageMeta } from '../contract/wire-orders.ts';
import { gqlError } from '../schema/types.ts';

export interface Page<T> {
  totalCount: number;
  edges: { cursor: string; node: T }[];
  pageInfo: {
    hasNextPage: boolean;
    hasPreviousPage: boolean;
    startCursor: string | null;
    endCursor: string | null;
  };
}

export const encodeCursor = (prefix: string, index: number): string =>
  Buffer.from(`${prefix}${index}`).toString('base64url');

/** The position a cursor stands for; BAD_USER_INPUT for anything this list did not make. */
export function decodeCursor(prefix: string, cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const index = text.startsWith(prefix) ? Number(text.slice(prefix.length)) : Number.NaN;
  if (!Number.isSafeInteger(index) || index < 0 || encodeCursor(prefix, index) !== cursor) {
    throw gqlError('BAD_USER_INPUT', 'after: is not a cursor of this list', {
      field: 'after',
      rule: 'cursor',
    });
  }
  return index;
}

export interface OffsetList<R, T> {
  /** Cursor prefix: a cursor of another list is refused. */
  prefix: string;
  /** One upstream page (1-based) of `size` rows. */
  read(page: number, size: number): Promise<{ meta: PageMeta; rows: R[] }>;
  map(row: R): T;
}

/** `size` rows from position `offset` on (0-based), with their cursors. */
export async function offsetPage<R, T>(
  list: OffsetList<R, T>,
  offset: number,
  size: number,
): Promise<Page<T>> {
  const page = Math.floor(offset / size) + 1;
  const skip = offset % size;
  const head = await list.read(page, size);
  const total = head.meta.total;
  let rows = head.rows.slice(skip);
  if (skip > 0 && head.rows.length === size && page * size < total) {
    const tail = await list.read(page + 1, size);
    rows = rows.concat(tail.rows.slice(0, skip));
  }
  const edges = rows.map((row, i) => ({
    cursor: encodeCursor(list.prefix, offset + i),
    node: list.map(row),
  }));
  return {
    totalCount: total,
    edges,
    pageInfo: {
      hasNextPage: offset + rows.length < total,
      hasPreviousPage: offset > 0,
      startCursor: edges[0]?.cursor ?? null,
      endCursor: edges.at(-1)?.cursor ?? null,
    },
  };
}
