/**
 * JSON schemas of a row's body and query fields, generated from their contract rules
 * (contract/field-types.ts), so the sandbox's OpenAPI document states each rule where the
 * sandbox checks it. A route's doc (openapi-routes.ts) adds only descriptions (`fields`).
 */
import type { Endpoint } from '../contract/endpoint-types.ts';
import type { FieldRule, FieldTable } from '../contract/field-types.ts';

type Schema = Record<string, unknown>;

/** Only what is set: OpenAPI has no `undefined`. */
const given = (schema: Schema): Schema =>
  Object.fromEntries(Object.entries(schema).filter(([, v]) => v !== undefined));

function numberSchema(rule: Extract<FieldRule, { kind: 'decimal' | 'int' }>): Schema {
  const int = rule.kind === 'int';
  const schema = given({
    type: int ? 'integer' : 'number',
    // Ids and times do not fit GraphQL's 32-bit Int: generators need the format.
    format: int && rule.max === undefined ? 'int64' : undefined,
    minimum: rule.positive ? (int ? 1 : 0) : rule.min,
    exclusiveMinimum: rule.positive && !int ? true : undefined,
    maximum: rule.max,
    multipleOf: rule.kind === 'decimal' && rule.places ? Number(`1e-${rule.places}`) : undefined,
    default: int ? rule.default : undefined,
  });
  if (int && rule.off !== undefined) {
    return { oneOf: [{ type: 'integer', enum: [rule.off], description: 'off' }, schema] };
  }
  if (!rule.numericString) return schema;
  return { oneOf: [schema, { type: 'string', pattern: int ? '^\\d+$' : '^\\d+(\\.\\d+)?$' }] };
}

/** The schema of one field; in a query a list is one comma-separated string. */
export function fieldSchema(rule: FieldRule, where: 'body' | 'query' = 'body'): Schema {
  const about = rule.about === undefined ? {} : { description: rule.about };
  switch (rule.kind) {
    case 'text':
      return given({
        type: 'string',
        maxLength: rule.maxLength,
        pattern: (rule.pattern?.regex ?? rule.form)?.source,
        ...about,
      });
    case 'decimal':
    case 'int':
      return { ...numberSchema(rule), ...about };
    case 'enum':
      return { type: 'string', enum: [...rule.values], ...about };
    case 'boolean':
      return { type: 'boolean', ...about };
    case 'date':
      return { type: 'string', format: 'date', ...about };
    case 'list':
      if (where === 'query') {
        const count = `${rule.minItems ?? 0} to ${rule.maxItems}${rule.unique ? ' distinct' : ''}`;
        return { type: 'string', description: `${count} values, comma-separated` };
      }
      return given({
        type: 'array',
        items: fieldSchema(rule.of),
        minItems: rule.minItems,
        maxItems: rule.maxItems,
      });
    case 'object':
      return objectSchema(rule.fields);
    case 'map':
      return {
        type: 'object',
        additionalProperties: fieldSchema(rule.value),
        maxProperties: rule.maxEntries,
      };
  }
}

/** A body (or nested object): its properties, the required ones listed. */
export function objectSchema(table: FieldTable, extra: Record<string, Schema> = {}): Schema {
  const required = Object.keys(table).filter((name) => table[name]!.required);
  return {
    type: 'object',
    properties: fieldSchemas(table, 'body', extra),
    ...(required.length > 0 ? { required } : {}),
  };
}

function fieldSchemas(table: FieldTable, where: 'body' | 'query', extra: Record<string, Schema>) {
  for (const name of Object.keys(extra)) {
    if (!(name in table)) throw new Error(`openapi: ${name} is not a field of its row`);
  }
  return Object.fromEntries(
    Object.entries(table).map(([name, rule]) => [
      name,
      { ...fieldSchema(rule, where), ...extra[name] },
    ]),
  );
}

/** A row's query as the operation's parameters read it. */
export function querySchemas(table: FieldTable, extra: Record<string, Schema> = {}) {
  return {
    properties: fieldSchemas(table, 'query', extra),
    required: Object.keys(table).filter((name) => table[name]!.required),
  };
}

/** The body and query of a row, each generated unless its doc gives the body itself. */
export function rowSchemas(
  row: Pick<Endpoint, 'body' | 'query'>,
  doc: { body?: Schema; fields?: Record<string, Schema> },
) {
  return {
    ...(row.query ? { query: querySchemas(row.query, doc.fields) } : {}),
    ...(row.body ? { body: doc.body ?? objectSchema(row.body, doc.fields) } : {}),
  };
}
