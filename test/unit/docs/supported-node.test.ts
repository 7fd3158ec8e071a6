/**
 * What Node to run, said plainly and the same everywhere (issue 30): the README and
 * docs/testing.md recommend the Node that `engines` admits from its own major up, name the
 * oldest release it admits, and call Node 20, which `engines` excludes, unsupported. (That
 * `npm install` prints no engine warning on the recommended Node is checked by `.ci/run`.)
 */
import { describe, expect, it } from 'vitest';
import { readDoc } from './markdown.ts';

const engines = (JSON.parse(readDoc('package.json')) as { engines: { node: string } }).engines.node;
/** `^22.15.0 || >=24` → ['^22.15.0', '>=24'] */
const ranges = engines.split('||').map((r) => r.trim());

/** Whether a range of `engines` admits some release of major `n`. */
const admitsMajor = (n: number) =>
  ranges.some((r) => {
    const m = /^(\^|>=)(\d+)/.exec(r);
    return m ? (m[1] === '^' ? Number(m[2]) === n : n >= Number(m[2])) : false;
  });

describe('the supported Node', () => {
  it('README: the recommended Node and the oldest that works are what engines admits', () => {
    const readme = readDoc('README.md');
    const recommended = Number(/Run it on \*\*Node (\d+)\*\*/.exec(readme)?.[1]);
    expect(ranges).toContain(`>=${recommended}`);
    const oldest = /\((\d+\.\d+)\+ works too/.exec(readme)?.[1];
    expect(ranges).toContain(`^${oldest}.0`);
    expect(admitsMajor(20)).toBe(false);
    expect(readme).toMatch(/Node 20 is past\s+end of life and unsupported/);
    expect(readme).not.toMatch(/Node 20[^.]*\btested\b/);
  });

  it('docs/testing.md says the same', () => {
    const testing = readDoc('docs/testing.md');
    const recommended = Number(/\*\*Supported Node:\*\* (\d+)/.exec(testing)?.[1]);
    expect(ranges).toContain(`>=${recommended}`);
    const oldest = /\((\d+\.\d+) or later works too/.exec(testing)?.[1];
    expect(ranges).toContain(`^${oldest}.0`);
    expect(testing).toMatch(/Node 20 is past\s+end of life and unsupported/);
  });
});
