/**
 * Generated queries over a schema (fast-check): root fields and their arguments from a pool,
 * nested selections down to a depth, the same field twice under aliases, inline fragments and
 * named fragments, `@include`/`@skip` with literals or variables, arguments as literals or
 * variables. Every document is valid: response names are unique per selection set (fragments
 * included), so no two fields need merging, and each fragment is spread exactly once.
 *
 * An argument is given when the pool has values for it (`Type.field.arg`); a field whose
 * required argument has none is left out, as are fields of abstract types.
 */
import fc from 'fast-check';
import {
  type GraphQLField,
  type GraphQLInputType,
  type GraphQLObjectType,
  type GraphQLSchema,
  getNamedType,
  isEnumType,
  isInputObjectType,
  isLeafType,
  isListType,
  isNonNullType,
  isObjectType,
} from 'graphql';

/** Values per argument, keyed `Type.field.arg`: valid ones and ones the schema's rules refuse. */
export type ArgumentPool = Readonly<Record<string, fc.Arbitrary<unknown>>>;

export interface GeneratedQuery {
  query: string;
  variables: Record<string, unknown>;
}

interface Pick {
  field: GraphQLField<unknown, unknown>;
  args: { name: string; type: GraphQLInputType; value: unknown; variable: boolean }[];
  alias: boolean;
  directive: { name: 'include' | 'skip'; value: boolean; variable: boolean } | null;
  wrap: 'field' | 'inline' | 'named';
  children: Pick[] | null;
}

/** `arbitrary` one time in three, else `none`: most fields plain, most optional arguments unset. */
const sometimes = <T, N>(arbitrary: fc.Arbitrary<T>, none: N): fc.Arbitrary<T | N> =>
  fc.oneof({ weight: 2, arbitrary: fc.constant(none) }, { weight: 1, arbitrary });

const key = (type: GraphQLObjectType, field: GraphQLField<unknown, unknown>, arg: string) =>
  `${type.name}.${field.name}.${arg}`;

function usable(pool: ArgumentPool, type: GraphQLObjectType, depth: number) {
  return Object.values(type.getFields()).filter((field) => {
    const named = getNamedType(field.type);
    if (!isLeafType(named) && !(isObjectType(named) && depth > 0)) return false;
    return field.args.every((a) => !isNonNullType(a.type) || key(type, field, a.name) in pool);
  });
}

function pickOf(
  pool: ArgumentPool,
  type: GraphQLObjectType,
  field: GraphQLField<unknown, unknown>,
  depth: number,
): fc.Arbitrary<Pick> {
  const args = field.args
    .filter((a) => key(type, field, a.name) in pool)
    .map((a) => {
      const value = (pool[key(type, field, a.name)] as fc.Arbitrary<unknown>).map((v) => ({
        name: a.name,
        type: a.type,
        value: v,
      }));
      const given = isNonNullType(a.type) ? value : sometimes(value, undefined);
      return fc.record({ given, variable: fc.boolean() });
    });
  const named = getNamedType(field.type);
  return fc.record({
    field: fc.constant(field),
    args: fc
      .tuple(...args)
      .map((all) => all.flatMap(({ given, variable }) => (given ? [{ ...given, variable }] : []))),
    alias: fc.boolean(),
    directive: sometimes(
      fc.record({
        name: fc.constantFrom('include' as const, 'skip' as const),
        value: fc.boolean(),
        variable: fc.boolean(),
      }),
      null,
    ),
    wrap: fc.constantFrom('field' as const, 'field' as const, 'inline' as const, 'named' as const),
    children: isObjectType(named) ? selection(pool, named, depth - 1) : fc.constant(null),
  });
}

function selection(
  pool: ArgumentPool,
  type: GraphQLObjectType,
  depth: number,
): fc.Arbitrary<Pick[]> {
  const fields = usable(pool, type, depth);
  return fc
    .array(fc.constantFrom(...fields), { minLength: 1, maxLength: 4 })
    .chain((chosen) => fc.tuple(...chosen.map((field) => pickOf(pool, type, field, depth))));
}

/** A GraphQL literal of a JSON input value of `type`. */
export function literal(value: unknown, type: GraphQLInputType): string {
  if (value === null || value === undefined) return 'null';
  if (isNonNullType(type)) return literal(value, type.ofType);
  if (isListType(type)) {
    return Array.isArray(value)
      ? `[${value.map((v) => literal(v, type.ofType)).join(', ')}]`
      : literal(value, type.ofType);
  }
  if (isEnumType(type)) return String(value);
  if (isInputObjectType(type)) {
    const fields = type.getFields();
    const entries = Object.entries(value as Record<string, unknown>).map(
      ([k, v]) => `${k}: ${literal(v, (fields[k] as { type: GraphQLInputType }).type)}`,
    );
    return `{${entries.join(', ')}}`;
  }
  return JSON.stringify(value);
}

/** Prints picks into one query document, collecting variables and named fragments. */
class Printer {
  readonly definitions: string[] = [];
  readonly variables: Record<string, unknown> = {};
  readonly fragments: string[] = [];
  #next = 0;

  variable(type: string, value: unknown): string {
    const name = `v${this.#next++}`;
    this.definitions.push(`$${name}: ${type}`);
    this.variables[name] = value;
    return `$${name}`;
  }

  set(type: GraphQLObjectType, picks: Pick[]): string {
    const used = new Set<string>();
    return picks
      .map((pick, index) => {
        const name = pick.field.name;
        const responseName = pick.alias || used.has(name) ? `${name}_${index}` : name;
        used.add(responseName);
        const field = this.field(pick, responseName === name ? '' : `${responseName}: `);
        if (pick.wrap === 'inline') return `... on ${type.name} { ${field} }`;
        if (pick.wrap === 'named') {
          const fragment = `F${this.#next++}`;
          this.fragments.push(`fragment ${fragment} on ${type.name} { ${field} }`);
          return `...${fragment}`;
        }
        return field;
      })
      .join(' ');
  }

  field(pick: Pick, alias: string): string {
    const args = pick.args.map(
      (a) =>
        `${a.name}: ${a.variable ? this.variable(String(a.type), a.value) : literal(a.value, a.type)}`,
    );
    const d = pick.directive;
    const directive = d
      ? ` @${d.name}(if: ${d.variable ? this.variable('Boolean!', d.value) : d.value})`
      : '';
    const named = getNamedType(pick.field.type) as GraphQLObjectType;
    const body = pick.children ? ` { ${this.set(named, pick.children)} }` : '';
    return `${alias}${pick.field.name}${args.length ? `(${args.join(', ')})` : ''}${directive}${body}`;
  }
}

/** Queries over the schema's query root, `depth` levels of object fields below it at most. */
export function queryArbitrary(
  schema: GraphQLSchema,
  pool: ArgumentPool,
  depth = 4,
): fc.Arbitrary<GeneratedQuery> {
  const root = schema.getQueryType() as GraphQLObjectType;
  return selection(pool, root, depth).map((picks) => {
    const printer = new Printer();
    const body = printer.set(root, picks);
    const head = printer.definitions.length ? `(${printer.definitions.join(', ')})` : '';
    return {
      query: [`query Generated${head} { ${body} }`, ...printer.fragments].join('\n'),
      variables: printer.variables,
    };
  });
}
