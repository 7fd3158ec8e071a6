/**
 * Cursors of the account history connections (history-page.ts): the place of the last row a
 * page delivered in a newest-first list — its time and id — and how many rows came before it
 * (for `totalCount`). Opaque to clients: base64url of `<prefix><time>:<passed>:<id>`; a
 * cursor of another list, or anything this list did not make, is BAD_USER_INPUT.
 */
import { gqlError } from '../schema/types.ts';

export interface HistoryCursor {
  time: number;
  /** The row's id in the list (ids are unique in a list; any text). */
  id: string;
  /** Rows delivered up to this one, this one included. */
  passed: number;
}

export const encodeHistoryCursor = (prefix: string, c: HistoryCursor): string =>
  Buffer.from(`${prefix}${c.time}:${c.passed}:${c.id}`).toString('base64url');

const notOurs = () =>
  gqlError('BAD_USER_INPUT', 'after: is not a cursor of this list', {
    field: 'after',
    rule: 'cursor',
  });

const FORM = /^(\d{1,16}):(\d{1,9}):(.+)$/s;

export function decodeHistoryCursor(prefix: string, cursor: string): HistoryCursor {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = text.startsWith(prefix) ? FORM.exec(text.slice(prefix.length)) : null;
  if (!match) throw notOurs();
  const decoded = { time: Number(match[1]), passed: Number(match[2]), id: match[3] as string };
  if (!Number.isSafeInteger(decoded.time) || encodeHistoryCursor(prefix, decoded) !== cursor) {
    throw notOurs();
  }
  return decoded;
}

/** Whether `row` (time, id) comes after the cursor in newest-first order. */
export function isAfter(
  cursor: HistoryCursor | undefined,
  time: number,
  id: string,
  compare: (a: string, b: string) => number,
): boolean {
  if (!cursor) return true;
  return time < cursor.time || (time === cursor.time && compare(id, cursor.id) < 0);
}
