/**
 * Turns a failed zod validation of field arguments into the one input failure,
 * `InputErrorMember` (errors.ts): on a mutation the errors plugin returns it as the
 * `InputError` member of its result union (the zod plugin validates inside the errors
 * plugin's wrapper), on a query it is the BAD_USER_INPUT error with `extensions.issues`
 * [{field, path, rule, message}] and `field`/`rule` of the first issue. Raised before the
 * resolver runs, so no upstream call is made.
 */
import type { ZodError } from 'zod';
import { InputErrorMember, type InputIssue } from './errors.ts';

export type { InputIssue } from './errors.ts';

type ZodIssue = ZodError['issues'][number];

/** The rule an issue broke: our own (params.rule) or zod's issue code. */
export function ruleOf(issue: ZodIssue): string {
  const params = (issue as { params?: { rule?: unknown } }).params;
  return typeof params?.rule === 'string' ? params.rule : issue.code;
}

export function toInputIssues(error: ZodError): InputIssue[] {
  return error.issues.map((issue) => {
    const path = issue.path.map((p) => (typeof p === 'symbol' ? String(p) : p));
    return { field: path.join('.'), path, rule: ruleOf(issue), message: issue.message };
  });
}

export function inputValidationError(error: ZodError): InputErrorMember {
  return inputIssuesError(toInputIssues(error));
}

/**
 * The one input failure of broken rules, whoever found them: the argument validation above,
 * or a resolver's checks that need data (a symbol's order rules).
 */
export function inputIssuesError(issues: readonly InputIssue[]): InputErrorMember {
  const summary = issues.map((i) => `${i.field}: ${i.message} (${i.rule})`).join('; ');
  return new InputErrorMember(`Invalid input: ${summary}`, issues);
}
