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
