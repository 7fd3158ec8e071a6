/**
 * OpenTelemetry tracing, off unless the standard `OTEL_*` variables ask for it
 * (`tracing-env.ts`): nothing of the SDK is started otherwise, and the plugins and upstream
 * layers skip all span work when they get no tracer.
 *
 * The tracer is handed to the gateway's parts instead of being registered as the global
 * provider, so several gateways in one process (tests) keep their own exporters; only the
 * context manager (AsyncLocalStorage, which carries the active span across awaits) is global.
 */
import { createRequire } from 'node:module';
import { context, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import { BasicTracerProvider, type SpanProcessor } from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';

export const SERVICE_NAME = 'svc-graphql';
const SERVICE_VERSION = (
  createRequire(import.meta.url)('../../package.json') as { version: string }
).version;
const TRACER_NAME = 'svc-graphql';

/** `traceparent`/`tracestate` in and out (W3C Trace Context). */
export const traceContext = new W3CTraceContextPropagator();

export interface Tracing {
  readonly tracer: Tracer;
  /** Exporters in use, for the start-up log line. */
  readonly exporters: readonly string[];
  /** Exports what is pending and stops. */
  shutdown(): Promise<void>;
}

let contextManagerSet = false;
function useAsyncContext(): void {
  if (contextManagerSet) return;
  contextManagerSet = true;
  // false when another manager is already global (an APM agent's): that one carries spans too.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
}

/** A tracer over the given span processors (tests pass an in-memory exporter's). */
export function createTracing(spanProcessors: SpanProcessor[], exporters: string[] = []): Tracing {
  useAsyncContext();
  const resource = defaultResource()
    .merge(
      resourceFromAttributes({
        [ATTR_SERVICE_NAME]: SERVICE_NAME,
        [ATTR_SERVICE_VERSION]: SERVICE_VERSION,
      }),
    )
    .merge(detectResources({ detectors: [envDetector] }));
  const provider = new BasicTracerProvider({ resource, spanProcessors });
  return {
    tracer: provider.getTracer(TRACER_NAME, SERVICE_VERSION),
    exporters,
    shutdown: () => provider.shutdown(),
  };
}
