/**
 * The fixed documents of the differential test, as steps in the order they run: the README's
 * and docs/api.md's GraphQL blocks (extracted as test/integration/docs/readme.test.ts does),
 * every GraphiQL example tab, and every query and mutation in operations/ (with the fragments
 * it spreads). Subscriptions are left out: they stream events, and graphql-jit never ran them.
 *
 * Variables: a block's `# variables: {…}` comment, a tab's own variables, the table of
 * operation-variables.ts for operations/ (every operation there must have a row), else a value of the same-named
 * field in an earlier answer. A value `'paste …'` takes a field of an earlier answer (its last
 * word when an answer had that field, else the value's own key), as a tab's comment tells a
 * user to do.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { type DefinitionNode, type DocumentNode, Kind, parse, print, visit } from 'graphql';
import { EXAMPLE_TABS } from '../../../src/plugins/graphiql-tabs.ts';
import { fencedBlocks, ROOT, readDoc } from '../../unit/docs/markdown.ts';
import { BY_NAME, OPERATION_VARIABLES } from './operation-variables.ts';

export type Caller = 'trader' | 'admin' | 'anonymous';

export interface Step {
  label: string;
  query: string;
  operationName?: string;
  /** Variables before placeholders and earlier answers are applied. */
  variables: Record<string, unknown>;
  /** The document's variable names. */
  names: string[];
  caller: Caller;
}

const operationsOf = (document: DocumentNode) =>
  document.definitions.flatMap((d) =>
    d.kind === Kind.OPERATION_DEFINITION && d.operation !== 'subscription' ? [d] : [],
  );

const variableNames = (d: DefinitionNode) =>
  d.kind === Kind.OPERATION_DEFINITION
    ? (d.variableDefinitions ?? []).map((v) => v.variable.name.value)
    : [];

/** `# variables: {…}` under a block, continued on `#` lines. */
function commentVariables(block: string): Record<string, unknown> {
  const at = block.indexOf('# variables:');
  if (at < 0) return {};
  const text = block
    .slice(at + '# variables:'.length)
    .split('\n')
    .map((line) => line.replace(/^#/, ''))
    .join(' ');
  return JSON.parse(text) as Record<string, unknown>;
}

function markdownSteps(path: string): Step[] {
  return fencedBlocks(readDoc(path), 'graphql').flatMap((block) => {
    const given = commentVariables(block);
    return operationsOf(parse(block)).map((op) => {
      const names = variableNames(op);
      const variables = Object.fromEntries(
        names.filter((n) => n in given || n in BY_NAME).map((n) => [n, given[n] ?? BY_NAME[n]]),
      );
      const operationName = op.name?.value;
      return {
        label: `${path} ${operationName ?? block.trim().slice(0, 40)}`,
        query: block,
        ...(operationName ? { operationName } : {}),
        variables,
        names,
        caller: 'trader' as const,
      };
    });
  });
}

function tabSteps(): Step[] {
  return EXAMPLE_TABS.flatMap((tab) =>
    operationsOf(parse(tab.query)).map((op) => ({
      label: `GraphiQL ${op.name?.value}`,
      query: tab.query,
      operationName: op.name?.value as string,
      variables: { ...tab.variables },
      names: variableNames(op),
      caller: tab.as === 'trader' ? ('trader' as const) : ('admin' as const),
    })),
  );
}

/** Every operations/ file's definitions, by folder. */
function operationFiles(): { folder: string; definitions: readonly DefinitionNode[] }[] {
  const base = new URL('operations/', ROOT);
  return readdirSync(base, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.graphql'))
    .sort()
    .map((file) => ({
      folder: file.split('/')[0] as string,
      definitions: parse(readFileSync(new URL(file, base), 'utf8')).definitions,
    }));
}

/** An operation with the fragments it spreads, transitively. */
function withFragments(op: DefinitionNode, fragments: Map<string, DefinitionNode>): string {
  const needed = new Map<string, DefinitionNode>();
  const collect = (node: DefinitionNode) =>
    visit(node, {
      FragmentSpread(spread) {
        const fragment = fragments.get(spread.name.value);
        if (fragment && !needed.has(spread.name.value)) {
          needed.set(spread.name.value, fragment);
          collect(fragment);
        }
      },
    });
  collect(op);
  return [op, ...needed.values()].map((d) => print(d)).join('\n\n');
}

export function operationSteps(): Step[] {
  const files = operationFiles();
  const fragments = new Map<string, DefinitionNode>();
  const ops = new Map<string, { op: DefinitionNode; folder: string }>();
  for (const { folder, definitions } of files) {
    for (const d of definitions) {
      if (d.kind === Kind.FRAGMENT_DEFINITION) fragments.set(d.name.value, d);
      if (d.kind === Kind.OPERATION_DEFINITION && d.operation !== 'subscription') {
        ops.set(d.name?.value as string, { op: d, folder });
      }
    }
  }
  const missing = [...ops.keys()].filter((name) => !(name in OPERATION_VARIABLES));
  if (missing.length > 0) throw new Error(`OPERATION_VARIABLES has no row for ${missing}`);
  return Object.entries(OPERATION_VARIABLES).flatMap(([name, variables]) => {
    const found = ops.get(name);
    if (!found) throw new Error(`OPERATION_VARIABLES names ${name}, not in operations/`);
    return [
      {
        label: `operations/${found.folder} ${name}`,
        query: withFragments(found.op, fragments),
        operationName: name,
        variables,
        names: variableNames(found.op),
        caller: found.folder === 'admin' ? ('admin' as const) : ('trader' as const),
      },
    ];
  });
}

/** Every fixed step, in the order the test runs them. */
export function documentSteps(): Step[] {
  return [
    ...markdownSteps('README.md'),
    ...markdownSteps('docs/api.md'),
    ...tabSteps(),
    ...operationSteps(),
  ];
}

/**
 * The step's variables: placeholders (`'paste …'`) and variables without a value taken
 * from `seen` (field values of earlier answers).
 */
export function resolveVariables(step: Step, seen: Map<string, unknown>): Record<string, unknown> {
  const fill = (value: unknown, key: string): unknown => {
    if (typeof value === 'string' && value.startsWith('paste ')) {
      const named = value.split(' ').at(-1) as string;
      return seen.get(seen.has(named) ? named : key);
    }
    if (Array.isArray(value)) return value.map((v) => fill(v, key));
    if (value && typeof value === 'object') {
      return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, fill(v, k)]));
    }
    return value;
  };
  const out = fill(step.variables, '') as Record<string, unknown>;
  for (const name of step.names) if (!(name in out) && seen.has(name)) out[name] = seen.get(name);
  return out;
}

/** Records the first value of every field name in an answer (later answers overwrite). */
export function remember(value: unknown, seen: Map<string, unknown>, fresh = new Set<string>()) {
  if (Array.isArray(value)) for (const item of value) remember(item, seen, fresh);
  else if (value && typeof value === 'object') {
    for (const [key, field] of Object.entries(value)) {
      if (field !== null && typeof field !== 'object' && !fresh.has(key)) {
        seen.set(key, field);
        fresh.add(key);
      }
      remember(field, seen, fresh);
    }
  }
}
