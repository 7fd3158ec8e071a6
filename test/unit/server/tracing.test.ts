/**
 * When tracing is on: only when the standard OTEL_* variables ask for it.
 */
import { describe, expect, it } from 'vitest';
import {
  startTracingFromEnv,
  tracesExportersFromEnv,
} from '../../../src/observability/tracing-env.ts';

describe('tracing from the environment', () => {
  it.each<[string, Record<string, string>, string[]]>([
    ['nothing set', {}, []],
    ['an OTLP endpoint', { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' }, ['otlp']],
    [
      'a traces endpoint',
      { OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://c:4318/v1/traces' },
      ['otlp'],
    ],
    ['an exporter by name', { OTEL_TRACES_EXPORTER: 'otlp, console' }, ['otlp', 'console']],
    [
      'exporter none',
      { OTEL_TRACES_EXPORTER: 'none', OTEL_EXPORTER_OTLP_ENDPOINT: 'http://c' },
      [],
    ],
    ['the SDK disabled', { OTEL_SDK_DISABLED: 'true', OTEL_TRACES_EXPORTER: 'otlp' }, []],
    ['metrics and logs only', { OTEL_METRICS_EXPORTER: 'otlp', OTEL_SERVICE_NAME: 'x' }, []],
  ])('%s', (_, env, exporters) => {
    expect(tracesExportersFromEnv(env)).toEqual(exporters);
  });

  it('starts nothing when off, and refuses an exporter it does not have', async () => {
    expect(startTracingFromEnv({})).toBeUndefined();
    expect(() => startTracingFromEnv({ OTEL_TRACES_EXPORTER: 'zipkin' })).toThrow(
      /OTEL_TRACES_EXPORTER: unsupported exporter "zipkin"/,
    );
    const tracing = startTracingFromEnv({ OTEL_TRACES_EXPORTER: 'otlp' });
    expect(tracing?.exporters).toEqual(['otlp']);
    await tracing?.shutdown();
  });
});
