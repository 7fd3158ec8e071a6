/** A refusal as the user sees it: the field, the rule (as the gateway names it) and why. */
import type { Issue } from '../lib/rules.ts';

export function IssueList({
  issues,
  kind,
}: {
  issues: readonly Issue[];
  kind: 'error' | 'warning';
}) {
  if (issues.length === 0) return null;
  return (
    <ul class={`issues ${kind}`} data-testid={`${kind}s`}>
      {issues.map((issue) => (
        <li
          key={`${issue.field}/${issue.rule}/${issue.message}`}
          data-field={issue.field ?? ''}
          data-rule={issue.rule ?? issue.code ?? ''}
        >
          {issue.field && <code>{issue.field}</code>}
          {issue.rule && <b class="rule">{issue.rule}</b>}
          {!issue.rule && issue.code && <b class="rule">{issue.code}</b>}
          <span>{issue.message}</span>
        </li>
      ))}
    </ul>
  );
}
