import type { AccountCredentials } from '../upstream/api.ts';

export type Role = 'trader' | 'broker_admin';

/** A caller of the gateway, resolved from its bearer token via the keystore. */
export interface Principal {
  /** Human label from the keystore (safe to log; never the token). */
  label: string;
  role: Role;
  /** Developers may send raw query text when persisted operations are required. */
  developer: boolean;
  credentials: AccountCredentials;
}
