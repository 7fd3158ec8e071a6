/** The counts behind the connection budget: per kind, in total, per IP and per principal. */

/** One kind's open connections: in total, per IP, per principal (zero entries removed). */
export class Tally {
  open = 0;
  readonly byIp = new Map<string, number>();
  readonly byPrincipal = new Map<string, number>();
}

export const add = (map: Map<string, number>, key: string, delta: number): void => {
  const n = (map.get(key) ?? 0) + delta;
  if (n > 0) map.set(key, n);
  else map.delete(key);
};
