/**
 * Cursors of an account's event log: where one event sits in it. A logged event's cursor is
 * its Redis Streams entry id, `<ms>-<seq>` (the memory log makes the same form), ordered by
 * (ms, seq). An event the log could not take (the store was down) gets `u<ms>`: a cursor
 * that is never in the log, so a resume from it starts with a RESYNC snapshot from `<ms>`.
 * Clients treat cursors as opaque text.
 */

const LOGGED = /^(\d{1,15})-(\d{1,15})$/;
const UNLOGGED = /^u(\d{1,15})$/;

/** A cursor's form (a logged entry id or an unlogged mark); anything else is not a cursor. */
export const isCursor = (text: string): boolean => LOGGED.test(text) || UNLOGGED.test(text);

/** Whether `cursor` names a log entry (not an unlogged mark). */
export const isLogged = (cursor: string): boolean => LOGGED.test(cursor);

/** The cursor of an event delivered without a log entry, `ms` its time. */
export const unloggedCursor = (ms: number): string => `u${Math.max(0, Math.floor(ms))}`;

/** The time a cursor was made (the log's clock), ms; 0 when it is not a cursor. */
export function cursorTime(cursor: string): number {
  const m = LOGGED.exec(cursor) ?? UNLOGGED.exec(cursor);
  return m ? Number(m[1]) : 0;
}

/** Order of two logged cursors: negative when `a` comes first. */
export function compareCursors(a: string, b: string): number {
  const x = LOGGED.exec(a);
  const y = LOGGED.exec(b);
  if (!x || !y) return 0;
  return Number(x[1]) - Number(y[1]) || Number(x[2]) - Number(y[2]);
}

/** Whether a delivered event's cursor comes after `last` (unlogged events always do). */
export const isAfter = (cursor: string, last: string): boolean =>
  !isLogged(cursor) || !isLogged(last) || compareCursors(cursor, last) > 0;
