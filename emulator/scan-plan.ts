import { fullIndexOf, indexFindings, severityBreakdown } from './finding-index.ts';
import type {
  FindingTemplate,
  RemediationOutcome,
  RemediationProfile,
  RepositoryRecord,
  ScanRecord,
  Severity,
} from './records.ts';

/**
 * What one scan of a repository will do, decided when it is created from the repository's profile and the
 * request: which modules run, which fail or are skipped, how it ends, and which findings it reports (those of
 * the scanned ref when the profile lists it, else the profile's own; none from a module that failed or was
 * skipped, nor from a module it did not run).
 */

export type ScanPlan = Pick<
  ScanRecord,
  | 'modules'
  | 'failedModules'
  | 'skippedModules'
  | 'outcome'
  | 'queueSeconds'
  | 'durationSeconds'
  | 'riskScore'
  | 'creditsPerModule'
  | 'findings'
>;

export interface ScanRequest {
  /** The commit or branch scanned: a ref the profile lists reports that ref's findings. */
  readonly ref: string;
  readonly modules: readonly string[] | undefined;
  readonly neverFinishes: boolean;
}

export function planScan(repository: RepositoryRecord, request: ScanRequest): ScanPlan {
  const { profile } = repository;
  const modules = request.modules ?? profile.modules;
  const failedModules = profile.failedModules.filter((name) => modules.includes(name));
  const skippedModules = profile.skippedModules.filter((name) => modules.includes(name));
  // A failing module that this scan does not run cannot fail it.
  let outcome = profile.outcome === 'failed' && failedModules.length === 0 ? 'completed' : profile.outcome;
  if (request.neverFinishes) outcome = 'never';
  const reporting = modules.filter((name) => !failedModules.includes(name) && !skippedModules.includes(name));
  const reports = (template: FindingTemplate): boolean => reporting.includes(template.module);
  const templates = profile.findingsByRef.get(request.ref) ?? profile.findings;
  const findings = templates.every(reports) ? fullIndexOf(templates) : indexFindings(templates, reports);
  return {
    modules,
    failedModules,
    skippedModules,
    outcome,
    queueSeconds: profile.queueSeconds,
    durationSeconds: profile.durationSeconds,
    riskScore: profile.riskScore ?? riskScoreOf(severityBreakdown(findings)),
    creditsPerModule: profile.creditsPerModule,
    findings,
  };
}

/**
 * How a remediation of a finding ends: as the finding's scenario entry says, else as the repository's
 * default says, else with a pull request when the finding has a fix and a failure when it has none.
 */
export function remediationOutcomeOf(
  template: FindingTemplate,
  profile: RemediationProfile,
): RemediationOutcome {
  return (
    template.remediation ??
    profile.defaultOutcome ??
    (template.fixDiff === null
      ? { kind: 'failed', reason: 'No automated fix is available for this finding.' }
      : { kind: 'pull_request' })
  );
}

/** When the scenario gives no risk score: weighted by severity, capped at 100. */
function riskScoreOf(breakdown: Readonly<Record<Severity, number>>): number {
  return Math.min(100, breakdown.critical * 25 + breakdown.high * 10 + breakdown.medium * 3 + breakdown.low);
}
