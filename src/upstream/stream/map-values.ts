/** Reading untyped stream payloads: a value of the expected kind, or undefined. */

export type Obj = Record<string, unknown>;

export const isObj = (v: unknown): v is Obj =>
  v !== null && typeof v === 'object' && !Array.isArray(v);

/** A number, or a numeric string (some payloads quote numbers); otherwise undefined. */
export function num(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

export const str = (v: unknown): string | undefined =>
  typeof v === 'string' ? v : typeof v === 'number' ? String(v) : undefined;

export function oneOf<T extends string>(values: readonly T[], v: unknown): T | undefined {
  return values.includes(v as T) ? (v as T) : undefined;
}

export const orNull = <T>(v: T | undefined): T | null => (v === undefined ? null : v);
