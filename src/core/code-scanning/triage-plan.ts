import type { SarifPlace } from '../sarif/sarif-location.ts';
import { matchAlerts, type AlertPlace } from './alert-matching.ts';
import { isPolicyDismissal, policyDismissalComment, type PolicyEntry } from './policy-dismissal.ts';

/**
 * What the action changes in code scanning after an upload: the open alerts of findings the policy suppresses
 * are dismissed ("won't fix", the policy's reason in the comment); alerts it dismissed for the policy whose
 * finding no suppression covers any more (the entry removed or expired) are reopened. Alerts a person dismissed
 * are left as they are, and so is an alert the action's comment already says the same of.
 */

export interface TriageAlert extends AlertPlace {
  state: 'open' | 'dismissed' | 'fixed';
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

export function planTriage(findings: readonly TriagedFinding[], alerts: readonly TriageAlert[]): TriagePlan {
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
    } else if (alert.state === 'dismissed' && isPolicyDismissal(alert.dismissedComment)) {
      plan.reopen.push(alert.number);
    }
  });
  return plan;
}
