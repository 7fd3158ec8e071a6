/**
 * Tracing as the standard `OTEL_*` variables configure it.
 *
 * On when `OTEL_TRACES_EXPORTER` names an exporter (`otlp`, `console`) or, with it unset,
 * when `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set;
 * `OTEL_SDK_DISABLED=true` or `OTEL_TRACES_EXPORTER=none` keep it off. The SDK reads the rest
 * itself: endpoint and headers (OTLP over HTTP, JSON), `OTEL_TRACES_SAMPLER[_ARG]`,
 * `OTEL_BSP_*`, `OTEL_SERVICE_NAME`, `OTEL_RESOURCE_ATTRIBUTES`.
 */
import { DiagLogLevel, diag } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import {
  BatchSpanProcessor,
  ConsoleSpanExporter,
  type SpanExporter,
} from '@opentelemetry/sdk-trace-base';
import type { Logger } from './logger.ts';
import { createTracing, type Tracing } from './tracing.ts';

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
