/**
 * docs/configuration.md's variable table has exactly one row per variable the config schema
 * reads (src/config.ts), so it cannot drift when a setting is added, renamed or removed; and
 * its example of a bad configuration prints what loadConfig says.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig, unknownVariables } from '../../../src/config.ts';
import { fencedBlocks, readDoc } from './markdown.ts';

const DOC = readDoc('docs/configuration.md');

/** The first cell of every row of the tables headed `| Variable | Default | Meaning |`. */
function documentedVariables(markdown: string): string[] {
  const names: string[] = [];
  let inTable = false;
  for (const line of markdown.split('\n')) {
    if (/^\|\s*Variable\s*\|\s*Default\s*\|/.test(line)) inTable = true;
    else if (!line.startsWith('|')) inTable = false;
    else if (inTable && !/^\|\s*-/.test(line)) {
      const cell = line.split('|')[1]?.trim() ?? '';
      names.push(cell.replace(/^`|`$/g, ''));
    }
  }
  return names;
}

/** The keys of the `envSchema` object in src/config.ts (not exported: read from the source). */
function schemaVariables(): string[] {
  const source = readDoc('src/config.ts');
  const start = source.indexOf('const envSchema = z');
  const body = source.slice(start, source.indexOf('.superRefine(', start));
  return [...body.matchAll(/^ {4}([A-Z][A-Z0-9_]*):/gm)].map((m) => m[1] as string);
}

describe('docs/configuration.md', () => {
  const documented = documentedVariables(DOC);
  const schema = schemaVariables();

  it('reads the schema (guards the parser above)', () => {
    expect(schema).toContain('PORT');
    expect(schema).toContain('CALLER_PROXY_HOPS');
    expect(schema.length).toBeGreaterThan(30);
  });

  it('has one row per variable, each a single name', () => {
    expect(documented.filter((name) => !/^[A-Z][A-Z0-9_]*$/.test(name))).toEqual([]);
    expect(documented.filter((name, i) => documented.indexOf(name) !== i)).toEqual([]);
  });

  it('documents exactly the variables src/config.ts reads', () => {
    expect([...documented].sort()).toEqual([...schema].sort());
  });

  it('names only variables the gateway knows (no "unknown variable" warning for them)', () => {
    const env = Object.fromEntries(documented.map((name) => [name, 'x']));
    expect(unknownVariables(env)).toEqual([]);
    expect(unknownVariables({ REDIS_URI: 'x' })).toEqual(['REDIS_URI']);
  });

  it('shows the error a bad configuration really gives', () => {
    const block = fencedBlocks(DOC, 'sh').find((b) => b.includes('invalid configuration'));
    expect(block).toBeDefined();
    const [command, ...printed] = (block as string).trim().split('\n');
    const env = Object.fromEntries(
      [...(command as string).matchAll(/\b([A-Z_]+)=(\S+)/g)].map((m) => [m[1], m[2]]),
    );
    let problems: string[] = [];
    try {
      loadConfig(env);
    } catch (error) {
      if (error instanceof ConfigError) problems = error.problems;
    }
    expect(printed.slice(1).map((line) => line.trim())).toEqual(problems);
  });
});
