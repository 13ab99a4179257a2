import type { SarifPlace } from '../sarif/sarif-location.ts';
import { matchAlerts, type AlertPlace } from './alert-matching.ts';
import { isPolicyDismissal, policyDismissalComment, type PolicyEntry } from './policy-dismissal.ts';

/**
 * What the action changes in code scanning after an upload: the open alerts of findings the policy suppresses
 * are dismissed ("won't fix", the policy's reason in the comment); alerts it dismissed for the policy whose
 * finding no suppression covers any more (the entry removed or expired) are reopened. The action's own
 * dismissal is one its token's account made (`dismissed_by`'s id, never its login, which another account may
 * hold; a dismissal request it filed and a person approved is still its own) with its words: a person's dismissal is left as it is whatever its comment says, and so is
 * another workflow's under the same bot account. An alert the action's comment already says the same of is
 * left as it is too.
 */

export interface TriageAlert extends AlertPlace {
  state: 'open' | 'dismissed' | 'fixed';
  /** `dismissed_by.id`: the account that dismissed it. */
  dismissedById: number | undefined;
  dismissedComment: string | null;
}

export interface TriagedFinding {
  place: SarifPlace;
  /** The policy entry suppressing it, or undefined when it counts. */
  suppressedBy: PolicyEntry | undefined;
}

export interface TriagePlan {
  dismiss: { alert: number; comment: string }[];
  reopen: number[];
}

/** `accountId`: the id of the account the token acts as; undefined when unknown, and then nothing is reopened. */
export function planTriage(
  findings: readonly TriagedFinding[],
  alerts: readonly TriageAlert[],
  accountId: number | undefined,
): TriagePlan {
  const live = alerts.filter((alert) => alert.state !== 'fixed');
  const matched = matchAlerts(
    findings.map((finding) => finding.place),
    live,
  );
  const plan: TriagePlan = { dismiss: [], reopen: [] };
  findings.forEach((finding, index) => {
    const alert = matched.get(index);
    if (!alert) return;
    if (finding.suppressedBy) {
      const comment = policyDismissalComment(finding.suppressedBy);
      if (alert.state === 'open') plan.dismiss.push({ alert: alert.number, comment });
    } else if (alert.state === 'dismissed' && isOwnDismissal(alert, accountId)) {
      plan.reopen.push(alert.number);
    }
  });
  return plan;
}

function isOwnDismissal(alert: TriageAlert, accountId: number | undefined): boolean {
  return (
    accountId !== undefined && alert.dismissedById === accountId && isPolicyDismissal(alert.dismissedComment)
  );
}
