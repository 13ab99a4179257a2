import type { ReportedPolicy } from '../domain/run-report.ts';

/**
 * `(and 1 suppressed by the policy, not counted)`: said beside every count of findings (the summary, the comment,
 * the check run, the log, `svc scan`'s report) that leaves out what the policy took out, so that the count and the
 * total the service gives agree once this is added. Plain text of numbers: safe in every sink.
 * Empty when the policy took nothing out.
 */
export function notCountedNote(
  policy: Pick<ReportedPolicy, 'suppressedCount' | 'outOfScopeCount'> | undefined,
): string {
  const suppressed = policy?.suppressedCount ?? 0;
  const outside = policy?.outOfScopeCount ?? 0;
  const parts: string[] = [];
  if (suppressed > 0) parts.push(`${suppressed} suppressed by the policy`);
  if (outside > 0) parts.push(`${outside} outside ${suppressed > 0 ? 'its' : "the policy's"} paths`);
  return parts.length === 0 ? '' : `(and ${parts.join(' and ')}, not counted)`;
}

/** `text` followed by the note, when there is one. */
export function withNotCounted(
  text: string,
  policy: Pick<ReportedPolicy, 'suppressedCount' | 'outOfScopeCount'> | undefined,
): string {
  const note = notCountedNote(policy);
  return note ? `${text} ${note}` : text;
}
