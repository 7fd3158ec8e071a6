/**
 * Store keys of cancel-on-disconnect, under the account's hash tag (upstream/keys.ts): the
 * sessions hash (registry.ts) and the renewal claim (account-switch.ts).
 */
import { hashTag } from '../upstream/keys.ts';

export const accountTag = (accountId: string): string => hashTag({ kind: 'account', accountId });

/** Held for most of one renewal interval by the replica that renews (the others skip). */
export const claimKey = (accountId: string): string => `${accountTag(accountId)}:cod:renew`;
