/**
 * A contract field rule (contract/field-types.ts) as the options of the sandbox's readers
 * (`Fields.string`, `Fields.number` in validation.ts), which word the messages.
 */
import type { DecimalRule, IntRule, TextRule } from '../contract/field-types.ts';

export const textOptions = (rule: TextRule) => ({
  max: rule.maxLength,
  allowEmpty: rule.allowEmpty,
  pattern: rule.pattern?.regex,
  says: rule.pattern?.upstream,
  checks: rule.checks,
});

export const numberOptions = (rule: DecimalRule | IntRule) => ({
  integer: rule.kind === 'int',
  positive: rule.positive,
  min: rule.min,
  max: rule.max,
  // Parsed from its text: 10 ** -5 is not the double 0.00001 is.
  step:
    rule.kind === 'decimal' && rule.places !== undefined ? Number(`1e-${rule.places}`) : undefined,
  numericString: rule.numericString,
  off: rule.kind === 'int' ? rule.off : undefined,
});
