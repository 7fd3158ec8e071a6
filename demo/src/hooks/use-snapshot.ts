/** A panel's snapshot query, read again (from the network) after every reconnection. */
import type { AnyVariables, TypedDocumentNode } from '@urql/core';
import { type UseQueryResponse, useQuery } from '@urql/preact';
import { useEffect } from 'preact/hooks';
import { useLink } from '../link.ts';

export function useSnapshot<D, V extends AnyVariables>(
  query: TypedDocumentNode<D, V>,
  variables?: V,
): UseQueryResponse<D, V> {
  const { epoch } = useLink();
  const response = useQuery<D, V>({ query, variables: variables as V });
  const reexecute = response[1];
  useEffect(() => {
    if (epoch > 0) reexecute({ requestPolicy: 'network-only' });
  }, [epoch, reexecute]);
  return response;
}
