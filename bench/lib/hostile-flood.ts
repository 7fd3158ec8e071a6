/**
 * The hostile scenario's attacker, a child process of its own (its CPU is not the load
 * generator's): FLOOD_CONNECTIONS keep-alive connections from FLOOD_LOCAL_ADDRESS, each sending
 * anonymous introspection and parse errors to FLOOD_TARGET as fast as they are answered.
 * Controlled over HTTP: POST /start, POST /stop, GET /stats (answers by status since /start).
 */
import { Agent, request } from 'node:http';
import { requireEnv, serve } from './child.ts';

const target = new URL('/graphql', requireEnv('FLOOD_TARGET'));
const connections = Number(process.env.FLOOD_CONNECTIONS ?? 50);
const localAddress = process.env.FLOOD_LOCAL_ADDRESS ?? '127.0.0.2';
const agent = new Agent({ keepAlive: true, maxSockets: connections });
const BODIES = [
  JSON.stringify({
    query: '{ __schema { types { name kind fields { name type { name kind } } } } }',
  }),
  JSON.stringify({ query: '{ account { id' }),
].map((text) => Buffer.from(text));

let running = false;
let statuses: Record<string, number> = {};
let errors = 0;

function send(body: Buffer): Promise<void> {
  return new Promise((resolve) => {
    const req = request(
      target,
      {
        method: 'POST',
        agent,
        localAddress,
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (res) => {
        const key = String(res.statusCode);
        statuses[key] = (statuses[key] ?? 0) + 1;
        res.resume();
        res.on('end', resolve);
        res.on('error', resolve);
      },
    );
    req.on('error', () => {
      errors++;
      resolve();
    });
    req.end(body);
  });
}

async function loop(index: number): Promise<void> {
  for (let i = index; running; i++) await send(BODIES[i % BODIES.length]!);
}

let loops: Promise<unknown> = Promise.resolve();

await serve(
  (req, res) => {
    if (req.method === 'POST' && req.url === '/start' && !running) {
      running = true;
      statuses = {};
      errors = 0;
      loops = Promise.all(Array.from({ length: connections }, (_, i) => loop(i)));
      res.end('started');
    } else if (req.method === 'POST' && req.url === '/stop') {
      running = false;
      void loops.then(() => res.end('stopped'));
    } else if (req.url === '/stats') {
      res.setHeader('content-type', 'application/json');
      res.end(JSON.stringify({ statuses, errors }));
    } else {
      res.statusCode = 404;
      res.end();
    }
  },
  { close: () => agent.destroy() },
);
