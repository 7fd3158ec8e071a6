/**
 * query-cost.ts: graphql-armor's cost of a document, to the unit, for documents armor can
 * read (literal `first`/`last`), and the same cost when those come as variables, which armor
 * leaves uncounted. The product's own operations fit the default MAX_COST at a page of 100.
 */
import { readFileSync } from 'node:fs';
import { EnvelopArmor } from '@escape.tech/graphql-armor';
import {
  buildSchema,
  type DocumentNode,
  type GraphQLError,
  parse,
  type ValidationRule,
  validate,
} from 'graphql';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/config.ts';
import { queryCost } from '../../../src/plugins/query-cost.ts';

/** armor's own figure for `document` (every operation in it: use one-operation documents). */
function armorCost(document: DocumentNode): number {
  let found = 0;
  const onReject = [
    (_ctx: unknown, error: GraphQLError) => {
      found = Number(/found (\d+(?:\.\d+)?)/.exec(error.message)?.[1]);
    },
  ];
  const armor = new EnvelopArmor({
    costLimit: { maxCost: -1, onReject, propagateOnRejection: false },
    maxDepth: { enabled: false },
    maxAliases: { enabled: false },
    maxTokens: { enabled: false },
    maxDirectives: { enabled: false },
    blockFieldSuggestion: { enabled: false },
  });
  const rules: ValidationRule[] = [];
  for (const plugin of armor.protect().plugins) {
    (plugin as { onValidate?: (p: unknown) => void }).onValidate?.({
      addValidationRule: (rule: ValidationRule) => rules.push(rule),
    });
  }
  expect(rules).toHaveLength(1);
  validate(buildSchema('type Query { a: Int }'), document, rules);
  return found;
}

const LITERAL = [
  '{ a b c }',
  '{ account { id orders(first: 7) { edges { node { id price } } pageInfo { hasNextPage } } } }',
  '{ x: list(last: 3) { a } y: list(first: 0) { a } z: list(first: 2, last: 9) { a { b } } }',
  'query Q { a ...F ...F b { ...F ... on T { c d } } } fragment F on T { e f { g } }',
  '{ __schema { types { name } } __type(name: "Q") { fields { name } } __typename }',
  'query Deep { a { b { c { d { e { f(first: 4) { g } } } } } } }',
];

describe('queryCost', () => {
  it.each(LITERAL)("is armor's cost for literal pages: %s", (text) => {
    const document = parse(text);
    const armor = armorCost(document);
    expect(armor).toBeGreaterThan(0);
    expect(queryCost(document, undefined)).toBe(armor);
  });

  it('counts a page passed as a variable as the same literal', () => {
    const literal = parse('{ list(first: 250) { a b { c } } }');
    const variable = parse('query($n: Int) { list(first: $n) { a b { c } } }');
    const cost = queryCost(literal, undefined);
    expect(cost).toBe(armorCost(literal));
    expect(queryCost(variable, undefined, { n: 250 })).toBe(cost);
    // armor reads the variable as no page at all: 250 times less.
    expect(armorCost(variable)).toBe(cost / 250);
    expect(queryCost(variable, undefined, {})).toBe(cost / 250);
  });

  it("takes a variable's default when the request gives none, the given value before it", () => {
    const document = parse('query($n: Int = 40) { list(last: $n) { a } }');
    const per = queryCost(parse('{ list { a } }'), undefined);
    expect(queryCost(document, undefined, {})).toBe(40 * per);
    expect(queryCost(document, undefined, { n: 3 })).toBe(3 * per);
    // Not an integer: no page (graphql-js refuses the variable before anything runs).
    expect(queryCost(document, undefined, { n: 'many' })).toBe(per);
  });

  it('costs the operation the request picks, fragments under a page included', () => {
    const document = parse(`query Small { a }
      query Big($n: Int!) { list(first: $n) { ...F } }
      fragment F on T { a b }`);
    expect(queryCost(document, 'Small', { n: 1000 })).toBe(1);
    expect(queryCost(document, 'Big', { n: 1000 })).toBe(
      1000 * queryCost(parse('{ list { ...F } } fragment F on T { a b }'), undefined),
    );
    expect(queryCost(document, 'None')).toBe(0);
  });

  it("fits the product's operations at a page of 100 under the default MAX_COST", () => {
    const { maxCost } = loadConfig({}).limits;
    const stored = JSON.parse(
      readFileSync('operations/persisted-documents.json', 'utf8'),
    ) as Record<string, string>;
    const costs = Object.values(stored).flatMap((text) => {
      const document = parse(text);
      return document.definitions.flatMap((d) =>
        d.kind === 'OperationDefinition'
          ? [queryCost(document, d.name?.value, { first: 100 })]
          : [],
      );
    });
    expect(costs.length).toBeGreaterThan(20);
    expect(Math.max(...costs)).toBeGreaterThan(maxCost / 2);
    expect(Math.max(...costs)).toBeLessThanOrEqual(maxCost);
  });
});
