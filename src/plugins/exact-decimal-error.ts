/**
 * The one refusal of a number a 64-bit float cannot hold (rule `exactDecimal`): HTTP 400,
 * BAD_USER_INPUT, `field`/`rule` of the first and `issues` for each, as the zod input rules
 * write theirs (schema/validation.ts). Used by the HTTP parsers, graphql-ws and the literal rule.
 */
import { createGraphQLError } from 'graphql-yoga';
import { inexactNumbers } from './inexact-numbers.ts';

/** Why a number text is refused (rule `exactDecimal`). */
export function inexactMessage(text: string): string {
  const read = Number(text);
  return Number.isFinite(read)
    ? `${text} has more digits than a 64-bit float holds (it would be read as ${read}); send at most 15 significant digits`
    : `${text} is out of the range of a 64-bit float`;
}

/**
 * The 400 BAD_USER_INPUT for the inexact numbers of `json` under `prefix` (`['variables']` of
 * a body), each named by its path below the prefix; undefined when there are none.
 */
export function inexactVariablesError(json: string, prefix: readonly string[]) {
  const under = (path: (string | number)[]) => prefix.every((key, i) => path[i] === key);
  const found = inexactNumbers(json).filter((n) => under(n.path));
  if (found.length === 0) return undefined;
  const issues = found.map(({ path, text }) => {
    const rest = path.slice(prefix.length);
    return {
      field: rest.join('.'),
      path: rest,
      rule: 'exactDecimal',
      message: inexactMessage(text),
    };
  });
  const summary = issues.map((i) => `${i.field}: ${i.message} (${i.rule})`).join('; ');
  const { field, rule } = issues[0]!;
  return createGraphQLError(`Invalid variables: ${summary}`, {
    extensions: { code: 'BAD_USER_INPUT', field, rule, issues, http: { status: 400 } },
  });
}
