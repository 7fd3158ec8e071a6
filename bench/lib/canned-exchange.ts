/**
 * The gateway without the wire: every upstream attempt answered at once with the answer the
 * real wire gave the first one (bench/cpu-per-op.ts `--canned`, the bench's gateway with
 * BENCH_CANNED=1). What is left of an uncached read's CPU is the gateway's own work around
 * the upstream call: its layers, the signature, the answer's parsing and mapping.
 */
import type { Exchange, ExchangeReply } from '../../src/upstream/exchange.ts';

export function cannedExchange(wire: Exchange): Exchange {
  let recorded: Promise<ExchangeReply> | undefined;
  return {
    send: (request) => {
      recorded ??= wire.send(request);
      return recorded.then((reply) => ({ ...reply }));
    },
    close: () => wire.close(),
  };
}
