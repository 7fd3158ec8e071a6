/**
 * A/B of the gateway's CPU per cached `account` read (scenario 3) between two source trees,
 * over real HTTP, in one process: each tree's gateway (its own modules, node_modules shared)
 * listens on its own port, a raw-socket closed-loop client of 10 connections sends pre-built
 * request bytes (with Content-Length, like any client) and checks every full response, and the
 * rounds alternate, so the machine's changing load falls on both alike. The sandbox runs in a
 * child process, so this process's CPU is the gateway's plus the (identical) client's.
 * `bench/cpu-per-op.ts` goes through `yoga.fetch` and misses node:http and the socket writes.
 *
 *   npx tsx bench/ab-http.ts --a ../before --b . [--rounds 16] [--count 2000] > /dev/null
 * (stdout: the gateways' access logs; `--a ceiling` compares against bare yoga `{ hello }`)
 */
import { createServer, type RequestListener, type Server } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { parseArgs } from 'node:util';
import { ceilingYoga } from './lib/ceiling-yoga.ts';
import { ACCOUNT_QUERY } from './lib/documents.ts';
import { killAllChildren, startChild } from './lib/processes.ts';
import { BENCH_LIMIT_SCALE, treeGateway } from './lib/tree-gateway.ts';

const { values } = parseArgs({
  options: {
    a: { type: 'string' },
    b: { type: 'string', default: '.' },
    rounds: { type: 'string', default: '16' },
    count: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '8000' },
    connections: { type: 'string', default: '10' },
  },
});
if (!values.a) throw new Error('--a DIR (or "ceiling") is required');
const sandbox = await startChild('sandbox', {
  module: 'servers/sandbox.ts',
  env: { BENCH_LIMIT_SCALE, BENCH_TRADER_COUNT: '1' },
});
const [trader] = sandbox.info.traders as Array<Record<string, string>>;
const token = 'svcgw_ab_http_token_0123456789abcdef0123';

interface Side {
  label: string;
  server: Server;
  port: number;
  request: Buffer;
  close: () => Promise<void>;
}

const requestBytes = (body: string, auth: boolean): Buffer =>
  Buffer.from(
    'POST /graphql HTTP/1.1\r\nhost: 127.0.0.1\r\ncontent-type: application/json\r\n' +
      (auth ? `authorization: Bearer ${token}\r\n` : '') +
      `content-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
  );

async function listen(listener: RequestListener): Promise<{ server: Server; port: number }> {
  const server = createServer(listener);
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { server, port: (server.address() as AddressInfo).port };
}

async function side(dir: string): Promise<Side> {
  if (dir === 'ceiling') {
    const { server, port } = await listen(ceilingYoga() as unknown as RequestListener);
    const request = requestBytes(JSON.stringify({ query: '{ hello }' }), false);
    return { label: 'ceiling', server, port, request, close: async () => {} };
  }
  const gateway = await treeGateway({
    root: dir,
    sandboxUrl: String(sandbox.info.url),
    trader: trader!,
    token,
    label: 'ab-http',
  });
  const { server, port } = await listen(gateway.handler as RequestListener);
  const request = requestBytes(JSON.stringify({ query: ACCOUNT_QUERY }), true);
  return { label: dir, server, port, request, close: () => gateway.close() };
}

/** `total` requests over `connections` sockets, one outstanding per socket; every answer checked. */
function round(target: Side, total: number, connections: number): Promise<void> {
  return new Promise<void>((done, fail) => {
    let sent = 0;
    let answered = 0;
    for (let c = 0; c < connections; c++) {
      const socket = connect(target.port, '127.0.0.1');
      socket.setEncoding('latin1');
      let buffer = '';
      const next = (): void => {
        if (sent < total) {
          sent++;
          socket.write(target.request);
        } else socket.end();
      };
      socket.on('data', (chunk: string) => {
        buffer += chunk;
        const head = buffer.indexOf('\r\n\r\n');
        if (head < 0) return;
        const length = /content-length: (\d+)/i.exec(buffer.slice(0, head));
        if (!length) return fail(new Error(`no content-length: ${buffer}`));
        if (buffer.length < head + 4 + Number(length[1])) return;
        const body = buffer.slice(head + 4);
        if (
          !buffer.startsWith('HTTP/1.1 200') ||
          !body.startsWith('{"data"') ||
          body.includes('"errors"')
        )
          return fail(new Error(buffer));
        buffer = '';
        if (++answered === total) done();
        else next();
      });
      socket.on('error', fail);
      next();
    }
  });
}

const connections = Number(values.connections);
const count = Number(values.count);
const sides = [await side(values.a), await side(values.b)];
for (const s of sides) await round(s, Number(values.warmup), connections);
const perOp: number[][] = [[], []];
for (let r = 0; r < Number(values.rounds); r++) {
  for (const i of r % 2 === 0 ? [0, 1] : [1, 0]) {
    const start = process.cpuUsage();
    await round(sides[i]!, count, connections);
    const used = process.cpuUsage(start);
    perOp[i]!.push((used.user + used.system) / count);
  }
}
const summary = (values_: number[]): string => {
  const s = [...values_].sort((x, y) => x - y);
  const at = (q: number): string => s[Math.floor(q * (s.length - 1))]!.toFixed(1);
  return `best ${at(0)} q1 ${at(0.25)} median ${at(0.5)} µs/op`;
};
const ratios = perOp[1]!.map((b, i) => b / perOp[0]![i]!).sort((x, y) => x - y);
for (const [i, s] of sides.entries())
  process.stderr.write(`[${i === 0 ? 'a' : 'b'} ${s.label}] ${summary(perOp[i]!)}\n`);
process.stderr.write(
  `b/a per round: median ${ratios[ratios.length >> 1]!.toFixed(3)} (q1 ${ratios[ratios.length >> 2]!.toFixed(3)}, q3 ${ratios[(3 * ratios.length) >> 2]!.toFixed(3)}); ${values.rounds} rounds × ${count}, ${connections} connections, CPU of this process (gateway + client)\n`,
);
for (const s of sides) {
  s.server.closeAllConnections();
  s.server.close();
  await s.close();
}
killAllChildren();
process.exit(0);
