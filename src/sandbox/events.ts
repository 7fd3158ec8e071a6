/**
 * What the sandbox's engine tells listeners (the WebSocket stream server): every order
 * change, with the fill when the change is one, and internal transfers. Emitted synchronously
 * while the engine holds the order, so a listener serializes what it needs at once.
 */
import type { Account, Order } from './state.ts';

export interface FillEvent {
  price: number;
  quantity: number;
  fee: number;
  /** Non-zero, unique per sandbox. */
  tradeId: number;
  maker: boolean;
}

export type SandboxEvent =
  | { type: 'order'; order: Order; fill?: FillEvent }
  | { type: 'transfer'; id: number; from: Account; to: Account; amount: number; at: number };

export type SandboxListener = (event: SandboxEvent) => void;

export class SandboxEvents {
  private readonly listeners = new Set<SandboxListener>();

  /** Adds a listener; returns its removal. */
  on(listener: SandboxListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: SandboxEvent): void {
    // A listener's failure is its own: the order change already happened.
    for (const listener of this.listeners) {
      try {
        listener(event);
      } catch {}
    }
  }
}
