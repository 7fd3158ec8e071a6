/**
 * A subscription event's execution, split around the parts it shares with other events
 * (shared-parts.ts): the rest of the selection on the event, each shared field's selection
 * once per shared object (on a stand-in holding only it) for every event that holds it, and
 * the results put back together in the selection's order. The same result as one execution
 * of the whole selection (test/unit/live/split-execution.test.ts holds them to each other);
 * when a part fails, the whole selection runs again, so errors are graphql-js's own.
 *
 * The JSON of a put-together result reuses each shared part's text ({@link splitJson}): an
 * SSE subscriber's bytes cost one stringify of the rest.
 */
import { type DocumentNode, type ExecutionArgs, type ExecutionResult, execute } from 'graphql';
import { type SplitPlan, sharedFieldsOf, splitPlan } from './shared-parts.ts';

type Result = ExecutionResult | Promise<ExecutionResult>;

/** Plans by document, then operation name + the shared fields (null: it runs whole). */
const plans = new WeakMap<DocumentNode, Map<string, SplitPlan | null>>();
/** Stand-ins by shared object and field: `{ [field]: object }`. */
const standIns = new WeakMap<object, Map<string, object>>();
/** A shared part's result by stand-in, then part document, then operation name + variables. */
const partResults = new WeakMap<object, WeakMap<DocumentNode, Map<string, Result>>>();
/** The JSON of a shared part's value, and how a put-together result's data is laid out. */
const partJson = new WeakMap<object, string>();
const layouts = new WeakMap<object, { plan: SplitPlan; parts: Map<string, unknown> }>();

function planOf(args: ExecutionArgs, shared: readonly string[]): SplitPlan | undefined {
  let byName = plans.get(args.document);
  if (!byName) {
    byName = new Map();
    plans.set(args.document, byName);
  }
  const name = `${args.operationName ?? ''}\u0000${shared.join(',')}`;
  let plan = byName.get(name);
  if (plan === undefined) {
    plan = splitPlan(args.document, args.operationName, shared) ?? null;
    byName.set(name, plan);
  }
  return plan ?? undefined;
}

function standIn(value: object, field: string): object {
  let byField = standIns.get(value);
  if (!byField) {
    byField = new Map();
    standIns.set(value, byField);
  }
  let root = byField.get(field);
  if (!root) {
    root = { [field]: value };
    byField.set(field, root);
  }
  return root;
}

function partResult(args: ExecutionArgs, key: string, document: DocumentNode, root: object) {
  let byDocument = partResults.get(root);
  if (!byDocument) {
    byDocument = new WeakMap();
    partResults.set(root, byDocument);
  }
  let byKey = byDocument.get(document);
  if (!byKey) {
    byKey = new Map();
    byDocument.set(document, byKey);
  }
  let result = byKey.get(key);
  if (!result) {
    result = execute({ ...args, document, rootValue: root });
    byKey.set(key, result);
    const held = byKey;
    if (result instanceof Promise) result.then((done) => held.set(key, done), noop);
  }
  return result;
}

const noop = () => {};

type Row = Record<string, unknown>;
const rootOf = (r: ExecutionResult, plan: SplitPlan) =>
  r.errors === undefined ? (r.data?.[plan.rootKey] as Row | null | undefined) : undefined;

/** The results put back together; undefined when one of them is not plain data. */
function merge(plan: SplitPlan, rest: ExecutionResult | undefined, parts: ExecutionResult[]) {
  const restRow = rest === undefined ? {} : rootOf(rest, plan);
  if (!restRow) return undefined;
  const partRows = new Map<string, Row>();
  let i = 0;
  for (const name of plan.parts.keys()) {
    const row = rootOf(parts[i++]!, plan);
    if (!row) return undefined;
    partRows.set(name, row);
  }
  const data: Row = {};
  const values: Row = {};
  const shown = new Map<string, unknown>();
  for (const { key, part } of plan.keys) {
    values[key] = part === undefined ? restRow[key] : partRows.get(part)![key];
    if (part !== undefined) shown.set(key, values[key]);
  }
  data[plan.rootKey] = values;
  layouts.set(values, { plan, parts: shown });
  return { data } as ExecutionResult;
}

/** `event`'s result for `args` (its document, operation name and variables: `key`). */
export function executeEvent(args: ExecutionArgs, key: string, event: object): Result {
  const shared = sharedFieldsOf(event);
  const plan = shared && planOf(args, shared);
  if (!plan) return execute({ ...args, rootValue: event });
  const whole = () => execute({ ...args, rootValue: event });
  const rest = plan.rest && execute({ ...args, document: plan.rest, rootValue: event });
  const parts = [...plan.parts].map(([field, document]) => {
    const value = (event as Row)[field];
    const root = value !== null && typeof value === 'object' ? standIn(value, field) : event;
    return partResult(args, key, document, root);
  });
  if (!(rest instanceof Promise) && !parts.some((p) => p instanceof Promise)) {
    return merge(plan, rest, parts as ExecutionResult[]) ?? whole();
  }
  return Promise.all([rest, ...parts]).then(([r, ...p]) => merge(plan, r, p) ?? whole());
}

/**
 * The JSON of `data` of a put-together result, the shared parts' texts reused; undefined for
 * any other.
 */
export function splitJson(data: object): string | undefined {
  const [rootKey, values] = Object.entries(data)[0] ?? [];
  const layout = values && layouts.get(values);
  if (!layout || layout.plan.rootKey !== rootKey) return undefined;
  const fields: string[] = [];
  for (const [key, value] of Object.entries(values as Row)) {
    let text = layout.parts.has(key) ? jsonOfPart(value) : undefined;
    text ??= JSON.stringify(value);
    // JSON.stringify leaves out undefined values (and so does this).
    if (text !== undefined) fields.push(`${JSON.stringify(key)}:${text}`);
  }
  return `{${JSON.stringify(rootKey)}:{${fields.join(',')}}}`;
}

function jsonOfPart(value: unknown): string | undefined {
  if (value === null || typeof value !== 'object') return undefined;
  let text = partJson.get(value);
  if (text === undefined) {
    text = JSON.stringify(value);
    partJson.set(value, text);
  }
  return text;
}
