/**
 * A small OTLP/HTTP collector for tests: an HTTP server on port 0 that keeps what is POSTed
 * to /v1/traces (JSON, as the gateway's exporter sends it). Point a spawned gateway's
 * OTEL_EXPORTER_OTLP_ENDPOINT at `endpoint`.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface OtlpSpan {
  name: string;
  traceId: string;
}
export interface OtlpExport {
  resourceSpans: Array<{
    resource: { attributes: Array<{ key: string; value: { stringValue?: string } }> };
    scopeSpans: Array<{ spans: OtlpSpan[] }>;
  }>;
}

export interface Collector {
  /** `http://127.0.0.1:PORT`, for OTEL_EXPORTER_OTLP_ENDPOINT. */
  endpoint: string;
  /** Every export received, in arrival order. */
  exports: Array<{ contentType: string | undefined; body: OtlpExport }>;
  /** Every span of every export. */
  spans(): OtlpSpan[];
  /** The `service.name` of the first export's resource. */
  serviceName(): string | undefined;
  close(): Promise<void>;
}

export async function startCollector(): Promise<Collector> {
  const exports: Collector['exports'] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (req.method === 'POST' && req.url === '/v1/traces') {
        exports.push({
          contentType: req.headers['content-type'],
          body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport,
        });
      }
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    endpoint: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    exports,
    spans: () =>
      exports.flatMap((e) =>
        e.body.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)),
      ),
    serviceName: () =>
      exports[0]?.body.resourceSpans[0]?.resource.attributes.find((a) => a.key === 'service.name')
        ?.value.stringValue,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
