import { cutText } from '../domain/identity/sarif-text.ts';

/**
 * The comment the action leaves on an alert it dismisses for the repository's policy:
 * `svc-scan policy ignore[0] (CWE-79, in legacy/**): <reason>, expires <date>`, within GitHub's 280 characters.
 * The prefix and the token's account (`dismissed_by`) together are how the action knows a dismissal as its own:
 * anyone may write the prefix.
 */

const POLICY_DISMISSAL_PREFIX = 'svc-scan policy ';
/** GitHub's limit on `dismissed_comment`. */
export const MAX_DISMISSAL_COMMENT = 280;

export interface PolicyEntry {
  /** The entry's index in the policy's `ignore:` list. */
  entry: number;
  /** `ignore[2] (CWE-79, in legacy/**)`, as the policy's messages name it. */
  label: string;
  reason: string;
  expires?: string | undefined;
}

export function policyDismissalComment(entry: PolicyEntry): string {
  // The label reads `ignore[2] (CWE-79, in legacy/**)`: what the entry matches is inside the parentheses.
  const what = entry.label.replace(/^ignore\[\d+\]:?\s*/, '').replace(/^\((.*)\)$/, '$1');
  const expiry = entry.expires ? `, expires ${entry.expires}` : '';
  const head = `${POLICY_DISMISSAL_PREFIX}ignore[${entry.entry}] (${what}): `;
  const room = MAX_DISMISSAL_COMMENT - head.length - expiry.length;
  const reason = cutText(entry.reason.replace(/\s+/g, ' ').trim(), Math.max(1, room));
  return `${head}${reason}${expiry}`.slice(0, MAX_DISMISSAL_COMMENT);
}

/** The comment has the action's words: its own dismissal only when its account made it too (see planTriage). */
export function isPolicyDismissal(comment: string | null | undefined): boolean {
  return comment?.startsWith(POLICY_DISMISSAL_PREFIX) === true;
}
