/**
 * The direct lane's two sides (use-shared-subscription-events.ts): a subscription's shared,
 * error-free results handed to its transport synchronously, in the hub's loop over the
 * event's subscribers, instead of being pulled through yoga's and envelop's wrappers.
 */
import type { ExecutionResult } from 'graphql';

/** Where the direct lane delivers (a transport's stream of one subscription). */
export interface ResultSink {
  /** A shared, error-free result, handed over synchronously: write it now. Must not throw. */
  write(result: ExecutionResult): void;
  /** What comes next must be pulled through the subscription's iterator (`next()`). */
  pull(): void;
}

/** A subscription's direct lane. */
export interface DirectResults {
  /**
   * Results go to `sink` from now on (what is queued first), until `detach`, or until the
   * sink is told to pull.
   */
  attach(sink: ResultSink): void;
  /** Stop handing results over (the sink is full); they queue until the next `attach`. */
  detach(): void;
}
