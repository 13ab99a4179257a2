import { classifyScanStatus, isModuleComplete } from '../client/index.ts';
import type { Scan } from '../client/types.ts';
import { escapeLogLine } from '../core/escape.ts';
import { applyComplianceGate } from '../core/compliance-gate.ts';
import { evaluateGate } from '../core/gate.ts';
import type { ReportedInsights } from '../core/insights.ts';
import { selectRemediationTargets, type RemediationOutcome } from '../core/remediation.ts';
import type { ReportedResults, ReportedScan } from '../core/run-report.ts';
import { scanNotes } from '../core/scan-notes.ts';
import { ActionError } from './action-error.ts';
import { collectScanResults } from './findings-step.ts';
import { readCreditsBefore, runInsights } from './insights-step.ts';
import { runRemediations } from './remediation-step.ts';
import type { RunContext } from './run-context.ts';
import { describeEndedScan, lookUpRepository, startScan, waitForScan } from './scan-step.ts';
import { STATE } from './state.ts';

/** A scan that failed or was cancelled: the step fails, naming the failed modules. */
export class ScanEndedError extends ActionError {
  override name = 'ScanEndedError';
}

/** What a run learnt: the scan, its results as the gate judged them, and the notes. Nothing is rendered. */
export interface ScanRunResult {
  scan: ReportedScan;
  scanStatus: string;
  results: ReportedResults;
  notes: string[];
  /** The AI analysis, compliance, AI-security posture and credits of the completed scan. */
  insights?: ReportedInsights | undefined;
}

/**
 * The run: look the repository up, start the scan, wait for it, read its findings (as many as the reporters
 * show), apply the gate, start the remediations. Progress goes to the log as it happens; the result is
 * reported afterwards, by the reporters, from the run report.
 */
export async function runScan(context: RunContext): Promise<ScanRunResult> {
  const { client, settings, toolkit, progress } = context;
  progress.stage = 'repository';
  const repository = await lookUpRepository(context);
  const ref = settings.ref ?? repository.default_branch;
  const reported = (scan: Scan): ReportedScan => ({
    id: scan.id,
    status: scan.status,
    repository: repository.full_name,
    ref,
    modules: scan.modules,
  });

  progress.stage = 'scan';
  const creditsBefore = await readCreditsBefore(context);
  toolkit.info(escapeLogLine(`Starting a scan of ${repository.full_name} at ${ref}`));
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
      toolkit.info(escapeLogLine(`Started scan ${scan.id} of ${repository.full_name} at ${ref}`));
      progress.scan = scan;
    },
  );
  await context.onScanStarted(reported(started));

  const scan = await waitForScan(context, started, (seen) => {
    progress.scan = seen;
  });
  toolkit.saveState(STATE.scanSettled, 'true');
  progress.scan = scan;
  if (classifyScanStatus(scan.status) !== 'succeeded') throw new ScanEndedError(describeEndedScan(scan));

  progress.stage = 'findings';
  const { report, tally, listTotals, filterIgnored } = await collectScanResults(
    client,
    scan.id,
    settings,
    context.signal,
    context.findingsNeed,
  );
  const incomplete = incompleteModules(scan);
  const verdict = evaluateGate(tally.counts, settings.failOn, incomplete);
  const findings = tally.kept();

  let remediations: RemediationOutcome[] = [];
  if (settings.remediate) {
    progress.stage = 'remediation';
    const targets = selectRemediationTargets(findings, settings.remediateSeverity, settings.maxRemediations);
    remediations = await remediate(context, targets);
  }
  const insights = await runInsights(context, scan.id, creditsBefore);
  // A cancelled workflow, or a run past its deadline, never ends in a verdict, even after the findings were read.
  context.signal.throwIfAborted();
  return {
    scan: reported(scan),
    scanStatus: scanStatusOutput(scan.status),
    results: {
      verdict: applyComplianceGate(verdict, insights.insights.compliance),
      riskScore: report.risk_score,
      counts: tally.counts,
      severityThreshold: settings.severityThreshold,
      failOn: settings.failOn,
      reportFloor: tally.reportFloor,
      findings,
      reportedTotal: tally.reportedTotal,
      remediations,
    },
    notes: [
      ...scanNotes({ report, listTotals, tally, filterIgnored, incompleteModules: incomplete }),
      ...insights.notes,
    ],
    insights: insights.insights,
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
  targets: ReturnType<typeof selectRemediationTargets>,
): Promise<RemediationOutcome[]> {
  const { toolkit, settings } = context;
  if (targets.length === 0) {
    toolkit.info(
      settings.maxRemediations === 0
        ? 'max-remediations is 0: no remediation started.'
        : `No reported finding is ${settings.remediateSeverity} or above: no remediation started.`,
    );
    return [];
  }
  toolkit.startGroup(`Remediating ${targets.length === 1 ? '1 finding' : `${targets.length} findings`}`);
  try {
    const outcomes = await runRemediations(context.client, targets, {
      intervalMs: 3_000,
      timeoutMs: context.deadline.remainingMs(),
      signal: context.signal,
    });
    for (const outcome of outcomes) {
      const line =
        outcome.problem === null
          ? `${outcome.findingId}: pull request ${outcome.prUrl} (branch ${outcome.branch})`
          : `${outcome.findingId}: no pull request: ${outcome.problem}`;
      toolkit.info(escapeLogLine(line));
    }
    return outcomes;
  } finally {
    toolkit.endGroup();
  }
}

/** The scan-status output: the action's own words for the terminal states, whatever the service's spelling. */
export function scanStatusOutput(status: string): string {
  switch (classifyScanStatus(status)) {
    case 'succeeded':
      return 'completed';
    case 'failed':
      return 'failed';
    case 'cancelled':
      return 'cancelled';
    case 'running':
      return status;
  }
}
