/**
 * docs/sandbox.md's control endpoints, run as written against a sandbox on port 0: the doc
 * says every one answers in the upstream's envelope and names the `data` payloads; each curl
 * of its block answers that envelope, and a payload a comment names (`# {config, injected}`)
 * has those keys. Before issue 30 the doc showed the payloads as the bare answers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox, type Sandbox } from '../../../src/sandbox/index.ts';
import { fencedBlocks, readDoc, shellWords } from '../../unit/docs/markdown.ts';

const DOC = readDoc('docs/sandbox.md');
const SAYS = "Every control endpoint answers in the upstream's envelope";
const SECTION = DOC.slice(DOC.indexOf(SAYS));
let sandbox: Sandbox;

beforeAll(async () => {
  sandbox = await createSandbox({});
});
afterAll(() => sandbox.close());

interface Curl {
  method: string;
  url: string;
  body?: string;
}

/** The block's curl commands (continuations joined), `$SB` and the `0x1234…` account filled in. */
function curls(block: string, vars: Record<string, string>, account: string): Curl[] {
  const lines = block.replace(/\\\n\s*/g, ' ').split('\n');
  return lines
    .filter((line) => line.startsWith('curl '))
    .map((line) => {
      const words = shellWords(
        line.replace(/0x1234…/g, account).split(/\s+#\s/)[0] as string,
        vars,
      );
      const flag = (name: string) => words[words.indexOf(name) + 1];
      return {
        method: words.includes('-X') ? (flag('-X') as string) : 'GET',
        url: words.find((w) => w.startsWith('http')) as string,
        ...(words.includes('-d') ? { body: flag('-d') } : {}),
      };
    });
}

/**
 * The keys of each payload the block's comments name: `{config, injected}`, `{rows: […]}`,
 * the `data` of `{"success":true,"data":{symbol, mid, …},…}`.
 */
function namedPayloads(block: string): string[][] {
  const comments = block.split('\n').flatMap((line) => /#\s(.*)$/.exec(line)?.[1] ?? []);
  return comments.flatMap((comment) => {
    const at = comment.includes('"data":{')
      ? comment.indexOf('"data":{') + 7
      : comment.indexOf('{');
    if (at < 0) return [];
    const keys: string[] = [];
    let depth = 0;
    for (const m of comment.slice(at).matchAll(/[{}[\]]|(?<=[{,]\s*)([A-Za-z_]\w*)\s*(?=[,:}])/g)) {
      if (m[0] === '{' || m[0] === '[') depth++;
      else if (m[0] === '}' || m[0] === ']') depth--;
      else if (depth === 1) keys.push(m[1] as string);
      if (depth === 0) break;
    }
    return keys.length > 0 ? [keys] : [];
  });
}

describe('docs/sandbox.md, control endpoints', () => {
  it('answer in the envelope the doc states, with the payloads it names as data', async () => {
    const envelope = /`\{"success": true, "data": <payload>, "timestamp": <ms>\}`/.exec(SECTION);
    expect(envelope, 'the doc states the envelope').not.toBeNull();
    const block = fencedBlocks(SECTION, 'sh')[0] as string;
    const account = sandbox.demo?.trader.accountId as string;
    const runs = curls(block, { SB: sandbox.url.replace(/\/$/, '') }, account);
    expect(runs.length).toBeGreaterThanOrEqual(8);
    const payloads: string[][] = [];
    for (const run of runs) {
      const what = `${run.method} ${run.url}`;
      const response = await fetch(run.url, {
        method: run.method,
        ...(run.body ? { headers: { 'content-type': 'application/json' }, body: run.body } : {}),
      });
      const answer = (await response.json()) as Record<string, unknown>;
      expect(response.status, what).toBe(200);
      expect(Object.keys(answer).sort(), what).toEqual(['data', 'success', 'timestamp']);
      expect(answer.success, what).toBe(true);
      expect(typeof answer.timestamp, what).toBe('number');
      payloads.push(Object.keys(answer.data as object).sort());
    }
    const named = namedPayloads(block);
    expect(named.length).toBeGreaterThanOrEqual(5);
    for (const keys of named) expect(payloads, keys.join(', ')).toContainEqual([...keys].sort());
  });
});
