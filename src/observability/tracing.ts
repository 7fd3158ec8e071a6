/**
 * OpenTelemetry tracing, off unless the standard `OTEL_*` variables ask for it: nothing of
 * the SDK is started otherwise, and the plugins and upstream layers skip all span work
 * when they get no tracer.
 *
 * On when `OTEL_TRACES_EXPORTER` names an exporter (`otlp`, `console`) or, with it unset,
 * when `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set;
 * `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` keep it off. The SDK reads the rest
 * itself: endpoint and headers (OTLP over HTTP, JSON), `OTEL_TRACES_SAMPLER[_ARG]`,
 * `OTEL_BSP_*`, `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`.
 *
 * The tracer is handed to the gateway's parts instead of being registered as the global
 * provider, so several gateways in one process (tests) keep their own exporters; only the
 * context manager (AsyncLocalStorage, which carries the active span across awaits) is global.
 */
import { createRequire } from 'node:module';
import { context, DiagLogLevel, diag, type Tracer } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { W3CTraceContextPropagator } from '@opentelemetry/core';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  defaultResource,
  detectResources,
  envDetector,
  resourceFromAttributes,
} from '@opentelemetry/resources';
import {
  BasicTracerProvider,
  BatchSpanProcessor,
  ConsoleSpanExporter,
  type SpanExporter,
  type SpanProcessor,
} from '@opentelemetry/sdk-trace-base';
import { ATTR_SERVICE_NAME, ATTR_SERVICE_VERSION } from '@opentelemetry/semantic-conventions';
import type { Logger } from './logger.ts';

export const SERVICE_NAME = 'svc-graphql';
const SERVICE_VERSION = (createRequire(import.meta.url)('../package.json') as { version: string })
  .version;
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

type Env = Record<string, string | undefined>;

/** The exporters the environment asks for; empty when tracing stays off. */
export function tracesExportersFromEnv(env: Env = process.env): string[] {
  if (env.OTEL_SDK_DISABLED?.trim().toLowerCase() === 'true') return [];
  const named = (env.OTEL_TRACES_EXPORTER ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter((name) => name !== '');
  if (named.length === 0) {
    return env.OTEL_EXPORTER_OTLP_ENDPOINT || env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT
      ? ['otlp']
      : [];
  }
  return named.includes('none') ? [] : named;
}

function exporterFor(name: string): SpanExporter {
  if (name === 'otlp') return new OTLPTraceExporter();
  if (name === 'console') return new ConsoleSpanExporter();
  throw new Error(`OTEL_TRACES_EXPORTER: unsupported exporter "${name}" (otlp, console, none)`);
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

/**
 * Tracing as the `OTEL_*` variables configure it, or undefined when they leave it off. The
 * SDK's own warnings (an export the collector refused or never answered) go to `logger`.
 */
export function startTracingFromEnv(
  env: Env = process.env,
  logger?: Pick<Logger, 'warn' | 'error'>,
): Tracing | undefined {
  const names = tracesExportersFromEnv(env);
  if (names.length === 0) return undefined;
  if (logger) {
    // No request id: an export is not part of the request whose span happened to fill the batch.
    const log = (level: 'warn' | 'error') => (message: string) =>
      logger[level]({ component: 'opentelemetry' }, message);
    const quiet = () => {};
    diag.setLogger(
      { error: log('error'), warn: log('warn'), info: quiet, debug: quiet, verbose: quiet },
      { logLevel: DiagLogLevel.WARN, suppressOverrideMessage: true },
    );
  }
  const processors = names.map((name) => new BatchSpanProcessor(exporterFor(name)));
  return createTracing(processors, names);
}
