/**
 * A subscription whose every event matters (order, position, balance and algo updates): each
 * result is handed to `onData` as it arrives, none coalesced by a render. (`useSubscription`
 * keeps only the latest result between renders: right for the book, not for a fill.)
 */
import type { TypedDocumentNode } from '@urql/core';
import { useClient } from '@urql/preact';
import { useEffect, useRef } from 'preact/hooks';

export function useStream<D, V extends Record<string, unknown>>(
  query: TypedDocumentNode<D, V>,
  variables: V,
  onData: (data: D) => void,
): void {
  const client = useClient();
  const handler = useRef(onData);
  handler.current = onData;
  // Re-subscribes when the variables change in value, not in identity.
  const key = JSON.stringify(variables);
  useEffect(() => {
    const subscription = client.subscription(query, variables).subscribe((result) => {
      if (result.data) handler.current(result.data);
    });
    return () => subscription.unsubscribe();
  }, [client, query, key]);
}
