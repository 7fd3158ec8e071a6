/** A session the gateway does not open: over a cap, or while the replica shuts down. */
export type RefusalReason = 'TOO_MANY_SESSIONS' | 'TOO_MANY_ACCOUNTS' | 'SHUTTING_DOWN';

export class SessionRefused extends Error {
  constructor(
    readonly reason: RefusalReason,
    message: string,
  ) {
    super(message);
    this.name = 'SessionRefused';
  }
}
