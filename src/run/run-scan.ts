import { classifyScanStatus, isModuleComplete } from '../client/index.ts';
import type { Repository, Scan, ScanReport } from '../client/types.ts';
import { applyComplianceGate } from '../domain/compliance-gate.ts';
import { evaluateGate, evaluateNewFindingsGate } from '../domain/gate.ts';
import type { ReportedInsights } from '../domain/insights.ts';
import { findReusableScan, isCommitSha } from './scan-selection.ts';
import { readRecentScans } from './baseline-step.ts';
import { compareWithBaseline, type Comparison } from './comparison-step.ts';
import { selectRemediationTargets, type RemediationOutcome } from '../domain/remediation.ts';
import type { ReportedPolicy, ReportedResults, ReportedScan } from '../domain/run-report.ts';
import type { FindingTally, ReportedFinding } from '../domain/finding-tally.ts';
import type { FailOn, GateVerdict } from '../domain/gate.ts';
import type { Severity } from '../domain/severity.ts';
import { gateFilter, type RunPolicy } from './run-policy.ts';
import type { FindingFilter } from '../domain/finding-filter.ts';
import { scanNotes } from './scan-notes.ts';
import { RunError } from './run-error.ts';
import { collectScanResults, reportFloorOf, type ResultsReader } from './findings-step.ts';
import { readFixes } from './fixes-step.ts';
import { scanStatusOutput } from './scan-status.ts';
import { INSIGHTS_RESERVE_MS, creditsBeforeFigure, readCreditsBefore, runInsights } from './insights-step.ts';
import { runRemediations } from './remediation-step.ts';
import type { BaselineChoice, RunContext } from './run-context.ts';
import { describeEndedScan, lookUpRepository, startScan, waitForScan } from './scan-step.ts';

/** A scan that failed or was cancelled: the step fails, naming the failed modules. */
export class ScanEndedError extends RunError {
  override name = 'ScanEndedError';
}

/** What a run learnt: the scan, its results as the gate judged them, and the notes. Nothing is rendered. */
export interface ScanRunResult {
  /** Undefined when the run was skipped: the change touched nothing in the policy's paths. */
  scan: ReportedScan | undefined;
  scanStatus: string | undefined;
  results: ReportedResults | undefined;
  notes: string[];
  /** The AI analysis, compliance, AI-security posture and credits of the completed scan. */
  insights?: ReportedInsights | undefined;
  policy: ReportedPolicy | undefined;
  /** Set when no scan was started, saying why. */
  skipped?: string | undefined;
  /** The service's report of the scan the gate judged: its counts, known before a later reader lists findings. */
  report?: ScanReport | undefined;
}

/**
 * The run: unless the change touches nothing the policy's paths cover, look the repository up, start the scan,
 * wait for it, read its findings (as many as the reporters show, and with a policy every one the gate decides
 * on), apply the gate, start the remediations, read the insights. Progress goes to the log as it happens; the
 * result is reported afterwards, by the reporters, from the run report.
 */
export async function runScan(context: RunContext): Promise<ScanRunResult> {
  const skipped = await outOfScopeChange(context);
  if (skipped !== undefined) return skippedRun(context, skipped);
  const { scan, baseline, creditsBefore, reported, need } = await scanToCompletion(context);
  // The need as the scan's start left it: a reporter that stood down then shows fewer findings.
  if (need !== undefined) context = { ...context, findingsNeed: need };
  // Without remediations or an AI analysis (which spend credits after the verdict), the insights need only the
  // scan's id: they are read in the same round trips as the findings. Never throws.
  const insightsBeside = lateWorkSpendsCredits(context.settings)
    ? undefined
    : runInsights(context, scan.id, creditsBefore);
  const { verdict, results, policy, notes, remediationTargets, report } = await judge(
    context,
    scan,
    baseline,
  );
  // The gate has decided. What follows is optional: a phase that runs out of time says what it left undone, and
  // the verdict and the counts stand. Only a cancelled workflow still ends without a verdict.
  const remediations = context.settings.remediate ? await remediate(context, remediationTargets) : [];
  const insights = await (insightsBeside ?? runInsights(context, scan.id, creditsBefore));
  context.stopSignal.throwIfAborted();
  const unfinished = unfinishedRemediationsNote(remediations, context.settings.waitTimeoutSeconds);
  if (unfinished) notes.push(unfinished);
  const fixes = await readFixes(context.client, {
    scanId: scan.id,
    results,
    aiSucceeded: insights.insights.ai?.outcome === 'succeeded',
    max: context.findingsNeed.fixes ?? 0,
    signal: context.signal,
  });
  return {
    scan: reported(scan),
    scanStatus: scanStatusOutput(scan.status),
    results: {
      ...results,
      verdict: applyComplianceGate(verdict, insights.insights.compliance),
      remediations,
      ...(fixes.length > 0 ? { fixes } : {}),
    },
    notes: [...context.policy.notes, ...notes, ...insights.notes],
    insights: insights.insights,
    policy,
    report,
  };
}

function lateWorkSpendsCredits(settings: RunContext['settings']): boolean {
  return settings.remediate || settings.aiAnalysis;
}

/**
 * Why no scan is needed, when the change under review touches no file in the policy's paths: read from the
 * change's complete diff only. Without a complete list of files, the scan runs (never skipped by mistake).
 */
async function outOfScopeChange(context: RunContext): Promise<string | undefined> {
  const inScope = context.policy.inScope;
  const change = context.change;
  if (inScope === undefined || change === undefined) return undefined;
  context.progress.stage = 'repository';
  const diff = await change.diff(context.signal);
  if (diff.unavailable !== undefined || !diff.complete) return undefined;
  const touched = diff.files.some((file) =>
    [file.headPath, file.basePath].some((path) => path !== null && inScope(path)),
  );
  if (touched) return undefined;
  return `No file in scope changed: the ${diff.files.length} changed files lie outside ${describeScope(context.policy)}, so no scan was started.`;
}

function describeScope(policy: RunPolicy): string {
  const parts = [
    policy.paths.length > 0 ? `paths (${policy.paths.join(', ')})` : '',
    policy.pathsIgnore.length > 0 ? `or inside paths-ignore (${policy.pathsIgnore.join(', ')})` : '',
  ].filter((part) => part !== '');
  return parts.join(' ');
}

function skippedRun(context: RunContext, reason: string): ScanRunResult {
  context.log.info(reason);
  return {
    scan: undefined,
    scanStatus: undefined,
    results: undefined,
    notes: [...context.policy.notes],
    policy: reportedPolicy(context.policy, undefined, undefined),
    skipped: reason,
  };
}

interface CompletedScan {
  scan: Scan;
  baseline: BaselineChoice | undefined;
  creditsBefore: number | undefined;
  reported: (scan: Scan) => ReportedScan;
  /** The findings the reporters show once the scan started, when that narrowed the planned need. */
  need: RunContext['findingsNeed'] | undefined;
}

/** Looks the repository up, starts (or reuses) the scan and a baseline beside it, and waits for both. */
async function scanToCompletion(context: RunContext): Promise<CompletedScan> {
  const { settings, progress } = context;
  progress.stage = 'repository';
  // The credits before the scan, read beside the lookup: the first request never waits for the second.
  const creditsRead = readCreditsBefore(context);
  const repository =
    context.repository ??
    (await lookUpRepository(context).catch(async (error: unknown) => {
      await creditsRead;
      throw error;
    }));
  const ref = settings.ref ?? repository.default_branch;
  const reported = (scan: Scan): ReportedScan => ({
    id: scan.id,
    status: scan.status,
    repository: repository.full_name,
    ref,
    modules: scan.modules,
  });

  progress.stage = 'scan';
  const creditsBefore = creditsBeforeFigure(context, await creditsRead);
  const reuse = reusesFor(context, ref);
  const scans =
    reuse || comparesWithBaseline(context) ? await readRecentScans(context, repository.id) : undefined;
  const { started, reused } = await startOrReuse(context, repository, ref, reuse ? scans : undefined);
  const need = await context.onScanStarted(reported(started));
  const { scan, baseline } = await waitWithBaseline(context, started, scans, repository.id);
  if (!reused) context.record.scanSettled();
  progress.scan = scan;
  if (classifyScanStatus(scan.status) !== 'succeeded') throw new ScanEndedError(describeEndedScan(scan));
  return { scan, baseline, creditsBefore, reported, need };
}

/**
 * Whether the run may reuse a recent scan: reuse-scan on, and a ref that names one commit for good. A branch or
 * `HEAD` may have moved since that scan, and reusing it would judge a commit from before the push.
 */
function reusesFor(context: RunContext, ref: string): boolean {
  if (!context.settings.reuseScan) return false;
  if (isCommitSha(ref)) return true;
  context.log.info(
    `reuse-scan: ${ref} is not a full commit SHA and may have moved since a recent scan, so a new scan is started.`,
  );
  return false;
}

/** A recent scan of the same commit and modules when reuse is allowed (`scans` given), else a new scan. */
async function startOrReuse(
  context: RunContext,
  repository: Repository,
  ref: string,
  scans: readonly Scan[] | undefined,
): Promise<{ started: Scan; reused: boolean }> {
  const { settings, log, progress } = context;
  const reusable =
    scans !== undefined
      ? findReusableScan(
          scans,
          { ref, modules: settings.modules, frameworks: settings.frameworks },
          Date.now(),
        )
      : undefined;
  if (reusable) {
    // Not the action's own scan: another run awaits it too, so the post step must never cancel it.
    log.info(`Reusing scan ${reusable.id} (${reusable.status}) of ${repository.full_name} at ${ref}.`);
    context.record.scanSettled();
    context.record.scanId(reusable.id);
    progress.scan = reusable;
    return { started: reusable, reused: true };
  }
  log.info(`Starting a scan of ${repository.full_name} at ${ref}`);
  const started = await startScan(
    context,
    {
      repository_id: repository.id,
      ref,
      ...(settings.modules.length > 0 ? { modules: [...settings.modules] } : {}),
      ...(settings.frameworks.length > 0 ? { frameworks: [...settings.frameworks] } : {}),
      is_incremental: settings.incremental,
    },
    (scan) => {
      const how = context.scanStarter?.adopted?.(scan.id) === true ? 'Adopted' : 'Started';
      log.info(`${how} scan ${scan.id} of ${repository.full_name} at ${ref}`);
      progress.scan = scan;
    },
  );
  return { started, reused: false };
}

/**
 * Waits for the head scan, with the baseline found or started, and waited for, beside it (when the run compares
 * with one); if the head's wait fails, the baseline's requests are stopped with it.
 */
async function waitWithBaseline(
  context: RunContext,
  started: Scan,
  scans: readonly Scan[] | undefined,
  repositoryId: string,
): Promise<{ scan: Scan; baseline: BaselineChoice | undefined }> {
  const stopBaseline = new AbortController();
  const finder = comparesWithBaseline(context) ? context.baselineFinder : undefined;
  const baselinePlan = finder
    ? finder.find(
        { ...context, signal: AbortSignal.any([context.signal, stopBaseline.signal]) },
        started,
        scans,
        repositoryId,
      )
    : undefined;
  try {
    const scan = await waitForScan(context, started, (seen) => {
      context.progress.scan = seen;
    });
    return { scan, baseline: await baselinePlan };
  } catch (error) {
    stopBaseline.abort(error);
    await baselinePlan?.catch(() => undefined);
    throw error;
  }
}

interface Judgement {
  verdict: GateVerdict;
  results: Omit<ReportedResults, 'verdict' | 'remediations'>;
  policy: ReportedPolicy | undefined;
  notes: string[];
  remediationTargets: readonly ReportedFinding[];
  report: ScanReport;
}

/**
 * Compares the findings with the baseline's (through the policy), reads them (through the policy, then the
 * dismissed alerts, which never cover a new finding), and applies the gate.
 */
async function judge(
  context: RunContext,
  scan: Scan,
  baseline: BaselineChoice | undefined,
): Promise<Judgement> {
  const { settings } = context;
  context.progress.stage = 'findings';
  const comparisonNotes: string[] = [];
  const compared = await compareIfBaseline(context, scan, baseline, reportFloorOf(settings), comparisonNotes);
  const { report, tally, listTotals, filterIgnored } = await collectScanResults(
    resultsReader(context),
    scan.id,
    settings,
    context.signal,
    { ...context.findingsNeed, countsOnly: context.countsOnly, wholeUnderPolicy: context.wholeUnderPolicy },
    compared?.filter ?? filterWithoutComparison(context, comparisonNotes),
  );
  const incomplete = incompleteModules(scan);
  const notes = scanNotes({ report, listTotals, tally, filterIgnored, incompleteModules: incomplete });
  notes.push(...comparisonNotes);
  // Under gate: all the comparison only keeps dismissals off new findings: the gate still judges every finding.
  const comparison = settings.gateMode === 'new' ? compared : undefined;
  const verdict = comparison
    ? evaluateNewFindingsGate({
        counts: tally.counts,
        newCounts: comparison.newCounts,
        existingCounts: comparison.existingCounts,
        failOn: settings.failOn,
        incompleteModules: incomplete,
      })
    : evaluateGate(tally.counts, settings.failOn, incomplete);
  // New findings first: the annotations, the summary and the comment show what the pull request introduces.
  const findings = comparison
    ? [...comparison.reported.newFindings, ...comparison.reported.existingFindings].slice(
        0,
        Math.max(context.findingsNeed.rows, tally.kept().length),
      )
    : tally.kept();
  return {
    verdict,
    results: {
      riskScore: report.risk_score,
      counts: tally.counts,
      severityThreshold: settings.severityThreshold,
      failOn: settings.failOn,
      reportFloor: tally.reportFloor,
      findings,
      reportedTotal: tally.reportedTotal,
      gateMode: comparison ? 'new' : 'all',
      comparison: comparison?.reported,
    },
    policy: reportedPolicy(context.policy, tally, settings.failOn),
    notes,
    // Under the new-findings gate, only what the pull request introduces: the rest is the default branch's.
    remediationTargets: comparison ? comparison.reported.newFindings : findings,
    report,
  };
}

/**
 * The filter without a comparison: on a change under review, the dismissed alerts cover nothing (any finding
 * might be one the change introduced), and the note says so; on any other run they cover what they dismissed.
 */
function filterWithoutComparison(context: RunContext, notes: string[]): FindingFilter {
  if (context.change === undefined || context.policy.dismissals === undefined)
    return gateFilter(context.policy, []);
  notes.push(
    'Without a comparison with the baseline, no dismissed code scanning alert takes a finding out of the gate: ' +
      'any finding may be one this change introduced.',
  );
  return context.policy.filter;
}

/**
 * Whether the run compares with a baseline: under gate: new; and on a change under review with dismissed alerts,
 * whatever the gate, to keep them off the findings the change introduced. Never for a face without a finder.
 */
function comparesWithBaseline(context: RunContext): boolean {
  if (context.baselineFinder === undefined) return false;
  return (
    context.settings.gateMode === 'new' ||
    (context.change !== undefined && context.policy.dismissals !== undefined)
  );
}

/** The report and the findings, the pages read through the run's one reading of them when the face keeps one. */
function resultsReader(context: RunContext): ResultsReader {
  const { client, findingReading } = context;
  if (findingReading === undefined) return client;
  return {
    getScanReport: (id, options) => client.getScanReport(id, options),
    listFindings: (params, options) => findingReading.listFindings(params, options),
  };
}

/** The comparison with the baseline when there is one; otherwise the note that says why the gate judges all. */
async function compareIfBaseline(
  context: RunContext,
  scan: Scan,
  baseline: BaselineChoice | undefined,
  reportFloor: Severity,
  notes: string[],
): Promise<Comparison | undefined> {
  const comparison =
    baseline?.scan !== undefined && context.change
      ? await compareWithBaseline(
          context,
          context.change,
          scan,
          { ...baseline, scan: baseline.scan },
          reportFloor,
        )
      : undefined;
  if (context.settings.gateMode === 'new' && comparison === undefined) {
    const why =
      baseline?.missing ??
      (context.change === undefined
        ? 'this run has no pull request of the scanned repository to compare with'
        : 'this run finds no baseline scan');
    notes.push(`No baseline to compare with (${why}): the gate judges every finding.`);
  }
  if (baseline?.started && comparison) {
    notes.push(
      `The baseline scan ${comparison.reported.baselineScanId} of ${comparison.reported.baselineCommit} was started for this comparison: it cost a scan.`,
    );
  }
  return comparison;
}

/**
 * The policy as the report shows it; undefined for a run without one. Unused suppressions are named only when
 * the run read findings: a suppression is unused when it covered none of the findings read.
 */
function reportedPolicy(
  policy: RunPolicy,
  tally: FindingTally | undefined,
  failOn: FailOn | undefined,
): ReportedPolicy | undefined {
  if (policy.source === undefined && policy.inScope === undefined && policy.change.length === 0)
    return undefined;
  const inForce = policy.suppressions.filter((suppression) => suppression.state !== 'expired');
  return {
    source: policy.source,
    change: policy.change,
    changeApplied: policy.changeApplied,
    paths: policy.paths,
    pathsIgnore: policy.pathsIgnore,
    suppressed: tally?.suppressed() ?? [],
    suppressedCount: tally?.suppressedCount ?? 0,
    outOfScopeCount: tally?.outOfScopeCount ?? 0,
    unused: tally
      ? inForce
          .filter((suppression) => !tally.matchedSuppressions.has(suppression.entry))
          .map((s) => s.description)
      : [],
    expired: policy.suppressions.filter((s) => s.state === 'expired').map((s) => s.description),
    expiringSoon: policy.suppressions.filter((s) => s.state === 'expiring').map((s) => s.description),
    readWholeFrom:
      (policy.filter.active || policy.dismissals !== undefined) && failOn !== undefined && failOn !== 'none'
        ? failOn
        : undefined,
  };
}

/**
 * Modules of a completed scan that ended any way but completed or skipped (failed, cancelled, timed out, or
 * still running), each with its status: their findings are missing from the scan.
 */
export function incompleteModules(scan: Scan): string[] {
  return scan.modules.filter((m) => !isModuleComplete(m.status)).map((m) => `${m.name} (${m.status})`);
}

async function remediate(
  context: RunContext,
  candidates: readonly ReportedFinding[],
): Promise<RemediationOutcome[]> {
  const { log, settings } = context;
  context.progress.stage = 'remediation';
  const targets = selectRemediationTargets(candidates, settings.remediateSeverity, settings.maxRemediations);
  if (targets.length === 0) {
    log.info(
      settings.maxRemediations === 0
        ? 'max-remediations is 0: no remediation started.'
        : `No reported finding is ${settings.remediateSeverity} or above: no remediation started.`,
    );
    return [];
  }
  log.startGroup(`Remediating ${targets.length === 1 ? '1 finding' : `${targets.length} findings`}`);
  try {
    const window = lateWindow(context);
    const outcomes = await runRemediations(context.client, targets, {
      intervalMs: 3_000,
      timeoutMs: window.remainingMs,
      signal: window.signal,
    });
    for (const outcome of outcomes) {
      const line =
        outcome.problem === null
          ? `${outcome.findingId}: pull request ${outcome.prUrl} (branch ${outcome.branch})`
          : `${outcome.findingId}: no pull request: ${outcome.problem}`;
      log.info(line);
    }
    return outcomes;
  } finally {
    log.endGroup();
  }
}

/**
 * The time a phase after the verdict may take: up to INSIGHTS_RESERVE_MS before the run's deadline, so that it
 * ends as a phase left unfinished, never as the run's timeout.
 */
function lateWindow(context: RunContext): { signal: AbortSignal; remainingMs: number } {
  const remainingMs = Math.max(0, context.deadline.remainingMs() - INSIGHTS_RESERVE_MS);
  return {
    signal: AbortSignal.any([context.signal, AbortSignal.timeout(Math.ceil(remainingMs))]),
    remainingMs,
  };
}

/** The warning for remediations the run stopped waiting for at wait-timeout, naming their findings. */
function unfinishedRemediationsNote(
  outcomes: readonly RemediationOutcome[],
  waitTimeoutSeconds: number,
): string | undefined {
  const unfinished = outcomes.filter((outcome) => outcome.unfinished === true);
  if (unfinished.length === 0) return undefined;
  const named = unfinished.map((outcome) =>
    outcome.jobId === null
      ? `${outcome.findingId} (not started)`
      : `${outcome.findingId} (job ${outcome.jobId})`,
  );
  return (
    `wait-timeout (${waitTimeoutSeconds} s) ran out after the gate had decided: ${unfinished.length} of ` +
    `${outcomes.length} remediations were left unfinished: ${named.join(', ')}. The verdict stands; a job left ` +
    'running may still open its pull request.'
  );
}
