/**
 * The cost of the operation a request executes, in graphql-armor's model
 * (@escape.tech/graphql-armor-cost-limit 2.x, defaults): a scalar field costs 1, a field with a
 * selection set (an inline fragment, a fragment's body) 2 plus 1.5 × each child's cost, a
 * fragment spread 1 plus 1.5 × its fragment's cost, `__schema` 0; a field's `first` or `last`
 * multiplies its whole cost. Unlike armor, which reads only integer literals there, the
 * multiplier is also a variable's value (or its default in the operation): `first: $first`
 * costs what `first: 100` costs.
 */
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  getOperationAST,
  Kind,
  type OperationDefinitionNode,
  type SelectionNode,
  type ValueNode,
  valueFromASTUntyped,
} from 'graphql';

/** armor's defaults, which the gateway has always used. */
const OBJECT_COST = 2;
const SCALAR_COST = 1;
const DEPTH_FACTOR = 1.5;

type Variables = Readonly<Record<string, unknown>>;

/** A page size as written: an integer literal or variable, at least 1 (armor's `max(n, 1)`). */
function multiplierOf(value: ValueNode, variables: Variables): number {
  const n = valueFromASTUntyped(value, variables as Record<string, unknown>);
  return Number.isSafeInteger(n) ? Math.max(n as number, 1) : 1;
}

/** The operation's variables as the request gives them, its defaults where it gives none. */
function variablesOf(operation: OperationDefinitionNode, given: Variables): Variables {
  const values: Record<string, unknown> = { ...given };
  for (const definition of operation.variableDefinitions ?? []) {
    const name = definition.variable.name.value;
    if (values[name] === undefined && definition.defaultValue) {
      values[name] = valueFromASTUntyped(definition.defaultValue);
    }
  }
  return values;
}

class CostWalk {
  /** Fragment costs, once each (a cost does not depend on where the spread sits). */
  private readonly fragmentCosts = new Map<string, number>();
  constructor(
    private readonly fragments: ReadonlyMap<string, FragmentDefinitionNode>,
    private readonly variables: Variables,
  ) {}

  selection(node: SelectionNode | FragmentDefinitionNode): number {
    if (node.kind === Kind.FRAGMENT_SPREAD)
      return SCALAR_COST + DEPTH_FACTOR * this.spread(node.name.value);
    if (node.kind === Kind.FIELD && node.name.value === '__schema') return 0;
    if (!node.selectionSet) return SCALAR_COST;
    let cost = OBJECT_COST;
    for (const child of node.selectionSet.selections) cost += DEPTH_FACTOR * this.selection(child);
    // armor: the first `first` or `last` argument multiplies the field and everything under it.
    const page =
      node.kind === Kind.FIELD
        ? node.arguments?.find((a) => a.name.value === 'first' || a.name.value === 'last')
        : undefined;
    return page ? cost * multiplierOf(page.value, this.variables) : cost;
  }

  private spread(name: string): number {
    const known = this.fragmentCosts.get(name);
    if (known !== undefined) return known;
    const fragment = this.fragments.get(name);
    // A validated document has no cycles and no unknown fragments; 0 keeps a bad one finite.
    this.fragmentCosts.set(name, 0);
    const cost = fragment ? this.selection(fragment) : 0;
    this.fragmentCosts.set(name, cost);
    return cost;
  }
}

/** The cost of the operation `operationName` picks in `document` (0 when none does). */
export function queryCost(
  document: DocumentNode,
  operationName: string | null | undefined,
  variables: Variables = {},
): number {
  const operation = getOperationAST(document, operationName);
  if (!operation) return 0;
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) {
    if (definition.kind === Kind.FRAGMENT_DEFINITION)
      fragments.set(definition.name.value, definition);
  }
  const walk = new CostWalk(fragments, variablesOf(operation, variables));
  // The operation itself costs nothing: its root fields are each a child at depth 1.
  return operation.selectionSet.selections.reduce((sum, child) => sum + walk.selection(child), 0);
}
