/**
 * Summarises V8 CPU profiles written by `npm run bench -- --profile`: self time by function
 * and by file (packages collapsed), so hot spots can be named without opening DevTools.
 *
 *   npx tsx bench/profile-top.ts bench/results/profiles/gateway-uncached.cpuprofile [--top 25]
 *     [--inclusive]   also time spent inside each function, callees included
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

interface Profile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

function place(url: string): string {
  const path = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path);
  if (pkg) return `npm:${pkg[1]}`;
  const src = /\/((?:src|bench)\/.*)$/.exec(path);
  if (src) return src[1]!;
  return path === '' ? '(native/V8)' : path;
}

function summarise(file: string, top: number): string {
  const profile = JSON.parse(readFileSync(file, 'utf8')) as Profile;
  const selfUs = new Map<number, number>();
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // timeDeltas[i] is the time before sample i; attribute the next delta to sample i.
    const us = deltas[i + 1] ?? 0;
    selfUs.set(samples[i]!, (selfUs.get(samples[i]!) ?? 0) + us);
  }
  const idle = new Set(
    profile.nodes.filter((n) => n.callFrame.functionName === '(idle)').map((n) => n.id),
  );
  const sampled = [...selfUs.values()].reduce((a, b) => a + b, 0);
  // Percentages are of busy time: idle samples (waiting on I/O) are left out.
  const total = [...selfUs.entries()].reduce((a, [id, us]) => (idle.has(id) ? a : a + us), 0) || 1;
  // Inclusive time: each sample counts once for every distinct function on its stack.
  const parent = new Map<number, number>();
  for (const node of profile.nodes)
    for (const child of node.children ?? []) parent.set(child, node.id);
  const nodeById = new Map(profile.nodes.map((n) => [n.id, n]));
  const keyOf = (node: ProfileNode): string => {
    const { functionName, url, lineNumber } = node.callFrame;
    return `${functionName || '(anonymous)'}  ${place(url)}${url ? `:${lineNumber + 1}` : ''}`;
  };
  const inclusive = new Map<string, number>();
  for (const [id, us] of selfUs) {
    if (idle.has(id) || us === 0) continue;
    const seen = new Set<string>();
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const node = nodeById.get(at);
      if (!node || node.callFrame.functionName === '(root)') continue;
      const key = keyOf(node);
      if (!seen.has(key)) {
        seen.add(key);
        inclusive.set(key, (inclusive.get(key) ?? 0) + us);
      }
    }
  }
  const byFunction = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const node of profile.nodes) {
    const us = selfUs.get(node.id) ?? 0;
    if (us === 0 || idle.has(node.id)) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = place(url);
    const fn = `${functionName || '(anonymous)'}  ${where}${url ? `:${lineNumber + 1}` : ''}`;
    byFunction.set(fn, (byFunction.get(fn) ?? 0) + us);
    const fileKey = url ? where : `(${functionName})`;
    byFile.set(fileKey, (byFile.get(fileKey) ?? 0) + us);
  }
  const rows = (map: Map<string, number>): string =>
    [...map.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, us]) => `${((100 * us) / total).toFixed(1).padStart(5)}%  ${name}`)
      .join('\n');
  return (
    `${file}: ${(sampled / 1e6).toFixed(2)} s sampled, ${(total / 1e6).toFixed(2)} s busy ` +
    `(percentages of busy time)\n` +
    `-- self time by function\n${rows(byFunction)}\n-- self time by file/package\n${rows(byFile)}\n` +
    (values.inclusive ? `-- inclusive time by function\n${rows(inclusive)}\n` : '')
  );
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    top: { type: 'string', default: '25' },
    inclusive: { type: 'boolean', default: false },
  },
});
if (positionals.length === 0) {
  process.stderr.write('usage: tsx bench/profile-top.ts FILE.cpuprofile... [--top N]\n');
  process.exit(2);
}
for (const file of positionals) process.stdout.write(`${summarise(file, Number(values.top))}\n`);
