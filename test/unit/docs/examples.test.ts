/**
 * The docs show only what works: every ```graphql block of README.md, docs/api.md,
 * docs/market-data.md, docs/algo-orders.md, docs/risk.md and docs/orders.md parses and validates against the
 * schema, every npm script they name exists, and every relative link (images included) points at a file and heading that exist.
 */
import { existsSync, readdirSync } from 'node:fs';
import { parse, validate } from 'graphql';
import { describe, expect, it } from 'vitest';
import { schema } from '../../../src/schema/index.ts';
import { anchors, fencedBlocks, npmScripts, ROOT, readDoc, relativeLinks } from './markdown.ts';

const DOCS = [
  'README.md',
  ...readdirSync(new URL('docs/', ROOT))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
];
const scripts = Object.keys(
  (JSON.parse(readDoc('package.json')) as { scripts: Record<string, string> }).scripts,
);

describe('GraphQL in the docs', () => {
  const withGraphQL = ['README.md', 'docs/api.md', 'docs/market-data.md', 'docs/algo-orders.md'];
  for (const path of [...withGraphQL, 'docs/risk.md', 'docs/orders.md']) {
    const blocks = fencedBlocks(readDoc(path), 'graphql');

    it(`${path} has GraphQL examples`, () => {
      expect(blocks.length).toBeGreaterThan(0);
    });

    blocks.forEach((source, i) => {
      it(`${path} block ${i + 1} validates against the schema`, () => {
        const errors = validate(schema, parse(source)).map((e) => e.message);
        expect(errors, source).toEqual([]);
      });
    });
  }
});

describe('commands and links in the docs', () => {
  it('finds the docs and the README stays within 150 lines', () => {
    expect(DOCS.length).toBeGreaterThan(8);
    expect(readDoc('README.md').split('\n').length).toBeLessThanOrEqual(150);
  });

  for (const path of DOCS) {
    it(`${path}: every npm script it names is in package.json`, () => {
      const named = npmScripts(readDoc(path));
      expect(named.filter((name) => !scripts.includes(name))).toEqual([]);
    });

    it(`${path}: every file a command runs (npx tsx <file>) exists`, () => {
      const files = [...readDoc(path).matchAll(/\bnpx tsx ([\w./-]+\.ts)\b/g)].map((m) => m[1]);
      expect(files.filter((file) => !existsSync(new URL(file as string, ROOT)))).toEqual([]);
    });

    it(`${path}: every relative link resolves to a file and heading`, () => {
      const broken: string[] = [];
      for (const link of relativeLinks(readDoc(path))) {
        const [file, anchor] = link.split('#') as [string, string | undefined];
        const target = file === '' ? path : new URL(file, new URL(path, ROOT)).pathname;
        const relative = target.startsWith('/') ? target.slice(ROOT.pathname.length) : target;
        let text: string;
        try {
          text = readDoc(relative);
        } catch {
          broken.push(link);
          continue;
        }
        if (anchor && relative.endsWith('.md') && !anchors(text).has(anchor)) broken.push(link);
      }
      expect(broken).toEqual([]);
    });
  }
});
