import type { Finding } from '../client/types.ts';
import { dismissedAlertAt } from '../core/code-scanning/alert-matching.ts';
import { isPolicyDismissal } from '../core/code-scanning/policy-dismissal.ts';
import { planTriage, type TriagedFinding } from '../core/code-scanning/triage-plan.ts';
import { escapeLogLine } from '../core/escape.ts';
import type { FindingExclusion, FindingFilter } from '../core/finding-filter.ts';
import { sarifPlaceOf } from '../core/sarif/sarif-location.ts';
import {
  dismissAlert,
  listAlerts,
  reopenAlert,
  type CodeScanningAlert,
} from '../github/code-scanning-alerts.ts';
import { GitHubError } from '../github/github-client.ts';
import { isTokenAccount } from '../github/token-account.ts';
import type { RunPolicy } from '../run/run-policy.ts';
import { SARIF_TOOL_NAME } from './reporters/sarif.ts';
import type { GitHubSide } from './reporters/github-side.ts';
import type { Toolkit } from './toolkit.ts';

/**
 * Triage both ways between the gate and code scanning (`code-scanning-triage`). Before the verdict, alerts of the
 * action's tool and category that a person dismissed (false positive, won't fix, used in tests) take their
 * findings out of the gate like a policy suppression, each listed with who, when, why and a link. After an upload
 * has been processed, the alerts of findings the policy suppresses are dismissed with the policy's reason, and
 * the action's own dismissals whose entry has gone are reopened; a person's dismissal is never touched.
 */

const SECURITY_EVENTS_FIX =
  'give the job `security-events: read` (`write` to dismiss), and on a private repository GitHub Advanced Security';

/** The ref code scanning files this run's results under: the pull request's head ref, else GITHUB_REF. */
export function codeScanningRef(environment: GitHubSide['environment']): string | undefined {
  if (environment.pullRequest !== undefined) return `refs/pull/${environment.pullRequest}/head`;
  return environment.ref;
}

/**
 * The run's policy with the dismissed alerts added to its filter. A refused or failed read is said and leaves the
 * policy as it was: the gate then counts those findings (fail closed).
 */
export async function withDismissedAlerts(
  policy: RunPolicy,
  github: GitHubSide | undefined,
  triage: { on: boolean; category: string },
  toolkit: Toolkit,
): Promise<RunPolicy> {
  if (!triage.on || github === undefined) return policy;
  let dismissed: CodeScanningAlert[];
  try {
    dismissed = await readPersonDismissals(github, triage.category);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const fix = error instanceof GitHubError && error.refused ? `: ${SECURITY_EVENTS_FIX}` : '';
    toolkit.warning(
      escapeLogLine(
        `Could not read the dismissed code scanning alerts (${reason}); the gate counts their findings${fix}.`,
      ),
    );
    return policy;
  }
  if (dismissed.length === 0) return policy;
  toolkit.info(
    escapeLogLine(
      `${dismissed.length} code scanning ${dismissed.length === 1 ? 'alert' : 'alerts'} of ${SARIF_TOOL_NAME} dismissed on GitHub: ${dismissed.length === 1 ? 'its finding is' : 'their findings are'} not gated.`,
    ),
  );
  return {
    ...policy,
    filter: dismissalFilter(policy.filter, dismissed, (text) => toolkit.scrub(text)),
    source: policy.source ?? 'none: the suppressions below are code scanning alerts dismissed on GitHub',
  };
}

/**
 * Dismissed alerts of the tool and category on the default branch and on this run's ref, a person's only: not the
 * token's account's, and none with the action's words, whoever wrote them (fail closed: such a dismissal takes no
 * finding out of the gate).
 */
async function readPersonDismissals(github: GitHubSide, category: string): Promise<CodeScanningAlert[]> {
  const { owner, repo } = github.environment;
  const query = { owner, repo, tool: SARIF_TOOL_NAME, category, state: 'dismissed' as const };
  const ref = codeScanningRef(github.environment);
  const lists = [await listAlerts(github.client, query)];
  if (ref !== undefined) lists.push(await listAlerts(github.client, { ...query, ref }));
  const byNumber = new Map(lists.flat().map((alert) => [alert.number, alert]));
  const dismissed = [...byNumber.values()].filter((alert) => !isPolicyDismissal(alert.dismissedComment));
  if (dismissed.length === 0) return [];
  const identity = await github.account.identity();
  return dismissed.filter((alert) => !isTokenAccount(identity, alert.dismissedBy));
}

/**
 * The policy's filter, then the dismissed alerts: a finding the policy counts is taken out when an alert of its
 * rule, in its file, at its line was dismissed (`dismissedAlertAt`).
 */
function dismissalFilter(
  base: FindingFilter,
  alerts: readonly CodeScanningAlert[],
  scrub: (text: string) => string,
): FindingFilter {
  return {
    active: true,
    classifier: () => {
      const classify = base.classifier();
      const taken = new Set<number>();
      return (finding: Finding): FindingExclusion | undefined => {
        const excluded = classify(finding);
        if (excluded !== undefined) return excluded;
        const place = sarifPlaceOf({ ...finding, filePath: finding.file_path }, scrub);
        const alert = dismissedAlertAt(place, alerts, taken);
        if (alert === undefined) return undefined;
        taken.add(alert.number);
        return dismissalExclusion(alert);
      };
    },
  };
}

function dismissalExclusion(alert: CodeScanningAlert): FindingExclusion {
  const who = alert.dismissedBy ? `@${alert.dismissedBy}` : 'someone';
  const when = alert.dismissedAt ? ` on ${alert.dismissedAt.slice(0, 10)}` : '';
  return {
    kind: 'suppressed',
    entry: -1,
    label: `code scanning alert #${alert.number} dismissed by ${who}${when} as ${alert.dismissedReason ?? 'dismissed'} (${alert.htmlUrl})`,
    reason: alert.dismissedComment?.trim() || 'no comment given',
    alertUrl: alert.htmlUrl,
  };
}

export interface TriageOutcome {
  dismissed: number;
  requested: number;
  reopened: number;
  /** Alerts the default branch has too, left to its own run: a pull request's policy is not merged yet. */
  leftToDefaultBranch: number;
}

/** The numbers of the tool's alerts of this category on the default branch (the alerts API without a ref). */
async function defaultBranchAlerts(github: GitHubSide, category: string): Promise<Set<number>> {
  const { owner, repo } = github.environment;
  const alerts = await listAlerts(github.client, { owner, repo, tool: SARIF_TOOL_NAME, category });
  return new Set(alerts.map((alert) => alert.number));
}

/** After processing: dismisses for the policy and reopens what the policy no longer covers. */
export async function triageAfterUpload(
  github: GitHubSide,
  category: string,
  findings: readonly TriagedFinding[],
): Promise<TriageOutcome> {
  const { owner, repo } = github.environment;
  const ref = codeScanningRef(github.environment);
  const alerts = await listAlerts(github.client, { owner, repo, tool: SARIF_TOOL_NAME, category, ref });
  const identity = await github.account.identity();
  const plan = planTriage(findings, alerts, identity.known ? identity.login : undefined);
  // An alert is the repository's, not the ref's: one the default branch also has is dismissed or reopened by the
  // default branch's run, under the policy merged there, never by a pull request's unmerged one.
  const shared = ref?.startsWith('refs/pull/')
    ? await defaultBranchAlerts(github, category)
    : new Set<number>();
  const outcome: TriageOutcome = { dismissed: 0, requested: 0, reopened: 0, leftToDefaultBranch: 0 };
  const ours = (alert: number): boolean => {
    if (shared.has(alert)) outcome.leftToDefaultBranch += 1;
    return !shared.has(alert);
  };
  for (const { alert, comment } of plan.dismiss.filter((dismissal) => ours(dismissal.alert))) {
    const done = await dismissAlert(github.client, { owner, repo }, alert, comment);
    outcome[done] += 1;
  }
  for (const alert of plan.reopen.filter(ours)) {
    await reopenAlert(github.client, { owner, repo }, alert);
    outcome.reopened += 1;
  }
  return outcome;
}
