/** How resumed account subscriptions are bounded (resolvers/live-resume.ts; docs/subscriptions.md). */
export interface ResumeBounds {
  /** Log entries one resume replays at most; more missed: a RESYNC snapshot instead. */
  maxReplay: number;
  /** How long a resume waits for this replica's stream of the account to come up. */
  joinTimeoutMs: number;
  /**
   * After a stream that had to come up: time for other replicas' appends of events this
   * stream came up too late to receive (their append is a few ms behind the upstream's push).
   */
  settleMs: number;
}

export const DEFAULT_RESUME_BOUNDS: ResumeBounds = {
  maxReplay: 5_000,
  joinTimeoutMs: 3_000,
  settleMs: 100,
};
