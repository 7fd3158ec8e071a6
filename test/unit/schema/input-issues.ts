/**
 * Runs a document against the real schema with a broker administrator as caller and returns
 * the issues of its input failure: what the input rules the schema attaches (Pothos' zod
 * plugin, field by field, then each input type's cross-field rules) say of the variables.
 * A query's failure is its BAD_USER_INPUT error; a mutation's is the `InputError` member of
 * its result (its document selects `INPUT_ERROR`). Validation runs before any resolver, so no
 * upstream is needed; a valid input then fails in the resolver, with another error, and reads
 * as no issues.
 */
import { type ExecutionResult, execute, parse } from 'graphql';
import { schema } from '../../../src/schema/index.ts';
import type { GatewayContext } from '../../../src/schema/types.ts';
import type { InputIssue } from '../../../src/schema/validation.ts';

const admin = {
  principal: { label: 'test', role: 'broker_admin', developer: false, credentials: {} },
} as unknown as GatewayContext;

/** The selection of a mutation's result that reads its input failure. */
export const INPUT_ERROR = '__typename ... on InputError { issues { field rule message } }';

type Issue = Pick<InputIssue, 'field' | 'rule' | 'message'>;

function issuesOf(result: ExecutionResult): Issue[] {
  const error = result.errors?.find((e) => e.extensions.code === 'BAD_USER_INPUT');
  if (error) return (error.extensions.issues ?? []) as Issue[];
  const members = Object.values(result.data ?? {}) as { __typename?: string; issues?: Issue[] }[];
  return members.find((m) => m?.__typename === 'InputError')?.issues ?? [];
}

/** `{path, rule}` of each issue, the path from below `strip` (`input.`) when given. */
export async function inputIssues(
  document: string,
  variables: Record<string, unknown>,
  strip = '',
): Promise<{ path: string; rule: string }[]> {
  const result = await execute({
    schema,
    document: parse(document),
    variableValues: variables,
    contextValue: { ...admin },
  });
  return issuesOf(result).map(({ field, rule }) => ({
    path: field.startsWith(strip) ? field.slice(strip.length) : field,
    rule,
  }));
}

/** Also the messages. */
export async function inputMessages(document: string, variables: Record<string, unknown>) {
  const result = await execute({
    schema,
    document: parse(document),
    variableValues: variables,
    contextValue: { ...admin },
  });
  return issuesOf(result).map((i) => i.message);
}
