/**
 * Reading the documentation as data: fenced blocks by language, relative links and the npm
 * scripts a text names, so tests can check that what the docs show still works.
 */
import { readFileSync } from 'node:fs';

export const ROOT = new URL('../../../', import.meta.url);

export function readDoc(path: string): string {
  return readFileSync(new URL(path, ROOT), 'utf8');
}

/** The bodies of the fenced blocks of `language` (```graphql … ```), in order. */
export function fencedBlocks(markdown: string, language: string): string[] {
  const blocks: string[] = [];
  const fence = /^```([\w-]*)[^\n]*\n([\s\S]*?)^```\s*$/gm;
  for (const match of markdown.matchAll(fence)) {
    if (match[1] === language) blocks.push(match[2] ?? '');
  }
  return blocks;
}

/** Relative link targets (`[text](target)` and images), without external URLs. */
export function relativeLinks(markdown: string): string[] {
  const prose = markdown.replace(/^```[\s\S]*?^```\s*$/gm, '');
  return [...prose.matchAll(/!?\[[^\]]*\]\(([^)\s]+)\)/g)]
    .map((m) => m[1] as string)
    .filter((target) => !/^[a-z]+:/i.test(target));
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export function anchors(markdown: string): Set<string> {
  const prose = markdown.replace(/^```[\s\S]*?^```\s*$/gm, '');
  return new Set([...prose.matchAll(/^#{1,6}\s+(.+)$/gm)].map((m) => anchorOf(m[1] as string)));
}

/** Script names behind `npm start`, `npm test` and `npm run [-s] <name>`. */
export function npmScripts(markdown: string): string[] {
  const names = new Set<string>();
  for (const m of markdown.matchAll(/\bnpm (start|test)\b/g)) names.add(m[1] as string);
  for (const m of markdown.matchAll(/\bnpm run (?:-s |--silent )?([\w:.-]+)/g)) {
    names.add(m[1] as string);
  }
  return [...names];
}

/** Words of a shell command line, with '…' and "…" quoting ($NAME expanded outside '…'). */
export function shellWords(line: string, vars: Record<string, string> = {}): string[] {
  const words: string[] = [];
  const expand = (s: string) => s.replace(/\$(\w+)/g, (_, name: string) => vars[name] ?? '');
  for (const m of line.matchAll(/'([^']*)'|"([^"]*)"|(\S+)/g)) {
    const [, single, double, bare] = m;
    words.push(single ?? expand(double ?? bare ?? ''));
  }
  return words;
}

/**
 * The commands of a ```sh block (continuation lines joined) with the output printed below
 * each as `# …` comment lines (joined without the `# `).
 */
export function commandsWithOutput(block: string): { command: string; output: string }[] {
  const result: { command: string; output: string }[] = [];
  for (const line of block.replace(/\\\n\s*/g, ' ').split('\n')) {
    if (line.startsWith('#')) {
      const last = result.at(-1);
      if (last) last.output += line.replace(/^#\s?/, '').trim();
    } else if (line.trim() !== '') {
      result.push({ command: line.trim(), output: '' });
    }
  }
  return result;
}
