/**
 * Parse, validate and execute durations as Prometheus histograms
 * (`graphql_envelop_phase_{parse,validate,execute}_bucket…`: the names and buckets of
 * `@graphql-yoga/plugin-prometheus`, which this replaces) on the gateway's own registry, and
 * counts executed operations by type (`svc_graphql_operations_total`). The only label is the
 * operation type; the operation name is a caller's free text. Written here because that plugin made a label object, several closures and
 * filtered arrays per phase and request — a sixth of a cached read's CPU — where this takes
 * three clock readings and queues three observations (batched-histogram.ts).
 */
import { type DocumentNode, Kind } from 'graphql';
import type { Plugin } from 'graphql-yoga';
import type { Registry } from 'prom-client';
import { type BatchedHistogram, batchedHistogram } from '../admin/batched-histogram.ts';

/** Seconds: parse and validate take well under a millisecond, execute up to the upstream timeout. */
export const PHASE_BUCKETS_S: [number, ...number[]] = [
  0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10,
];

type Labels = { operationType: string };

/** One label object per operation type, made once (the histograms queue references). */
const TYPE_LABELS: Record<string, Labels> = {
  query: { operationType: 'query' },
  mutation: { operationType: 'mutation' },
  subscription: { operationType: 'subscription' },
};
/** A document that did not parse. */
const UNKNOWN: Labels = { operationType: 'unknown' };

/** The type of the operation named `name`, else of the document's first operation. */
export function operationTypeOf(document: DocumentNode, name?: string | null): Labels {
  for (const definition of document.definitions) {
    if (
      definition.kind === Kind.OPERATION_DEFINITION &&
      (!name || definition.name?.value === name)
    ) {
      return TYPE_LABELS[definition.operation] ?? UNKNOWN;
    }
  }
  return UNKNOWN;
}

const PHASE_HELP = {
  parse: 'Time spent on running GraphQL "parse" function',
  validate: 'Time spent on running GraphQL "validate" function',
  execute: 'Time spent on running the GraphQL "execute" function',
};

function phaseHistogram(registry: Registry, phase: keyof typeof PHASE_HELP) {
  return batchedHistogram({
    name: `graphql_envelop_phase_${phase}`,
    help: PHASE_HELP[phase],
    labelNames: ['operationType'] as const,
    buckets: PHASE_BUCKETS_S,
    registers: [registry],
  });
}

/**
 * `operation(type)`: counts an executed operation (the request metrics' counter). Synchronous
 * hooks only: a hook that returns a promise puts every request on yoga's slower path.
 */
export function usePhaseMetrics(registry: Registry, operation: (type: string) => void): Plugin {
  const parse: BatchedHistogram<'operationType'> = phaseHistogram(registry, 'parse');
  const validate = phaseHistogram(registry, 'validate');
  const execute = phaseHistogram(registry, 'execute');
  return {
    onParse() {
      const started = performance.now();
      return ({ result }) => {
        const labels =
          result instanceof Error || result === null ? UNKNOWN : operationTypeOf(result);
        parse.observe(labels, (performance.now() - started) / 1000);
      };
    },
    onValidate({ params }) {
      const started = performance.now();
      const labels = operationTypeOf(params.documentAST);
      return () => validate.observe(labels, (performance.now() - started) / 1000);
    },
    onExecute({ args }) {
      const started = performance.now();
      const labels = operationTypeOf(args.document, args.operationName);
      operation(labels.operationType);
      return {
        onExecuteDone: () => execute.observe(labels, (performance.now() - started) / 1000),
      };
    },
  };
}
