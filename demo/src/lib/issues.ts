/**
 * What a refused mutation says, as a list the form shows: the error members of its result
 * union (an InputError lists each broken rule in `issues`; UpstreamRejectedError, …:
 * operations/trading/mutation-error.graphql), a `BAD_USER_INPUT` request error
 * (`extensions.field` / `rule`, each broken rule of `extensions.issues`: a variable that does
 * not coerce) and a transport failure.
 */
import type { CombinedError } from '@urql/core';
import type { Issue } from './rules.ts';

interface ErrorMember {
  __typename: string;
  code?: string | null;
  message?: string | null;
  field?: string | null;
  rule?: string | null;
  upstreamMessage?: string | null;
  retryAfterMs?: number | null;
  issues?: { field: string; rule: string; message: string }[] | null;
}

interface Extensions {
  code?: string;
  field?: string;
  rule?: string;
  issues?: { field?: string; rule?: string; message?: string }[];
}

function fromGraphQLErrors(error: CombinedError): Issue[] {
  return error.graphQLErrors.flatMap((e) => {
    const ext = (e.extensions ?? {}) as Extensions;
    if (Array.isArray(ext.issues) && ext.issues.length > 0) {
      return ext.issues.map((i) => ({
        code: ext.code ?? null,
        field: i.field ?? null,
        rule: i.rule ?? null,
        message: i.message ?? e.message,
      }));
    }
    return [
      {
        code: ext.code ?? null,
        field: ext.field ?? null,
        rule: ext.rule ?? null,
        message: e.message,
      },
    ];
  });
}

/** True for a result union's error member (every one implements `Error`: `code`). */
const isErrorMember = (value: unknown): value is ErrorMember =>
  typeof value === 'object' && value !== null && typeof (value as ErrorMember).code === 'string';

/** The issues of a mutation's answer: `member` is the root field's union value. */
export function issuesOf(error: CombinedError | undefined, member: unknown): Issue[] {
  if (error?.graphQLErrors.length) return fromGraphQLErrors(error);
  if (error?.networkError) return [{ code: 'NETWORK', message: error.networkError.message }];
  if (!isErrorMember(member)) return [];
  if (member.issues?.length) {
    return member.issues.map((i) => ({
      code: member.code ?? null,
      field: i.field || null,
      rule: i.rule,
      message: i.message,
    }));
  }
  const retry = member.retryAfterMs ? ` (retry in ${Math.ceil(member.retryAfterMs / 1000)} s)` : '';
  const upstream = member.upstreamMessage ? `: ${member.upstreamMessage}` : '';
  return [
    {
      code: member.code ?? null,
      field: member.field ?? null,
      rule: member.rule ?? null,
      message: `${member.message ?? member.__typename}${upstream}${retry}`,
    },
  ];
}
