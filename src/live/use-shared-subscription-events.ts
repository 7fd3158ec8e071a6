/**
 * One execution per subscription event and selection, shared by every subscriber of it.
 *
 * The stream hub hands the same event object to every local subscriber of an account (or a
 * public topic). The executor would run the selection set on it once per subscriber; here the
 * subscribe function runs it once per (event, document, operation name, variables) and every
 * subscriber of that selection gets the same result object, so a transport can also serialize
 * it once (see use-live-sse.ts). Hand-written because no envelop plugin shares per-event
 * execution across subscribers.
 *
 * Sound because the Subscription fields' results depend on the event alone: a private event
 * only ever reaches its own account's subscribers (the hub keeps one event object per account
 * stream) and the caller's scopes are checked when it subscribes. An event that is a
 * per-subscriber error (slow consumer, refused stream) is its own object, never shared.
 *
 * Direct lane: a transport may take a subscription's results straight from here
 * ({@link directResultsOf}) instead of pulling them through yoga's and envelop's iterator
 * wrappers, one promise chain per subscriber and event. The subscriber queue then hands each
 * event over synchronously, in the hub's loop over the event's subscribers, and the
 * transport writes the shared result's bytes at once. Only a shared result without errors
 * takes that lane (direct-lane.ts, mapped-stream.ts): those wrappers pass it on unchanged
 * (their per-result work is masking errors). A result with errors, an error event and the end go the regular way (the
 * transport is woken to pull them through the wrappers), so masking and error handling
 * apply as before, in order.
 */
import type { Plugin } from '@envelop/core';
import { createSourceEventStream, type ExecutionArgs } from 'graphql';
import type { DirectResults } from './direct-lane.ts';
import { MappedStream } from './mapped-stream.ts';
import { keyOf } from './shared-execution.ts';

type SubscribeFn = (args: ExecutionArgs) => unknown;

/** Each request's subscription stream (one per SSE request, one per graphql-ws operation). */
const byRequest = new WeakMap<object, MappedStream>();

/**
 * The direct lane of the subscription `request` started, when its source can hand events
 * over; undefined otherwise (the transport pulls as usual).
 */
export function directResultsOf(request: object): DirectResults | undefined {
  const stream = byRequest.get(request);
  // Asked once per request, by its transport: the entry need not live as long as the request.
  byRequest.delete(request);
  return stream?.direct ? stream : undefined;
}

export interface SharedSubscriptionEventsOptions {
  /** Offer the direct lane to the transports (else they pull every result). @default true */
  directLane?: boolean;
}

export function useSharedSubscriptionEvents(options: SharedSubscriptionEventsOptions = {}): Plugin {
  const directLane = options.directLane ?? true;
  return {
    onSubscribe({ subscribeFn, setSubscribeFn }) {
      const original = subscribeFn as SubscribeFn;
      const subscribe = async (args: ExecutionArgs) => {
        const source = await createSourceEventStream(args);
        // Bad variables or a refused subscribe: the engine's own answer (its error codes).
        if (!(Symbol.asyncIterator in source)) return original(args);
        const key = keyOf(args);
        const stream = new MappedStream(source, args, key);
        const request = (args.contextValue as { request?: object } | undefined)?.request;
        if (request && directLane) byRequest.set(request, stream);
        return stream;
      };
      setSubscribeFn(subscribe as Parameters<typeof setSubscribeFn>[0]);
    },
  };
}
