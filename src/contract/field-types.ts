/**
 * Field rules as data: what a body or query field of an endpoint may hold. The rows of
 * endpoints.ts name their fields with these; the gateway turns each into its zod rule
 * (schema/field-rules.ts), the sandbox reads requests by them (sandbox/validation.ts) and
 * describes them in OpenAPI (sandbox/openapi-fields.ts). Each side words its own messages
 * from the same numbers.
 *
 * Dependency-free on purpose, like constants.ts.
 */

/** A check the spec names on its own (a part of the client_order_id rule, an enum tag's form). */
export interface NamedCheck {
  /** The gateway's rule token. */
  readonly rule: string;
  readonly message: string;
  readonly test: (value: string) => boolean;
}

/** A whole-value form: `rule` and `message` as the gateway says them, `upstream` as the sandbox does. */
export interface Pattern {
  readonly regex: RegExp;
  readonly rule: string;
  readonly message: string;
  readonly upstream: string;
}

interface Base {
  /** The request is refused without it (null counts as absent). */
  readonly required?: boolean;
  /** What the value means, for descriptions (the sandbox's OpenAPI document). */
  readonly about?: string;
}

export interface TextRule extends Base {
  readonly kind: 'text';
  readonly maxLength?: number;
  /** '' is a value, not a broken rule. */
  readonly allowEmpty?: boolean;
  readonly pattern?: Pattern;
  /** Checked in order after the length, before `pattern`. */
  readonly checks?: readonly NamedCheck[];
  /** `checks` as one pattern, for descriptions (a test holds them to be the same rule). */
  readonly form?: RegExp;
}

export interface DecimalRule extends Base {
  readonly kind: 'decimal';
  /** Strictly above zero. */
  readonly positive?: boolean;
  readonly min?: number;
  readonly max?: number;
  /** An exact multiple of 10^-places. */
  readonly places?: number;
  /** A decimal string is accepted too (transfer amounts). */
  readonly numericString?: boolean;
  /** The gateway's rule tokens of the range and step checks where they are named for the field. */
  readonly tokens?: { readonly range?: string; readonly places?: string };
  /** Why the bound is what it is, shown by the gateway after it. */
  readonly why?: string;
}

export interface IntRule extends Base {
  readonly kind: 'int';
  readonly positive?: boolean;
  readonly min?: number;
  readonly max?: number;
  /** Taken when the field is absent. */
  readonly default?: number;
  /** A decimal string is accepted too (an order id in a body). */
  readonly numericString?: boolean;
  /** One value outside min..max that is accepted too and turns the thing off (0). */
  readonly off?: number;
}

export interface EnumRule<V extends string = string> extends Base {
  readonly kind: 'enum';
  readonly values: readonly V[];
}

export interface BooleanRule extends Base {
  readonly kind: 'boolean';
}

/** A calendar date written YYYY-MM-DD. */
export interface DateRule extends Base {
  readonly kind: 'date';
}

export interface ListRule extends Base {
  readonly kind: 'list';
  readonly of: FieldRule;
  readonly minItems?: number;
  readonly maxItems: number;
  /** No item twice; names what an item is ("an id") for the message. */
  readonly unique?: string;
}

export interface ObjectRule extends Base {
  readonly kind: 'object';
  readonly fields: FieldTable;
}

/** A JSON object of `key` → `value` (pair_overrides). */
export interface MapRule extends Base {
  readonly kind: 'map';
  readonly key: TextRule;
  readonly value: FieldRule;
  readonly maxEntries: number;
  /** What a key is ("a symbol"), for the message of a repeated one. */
  readonly keyName: string;
}

export type FieldRule =
  | TextRule
  | DecimalRule
  | IntRule
  | EnumRule
  | BooleanRule
  | DateRule
  | ListRule
  | ObjectRule
  | MapRule;

/** Body or query fields of an endpoint, by wire name. */
export type FieldTable = Readonly<Record<string, FieldRule>>;

/** The value a rule admits, as TypeScript sees it. */
export type ValueOf<R> =
  R extends EnumRule<infer V>
    ? V
    : R extends TextRule | DateRule
      ? string
      : R extends DecimalRule | IntRule
        ? number
        : R extends BooleanRule
          ? boolean
          : R extends ListRule
            ? ValueOf<R['of']>[]
            : unknown;
