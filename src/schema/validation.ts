/**
 * Turns a failed zod validation of field arguments into one GraphQL error:
 * `extensions.code` BAD_USER_INPUT, `extensions.issues` [{field, path, rule, message}],
 * and `field`/`rule` of the first issue next to them. Raised before the resolver runs, so
 * no upstream call is made.
 */
import type { GraphQLError } from 'graphql';
import type { ZodError } from 'zod';
import { gqlError } from './errors.ts';

export interface InputIssue {
  /** Dotted path from the argument: `input.orderPrice`, `clientOrderIds.3`. */
  field: string;
  path: (string | number)[];
  /** Machine-readable rule name (`positive`, `symbol`, `requiredForType`, …). */
  rule: string;
  message: string;
}

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

export function inputValidationError(error: ZodError): GraphQLError {
  return inputIssuesError(toInputIssues(error));
}

/**
 * The one BAD_USER_INPUT error of failed input rules, whoever found them: the argument
 * validation above, or a resolver's checks that need data (a symbol's order rules).
 */
export function inputIssuesError(issues: readonly InputIssue[]): GraphQLError {
  const first = issues[0];
  const summary = issues.map((i) => `${i.field}: ${i.message} (${i.rule})`).join('; ');
  return gqlError('BAD_USER_INPUT', `Invalid input: ${summary}`, {
    field: first?.field ?? null,
    rule: first?.rule ?? null,
    issues,
  });
}
