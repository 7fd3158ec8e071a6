/**
 * The graphql-ws connection's state, for the status pill and for the panels: `epoch` grows on
 * every connection after the first, and each panel reads its snapshot again then (what the
 * subscriptions delivered meanwhile was lost with the socket; graphql-ws re-sends every
 * active subscription by itself).
 */
import { createContext } from 'preact';
import { useContext, useEffect, useState } from 'preact/hooks';

export type LinkStatus = 'connecting' | 'live' | 'reconnecting';

export interface LinkState {
  status: LinkStatus;
  /** 0 for the first connection, +1 for each reconnection. */
  epoch: number;
}

export class Link {
  #state: LinkState = { status: 'connecting', epoch: -1 };
  readonly #listeners = new Set<(state: LinkState) => void>();

  get state(): LinkState {
    return this.#state;
  }

  connected(): void {
    this.#set({ status: 'live', epoch: this.#state.epoch + 1 });
  }

  closed(): void {
    if (this.#state.status === 'live') this.#set({ ...this.#state, status: 'reconnecting' });
  }

  listen(listener: (state: LinkState) => void): () => void {
    this.#listeners.add(listener);
    return () => this.#listeners.delete(listener);
  }

  #set(state: LinkState): void {
    this.#state = state;
    for (const listener of this.#listeners) listener(state);
  }
}

export const LinkContext = createContext<Link>(new Link());

export function useLink(): LinkState {
  const link = useContext(LinkContext);
  const [state, setState] = useState(link.state);
  useEffect(() => {
    setState(link.state);
    return link.listen(setState);
  }, [link]);
  return state;
}
