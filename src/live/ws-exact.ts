/**
 * Exact numbers over graphql-ws: a `subscribe` message (a subscription, query or mutation)
 * whose `payload.variables` hold a number a double cannot hold is answered with the same
 * BAD_USER_INPUT `exactDecimal` error as over HTTP, and never runs. graphql-ws parses each
 * message with JSON.parse, which drops the digits, so the raw text is read first: this
 * listener is registered on every connection before graphql-ws' own and leaves its verdict
 * for `onSubscribe`, which graphql-ws calls for that message afterwards.
 */
import type { GraphQLError } from 'graphql';
import type { WebSocket, WebSocketServer } from 'ws';
import { inexactVariablesError } from '../plugins/exact-decimal-error.ts';

/** Verdicts waiting for their `onSubscribe`, per connection (graphql-ws runs one per id). */
const MAX_PENDING = 64;

/** The refusal waiting for operation `id` on `socket`, taken once. */
export type TakeInexact = (socket: WebSocket, id: string) => GraphQLError | undefined;

/** Watches `wss`' connections; call before graphql-ws' `useServer(…, wss)`. */
export function watchInexactVariables(wss: WebSocketServer): TakeInexact {
  const pending = new WeakMap<WebSocket, Map<string, GraphQLError>>();
  wss.on('connection', (socket: WebSocket) => {
    socket.on('message', (data, isBinary) => {
      if (isBinary) return;
      const text = String(data);
      const error = inexactVariablesError(text, ['payload', 'variables']);
      if (!error) return;
      let message: { id?: unknown; type?: unknown };
      try {
        message = JSON.parse(text) as typeof message;
      } catch {
        return; // graphql-ws closes the connection on a message that is not JSON
      }
      const { id, type } = message;
      if (type !== 'subscribe' || typeof id !== 'string') return;
      const waiting = pending.get(socket) ?? new Map<string, GraphQLError>();
      if (waiting.size >= MAX_PENDING) waiting.delete(waiting.keys().next().value as string);
      waiting.set(id, error);
      pending.set(socket, waiting);
    });
  });
  return (socket, id) => {
    const waiting = pending.get(socket);
    const error = waiting?.get(id);
    waiting?.delete(id);
    return error;
  };
}
