/**
 * docs/signing.md's `npm run -s sign` examples, run in-process: each prints what the doc
 * shows (the doc elides long values with "…": those compare by their start and end).
 */
import { describe, expect, it } from 'vitest';
import { run } from '../../../src/auth/sign-command.ts';
import { commandsWithOutput, fencedBlocks, readDoc, shellWords } from './markdown.ts';

/** Every "key":"value" pair printed, nested objects included. */
function printedPairs(output: string): [string, string][] {
  return [...output.matchAll(/"([\w-]+)":"([^"]*)"/g)].map((m) => [m[1], m[2]] as [string, string]);
}

function flatten(value: unknown, into: Record<string, unknown> = {}): Record<string, unknown> {
  for (const [key, v] of Object.entries(value as Record<string, unknown>)) {
    if (v && typeof v === 'object') flatten(v, into);
    else into[key] = v;
  }
  return into;
}

const examples = fencedBlocks(readDoc('docs/signing.md'), 'sh')
  .flatMap(commandsWithOutput)
  .filter((e) => e.command.startsWith('npm run -s sign -- '));

describe('docs/signing.md', () => {
  it('has sign examples with their output', () => {
    expect(examples.map((e) => shellWords(e.command)[5])).toEqual(['order', 'request']);
  });

  for (const example of examples) {
    it(`prints what it shows: ${example.command.slice(0, 40)}…`, async () => {
      let out = '';
      const code = await run(shellWords(example.command).slice(5), {
        out: (text) => (out += text),
        err: (text) => (out += text),
      });
      expect(code).toBe(0);
      const actual = flatten(JSON.parse(out));
      const pairs = printedPairs(example.output);
      expect(pairs.length).toBeGreaterThan(2);
      for (const [key, shown] of pairs) {
        const [head, tail] = shown.split('…') as [string, string | undefined];
        const value = String(actual[key]);
        if (tail === undefined) expect(value, key).toBe(shown);
        else expect(value.startsWith(head) && value.endsWith(tail), `${key}: ${value}`).toBe(true);
      }
    });
  }
});
