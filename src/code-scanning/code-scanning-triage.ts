import type { Finding } from '../client/types.ts';
import { dismissedAlertAt } from './alert-matching.ts';
import { isPolicyDismissal } from './policy-dismissal.ts';
import { planTriage, type TriagedFinding } from './triage-plan.ts';
import type { FindingDismissals, FindingExclusion } from '../domain/finding-filter.ts';
import { countedSeverity } from '../domain/finding-tally.ts';
import { sarifPlaceOf, type SarifPlace } from '../sarif/sarif-location.ts';
import { dismissAlert, listAlerts, reopenAlert, type CodeScanningAlert } from './code-scanning-alerts.ts';
import { GitHubError } from '../github/github-client.ts';
import { grantOf } from '../github/token-permissions.ts';
import { TRIAGE_PERMISSIONS } from './code-scanning-upload-manifest.ts';
import { isTokenAccount } from '../github/token-account.ts';
import type { RunPolicy } from '../run/run-policy.ts';
import { SARIF_TOOL_NAME } from '../sarif/sarif-category.ts';
import type { GitHubSide } from '../report/github-side.ts';
import type { ReportContext } from '../report/reporter.ts';

/**
 * Triage both ways between the gate and code scanning (`code-scanning-triage`). Before the verdict (and before
 * this run uploads), the alerts of the action's tool and category that a person dismissed (false positive, won't
 * fix, used in tests) are read; the run applies them after the comparison with the baseline, each taking out the
 * finding at its exact place when no more severe than its rule and not new, listed with who, when, why and a link.
 * After an upload has been processed, the alerts of findings the policy suppresses are dismissed with the policy's
 * reason, and the action's own dismissals whose entry has gone are reopened; a person's dismissal is never
 * touched, and an alert the default branch has is changed only by the default branch's own run.
 */

const SECURITY_EVENTS_FIX = `give the job ${grantOf(TRIAGE_PERMISSIONS)}, and on a private repository GitHub Advanced Security`;

/** The ref code scanning files this run's results under: the pull request's head ref, else GITHUB_REF. */
export function codeScanningRef(environment: GitHubSide['environment']): string | undefined {
  if (environment.pullRequest !== undefined) return `refs/pull/${environment.pullRequest}/head`;
  return environment.ref;
}

/**
 * The run's policy with the dismissed alerts added after its filter (the run applies them after the comparison
 * with the baseline). A refused or failed read is said and leaves the policy as it was: the gate then counts those
 * findings (fail closed). So does a run whose scanned commit is not the workflow's own head (`notWorkflowHead`
 * says why: a pull request's head scanned on workflow_run, say, or a pull request or merge group whose head is
 * not the scanned commit): the alerts are of the workflow's commits, and without a comparison nothing tells a
 * finding a change introduced from one a person dismissed. Code scanning's work before the verdict.
 */
export async function withDismissedAlerts(
  policy: RunPolicy,
  github: GitHubSide,
  triage: { category: string; notWorkflowHead: string | undefined },
  { log, toolkit }: Pick<ReportContext, 'log' | 'toolkit'>,
): Promise<RunPolicy> {
  if (triage.notWorkflowHead !== undefined) {
    log.info(`${triage.notWorkflowHead}: no dismissed code scanning alert takes a finding out of the gate.`);
    return policy;
  }
  let dismissed: CodeScanningAlert[];
  try {
    dismissed = await readPersonDismissals(github, triage.category);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    const fix = error instanceof GitHubError && error.refused ? `: ${SECURITY_EVENTS_FIX}` : '';
    log.warning(
      `Could not read the dismissed code scanning alerts (${reason}); the gate counts their findings${fix}.`,
    );
    return policy;
  }
  if (dismissed.length === 0) return policy;
  log.info(
    `${dismissed.length} code scanning ${dismissed.length === 1 ? 'alert' : 'alerts'} of ${SARIF_TOOL_NAME} dismissed on GitHub: ` +
      'each covers a finding only at its place, no more severe than its rule, and never a new one.',
  );
  return {
    ...policy,
    dismissals: dismissalsOf(dismissed, (text) => toolkit.scrub(text)),
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
  return dismissed.filter((alert) => !isTokenAccount(identity, alert.dismissedById));
}

/**
 * The dismissed alerts as the gate applies them: after the policy's filter, a finding it counts is taken out when
 * an alert of its rule, in its file, at its line, ranked at least as severe, was dismissed (`dismissedAlertAt`),
 * unless a finding the comparison classed as new is at that place.
 */
function dismissalsOf(
  alerts: readonly CodeScanningAlert[],
  scrub: (text: string) => string,
): FindingDismissals {
  const placeOf = (finding: Finding): SarifPlace =>
    sarifPlaceOf({ ...finding, filePath: finding.file_path }, scrub);
  return {
    after: (base, newFindings) => {
      const newPlaces = new Set(newFindings.map((finding) => placeKey(placeOf(finding))));
      return {
        active: true,
        classifier: () => {
          const classify = base.classifier();
          const taken = new Set<number>();
          return (finding: Finding): FindingExclusion | undefined => {
            const excluded = classify(finding);
            if (excluded !== undefined) return excluded;
            const place = placeOf(finding);
            if (newPlaces.has(placeKey(place))) return undefined;
            const alert = dismissedAlertAt(place, countedSeverity(finding.severity), alerts, taken);
            if (alert === undefined) return undefined;
            taken.add(alert.number);
            return dismissalExclusion(alert);
          };
        },
      };
    },
  };
}

function placeKey(place: SarifPlace): string {
  return `${place.ruleId}\u0000${place.path ?? ''}\u0000${place.line}`;
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
  /**
   * Alerts the default branch has too, left to its own run when this run is not the default branch's: the
   * numbers this run would have dismissed and reopened.
   */
  leftToDefaultBranch: { dismiss: number[]; reopen: number[] };
  /** Why the token's account is not known, when it is not: then no dismissal is the action's, none is reopened. */
  accountUnknown?: string;
}

/** The numbers of the tool's alerts of this category on the default branch (the alerts API without a ref). */
async function defaultBranchAlerts(github: GitHubSide, category: string): Promise<Set<number>> {
  const { owner, repo } = github.environment;
  const alerts = await listAlerts(github.client, { owner, repo, tool: SARIF_TOOL_NAME, category });
  return new Set(alerts.map((alert) => alert.number));
}

/**
 * Whether this run owns the default branch's alerts: it runs on the default branch itself (GITHUB_REF is
 * `refs/heads/<default>`), whatever the event (push, schedule, workflow_dispatch). The default branch is the
 * event's (`repository.default_branch`), else GitHub's (a schedule's payload has no repository).
 */
async function ownsDefaultBranch(github: GitHubSide): Promise<boolean> {
  const { owner, repo, ref, forChange, defaultBranch } = github.environment;
  // A pull_request_target run has GITHUB_REF at the base branch, the default one most often: it owns nothing.
  if (forChange || !ref?.startsWith('refs/heads/')) return false;
  const branch = defaultBranch ?? (await readDefaultBranch(github.client, owner, repo));
  return branch !== undefined && ref === `refs/heads/${branch}`;
}

async function readDefaultBranch(
  client: GitHubSide['client'],
  owner: string | undefined,
  repo: string | undefined,
): Promise<string | undefined> {
  const response = await client.request('GET /repos/{owner}/{repo}', { owner, repo });
  const branch = (response.data as { default_branch?: unknown }).default_branch;
  return typeof branch === 'string' && branch !== '' ? branch : undefined;
}

/**
 * After processing: dismisses for the policy and reopens what the policy no longer covers. An alert is the
 * repository's, not the ref's: one the default branch also has is dismissed or reopened only by the default
 * branch's own run, under the policy merged there, never by a pull request's, another branch's or a merge
 * queue's policy, which is not merged.
 */
export async function triageAfterUpload(
  github: GitHubSide,
  category: string,
  findings: readonly TriagedFinding[],
): Promise<TriageOutcome> {
  const { owner, repo } = github.environment;
  const ref = codeScanningRef(github.environment);
  const alerts = await listAlerts(github.client, { owner, repo, tool: SARIF_TOOL_NAME, category, ref });
  const identity = await github.account.identity();
  const plan = planTriage(findings, alerts, identity.known ? identity.id : undefined);
  const shared = (await ownsDefaultBranch(github))
    ? new Set<number>()
    : await defaultBranchAlerts(github, category);
  const outcome: TriageOutcome = {
    dismissed: 0,
    requested: 0,
    reopened: 0,
    leftToDefaultBranch: { dismiss: [], reopen: [] },
    ...(identity.known ? {} : { accountUnknown: identity.reason }),
  };
  for (const { alert, comment } of plan.dismiss) {
    if (shared.has(alert)) outcome.leftToDefaultBranch.dismiss.push(alert);
    else outcome[await dismissAlert(github.client, { owner, repo }, alert, comment)] += 1;
  }
  for (const alert of plan.reopen) {
    if (shared.has(alert)) outcome.leftToDefaultBranch.reopen.push(alert);
    else {
      await reopenAlert(github.client, { owner, repo }, alert);
      outcome.reopened += 1;
    }
  }
  return outcome;
}

/** The log line of a triage: what was done, and what was left to the default branch's run. */
export function triageLine(outcome: TriageOutcome): string {
  const done =
    `Code scanning alerts: ${outcome.dismissed} dismissed for the policy, ${outcome.reopened} reopened ` +
    `(their suppression is gone), ${outcome.requested} dismissal requests filed`;
  const unknown =
    outcome.accountUnknown === undefined
      ? ''
      : ` None is reopened: could not tell which account the token acts as (${outcome.accountUnknown}).`;
  const { dismiss, reopen } = outcome.leftToDefaultBranch;
  const left = dismiss.length + reopen.length;
  if (left === 0) return `${done}.${unknown}`;
  const would = [
    dismiss.length > 0 ? `dismissed ${numbers(dismiss)}` : '',
    reopen.length > 0 ? `reopened ${numbers(reopen)}` : '',
  ].filter((part) => part !== '');
  return (
    `${done}; ${left} the default branch also has are left to its run, under the policy merged there ` +
    `(this run is not the default branch's; it would have ${would.join(' and ')}).${unknown}`
  );
}

function numbers(alerts: readonly number[]): string {
  return alerts.map((alert) => `#${alert}`).join(', ');
}
