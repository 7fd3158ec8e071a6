/**
 * In-process CPU per GraphQL operation, for A/B comparisons of the gateway's per-request
 * work while the machine is busy (throughput figures of `npm run bench` are then noise).
 * Runs one operation at a time through `yoga.fetch` (no sockets: the same for every variant)
 * against a cached gateway over an in-process sandbox, and prints the best of several rounds
 * — the least disturbed by other processes.
 *
 *   npx tsx bench/cpu-per-op.ts [--uncached] [--rounds 7] [--count 3000] > /dev/null
 * (stdout: the gateway's access log)
 */
import { parseArgs } from 'node:util';
import { hashToken } from '../src/auth/principals.ts';
import { loadConfig } from '../src/config.ts';
import { createSandbox } from '../src/sandbox/index.ts';
import { createGateway } from '../src/server.ts';
import { ACCOUNT_QUERY } from './lib/scenarios.ts';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '7' },
    count: { type: 'string', default: '3000' },
    uncached: { type: 'boolean', default: false },
  },
});
const sandbox = await createSandbox({ limits: { scale: 1e6 }, port: 0 });
const trader = sandbox.demo!.trader;
const token = 'svcgw_cpu_per_op_token_0123456789abcdef';
const config = loadConfig({
  LOG_LEVEL: 'info',
  CACHE_ENABLED: String(!values.uncached),
  UPSTREAM_LIMIT_SCALE: '1000000',
  CALLER_POINTS: String(1e12),
  CALLER_ANON_POINTS: String(1e12 - 1),
});
const gateway = await createGateway({
  config,
  upstreamUrl: sandbox.url.replace(/\/$/, ''),
  keystore: {
    principals: [
      {
        label: 'cpu-per-op',
        tokenSha256: hashToken(token),
        accountId: trader.accountId,
        secret: trader.secret,
        tradingSecret: trader.tradingSecret,
        role: 'trader',
      },
    ],
  },
});
const body = JSON.stringify({ query: ACCOUNT_QUERY });
const once = async (): Promise<void> => {
  const response = await gateway.yoga.fetch('http://localhost/graphql', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body,
  });
  const text = await response.text();
  if (!text.startsWith('{"data"') || text.includes('"errors"')) throw new Error(text);
};
const count = Number(values.count);
for (let i = 0; i < count; i++) await once();
const perRound: number[] = [];
for (let r = 0; r < Number(values.rounds); r++) {
  const start = process.cpuUsage();
  for (let i = 0; i < count; i++) await once();
  const used = process.cpuUsage(start);
  perRound.push((used.user + used.system) / count);
}
perRound.sort((a, b) => a - b);
process.stderr.write(
  `account ${values.uncached ? 'uncached' : 'cached'} via yoga.fetch: best ${perRound[0]!.toFixed(1)} µs/op, median ${perRound[perRound.length >> 1]!.toFixed(1)} µs/op (${values.rounds} rounds × ${count}; CPU of this process)\n`,
);
await gateway.close();
await sandbox.close();
process.exit(0);
