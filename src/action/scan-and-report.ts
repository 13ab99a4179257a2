import { classifyScanStatus, isModuleComplete } from '../client/index.ts';
import type { Scan, ScanReport } from '../client/types.ts';
import { planAnnotations, type AnnotationPlan } from '../core/annotations.ts';
import { escapeAnnotationMessage, escapeLogLine } from '../core/escape.ts';
import { evaluateGate, type GateVerdict } from '../core/gate.ts';
import {
  remediationPrsOutput,
  selectRemediationTargets,
  type RemediationOutcome,
} from '../core/remediation.ts';
import { SEVERITIES, type SeverityCounts } from '../core/severity.ts';
import { scanNotes } from '../core/scan-notes.ts';
import { renderScanSummary } from '../core/summary.ts';
import type { RunStage } from './failure-advice.ts';
import { collectScanResults } from './findings-step.ts';
import { ActionError } from './action-error.ts';
import { runRemediations } from './remediation-step.ts';
import { describeEndedScan, lookUpRepository, startScan, waitForScan, type RunScope } from './scan-step.ts';
import { STATE } from './state.ts';
import type { Toolkit } from './toolkit.ts';

export interface ScanRunInput extends RunScope {
  onStage: (stage: RunStage) => void;
  /** The scan as last seen, so a failure later in the run can still show it. */
  onScan: (scan: Scan) => void;
}

/** A scan that failed or was cancelled: the step fails, naming the failed modules. */
export class ScanEndedError extends ActionError {
  override name = 'ScanEndedError';
}

/** Runs the scan and reports it; returns the gate's verdict, which the caller turns into the step's result. */
export async function scanAndReport(input: ScanRunInput): Promise<GateVerdict> {
  const { client, settings, toolkit } = input;
  input.onStage('repository');
  const repository = await lookUpRepository(input);
  const ref = settings.ref ?? repository.default_branch;

  input.onStage('scan');
  const params = {
    repository_id: repository.id,
    ref,
    ...(settings.modules.length > 0 ? { modules: [...settings.modules] } : {}),
    ...(settings.frameworks.length > 0 ? { frameworks: [...settings.frameworks] } : {}),
    is_incremental: settings.incremental,
  };
  toolkit.info(escapeLogLine(`Starting a scan of ${repository.full_name} at ${ref}`));
  const started = await startScan(input, params, (scan) => {
    toolkit.info(escapeLogLine(`Started scan ${scan.id} of ${repository.full_name} at ${ref}`));
    input.onScan(scan);
  });

  const scan = await waitForScan(input, started, input.onScan);
  toolkit.saveState(STATE.scanSettled, 'true');
  input.onScan(scan);
  toolkit.setOutput('scan-status', scanStatusOutput(scan.status));
  if (classifyScanStatus(scan.status) !== 'succeeded') throw new ScanEndedError(describeEndedScan(scan));

  input.onStage('findings');
  const { report, tally, listTotals, filterIgnored } = await collectScanResults(
    client,
    scan.id,
    settings,
    input.signal,
  );
  const reportFloor = tally.reportFloor;
  const counts = tally.counts;
  const incomplete = incompleteModules(scan);
  const notes = scanNotes({ report, listTotals, tally, filterIgnored, incompleteModules: incomplete });
  for (const note of notes) toolkit.warning(escapeAnnotationMessage(note));
  const verdict = evaluateGate(counts, settings.failOn, incomplete);
  logResults(toolkit, counts, report, verdict);

  const kept = tally.kept();
  const plan = planAnnotations(kept, tally.reportedTotal, { warningsUsed: notes.length });
  emitAnnotations(toolkit, plan);

  let remediations: RemediationOutcome[] = [];
  if (settings.remediate) {
    input.onStage('remediation');
    const targets = selectRemediationTargets(kept, settings.remediateSeverity, settings.maxRemediations);
    remediations = await remediate(input, targets);
  }

  // A cancelled workflow, or a run past its deadline, never ends in a verdict, even after the findings were read.
  input.signal.throwIfAborted();
  setResultOutputs(toolkit, { report, counts, verdict, remediations });
  await toolkit.appendSummary(
    renderScanSummary({
      verdict,
      scan: {
        id: scan.id,
        status: scan.status,
        repository: repository.full_name,
        ref,
        modules: scan.modules,
      },
      riskScore: report.risk_score,
      counts,
      severityThreshold: settings.severityThreshold,
      failOn: settings.failOn,
      reportFloor,
      findings: kept,
      reportedTotal: tally.reportedTotal,
      annotationsShown: plan.annotations.length,
      annotationsNotShown: plan.notShown,
      remediations,
      notes,
    }),
  );
  return verdict;
}

/**
 * Modules of a completed scan that ended any way but completed or skipped (failed, cancelled, timed out, or
 * still running), each with its status: their findings are missing from the scan.
 */
export function incompleteModules(scan: Scan): string[] {
  return scan.modules.filter((m) => !isModuleComplete(m.status)).map((m) => `${m.name} (${m.status})`);
}

function logResults(
  toolkit: Toolkit,
  counts: SeverityCounts,
  report: ScanReport,
  verdict: GateVerdict,
): void {
  const breakdown = SEVERITIES.map((severity) => `${counts[severity]} ${severity}`).join(', ');
  toolkit.info(escapeLogLine(`Findings: ${breakdown}. Risk score: ${report.risk_score}.`));
  toolkit.info(escapeLogLine(`Gate ${verdict.passed ? 'passed' : 'failed'}: ${verdict.reason}`));
}

function emitAnnotations(toolkit: Toolkit, plan: AnnotationPlan): void {
  for (const annotation of plan.annotations) {
    const properties = {
      title: annotation.title,
      ...(annotation.file === undefined ? {} : { file: annotation.file }),
      ...(annotation.startLine === undefined ? {} : { startLine: annotation.startLine }),
    };
    toolkit[annotation.level](annotation.message, properties);
  }
  if (plan.notShown > 0) {
    toolkit.info(
      `${plan.notShown} reported findings are not shown as annotations: GitHub shows at most 10 annotations ` +
        'of each level from a step. The job summary lists them.',
    );
  }
}

async function remediate(
  input: ScanRunInput,
  targets: ReturnType<typeof selectRemediationTargets>,
): Promise<RemediationOutcome[]> {
  const { toolkit, settings } = input;
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
    const outcomes = await runRemediations(input.client, targets, {
      intervalMs: 3_000,
      timeoutMs: input.deadline.remainingMs(),
      signal: input.signal,
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

interface ResultOutputs {
  report: ScanReport;
  counts: SeverityCounts;
  verdict: GateVerdict;
  remediations: readonly RemediationOutcome[];
}

function setResultOutputs(toolkit: Toolkit, outputs: ResultOutputs): void {
  const { counts } = outputs;
  toolkit.setOutput('risk-score', String(outputs.report.risk_score));
  toolkit.setOutput('total-findings', String(SEVERITIES.reduce((sum, s) => sum + counts[s], 0)));
  for (const severity of SEVERITIES) toolkit.setOutput(`findings-${severity}`, String(counts[severity]));
  toolkit.setOutput('failing-findings', String(outputs.verdict.failingFindings));
  toolkit.setOutput('remediation-prs', remediationPrsOutput(outputs.remediations));
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
