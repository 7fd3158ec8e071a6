/**
 * Parts of subscription events that many events share, and how a selection splits around
 * them (split-execution.ts runs the split).
 *
 * A producer may declare that fields of its event show objects other events show too: every
 * trading screen frame of a symbol and depth holds the same book frame object (one per
 * update), beside its own account's state. The subscription field's value is the event
 * itself (its resolver passes it through), so such a field's result depends on that object
 * alone and can be executed once for every event that holds it.
 *
 * The split: the subscription field's selection is run without the shared fields on the
 * event, and each shared field's selection on a stand-in that holds only the shared object;
 * the results are put back together in the selection's order. Only a plain selection splits
 * (fields only at its top, no fragments, no directives there); any other runs whole.
 */
import type { DocumentNode, FieldNode, OperationDefinitionNode, SelectionNode } from 'graphql';

const declared = new WeakMap<object, readonly string[]>();

/** `fields` of `event` (its own properties of those names) are objects other events share. */
export function declareShared(event: object, fields: readonly string[]): void {
  declared.set(event, fields);
}

export const sharedFieldsOf = (event: object): readonly string[] | undefined => declared.get(event);

/** A response key of the selection and where its value comes from. */
export interface SplitKey {
  key: string;
  /** The shared field it shows (its part), or undefined: the rest. */
  part: string | undefined;
}

export interface SplitPlan {
  /** The subscription field's response key. */
  rootKey: string;
  keys: SplitKey[];
  /** The selection without the shared fields; undefined when nothing else is selected. */
  rest: DocumentNode | undefined;
  /** Per shared field selected, the selection of that field alone. */
  parts: Map<string, DocumentNode>;
}

const keyOf = (f: FieldNode) => f.alias?.value ?? f.name.value;

function operationOf(document: DocumentNode, name: string | null | undefined) {
  const ops = document.definitions.filter(
    (d): d is OperationDefinitionNode => d.kind === 'OperationDefinition',
  );
  if (name) return ops.find((o) => o.name?.value === name);
  return ops.length === 1 ? ops[0] : undefined;
}

/** The operation with its subscription field selecting `selections` (the rest kept as is). */
function withSelections(
  document: DocumentNode,
  op: OperationDefinitionNode,
  root: FieldNode,
  selections: readonly SelectionNode[],
): DocumentNode {
  const field: FieldNode = { ...root, selectionSet: { ...root.selectionSet!, selections } };
  const operation = { ...op, selectionSet: { ...op.selectionSet, selections: [field] } };
  return { ...document, definitions: document.definitions.map((d) => (d === op ? operation : d)) };
}

/** How `document` splits around `shared`; undefined when it does not (it runs whole). */
export function splitPlan(
  document: DocumentNode,
  operationName: string | null | undefined,
  shared: readonly string[],
): SplitPlan | undefined {
  const op = operationOf(document, operationName);
  const root = op?.selectionSet.selections.length === 1 ? op.selectionSet.selections[0] : undefined;
  if (!op || root?.kind !== 'Field' || root.directives?.length || !root.selectionSet) return;
  const fields = root.selectionSet.selections;
  if (fields.some((s) => s.kind !== 'Field' || s.directives?.length)) return;
  const top = fields as readonly FieldNode[];
  const keys: SplitKey[] = [];
  const partOf = new Map<string, string | undefined>();
  for (const f of top) {
    const part = shared.includes(f.name.value) ? f.name.value : undefined;
    const key = keyOf(f);
    if (partOf.has(key)) {
      // One key from two fields (merged by the executor): both from the same place, or whole.
      if (partOf.get(key) !== part) return;
      continue;
    }
    partOf.set(key, part);
    keys.push({ key, part });
  }
  const names = new Set(keys.flatMap((k) => (k.part === undefined ? [] : [k.part])));
  if (names.size === 0) return;
  const restFields = top.filter((f) => !names.has(f.name.value));
  const parts = new Map<string, DocumentNode>();
  for (const name of names) {
    const own = top.filter((f) => f.name.value === name);
    parts.set(name, withSelections(document, op, root, own));
  }
  const rest = restFields.length > 0 ? withSelections(document, op, root, restFields) : undefined;
  return { rootKey: keyOf(root), keys, rest, parts };
}
