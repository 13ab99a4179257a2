import { RequestAbortedError } from '../client/errors.ts';
import { LazyProxyAgent } from '../client/http-stack.ts';
import type { Scan } from '../client/types.ts';
import { escapeAnnotationMessage } from '../text/escape.ts';
import { freezeReport, type ReportedScan, type RunReport } from '../domain/run-report.ts';
import { RunError, ScanInterruptedError } from '../run/run-error.ts';
import { readWorkflowEvent } from '../github/event.ts';
import { adviseOnFailure, describeStage } from '../run/failure-advice.ts';
import { deliver, minimalReporting } from './report-delivery.ts';
import type { RunProgress } from '../run/run-context.ts';
import { scannedPlace, workflowFacts } from './workflow-origin.ts';
import { ActionInputs, readInputRecord } from './action-settings.ts';
import { RunTimeoutError, type RunDeadline } from '../run/run-deadline.ts';
import { scanStatusOutput } from '../run/scan-status.ts';
import { claimPostState } from './state.ts';
import { fleetModeOn } from './fleet-settings.ts';
import { privateKeyMaskParts } from '../github/app-credentials.ts';
import type { Toolkit } from '../github/toolkit.ts';
import type { SharedSettings } from '../report/shared-inputs.ts';
import type { GivenInputs, MainRun, MainStepInput } from './main-step.ts';

/**
 * The main step, and the one place that decides success or failure. The run produces one run report, passed
 * only when the gate passed on the scan the action started; any thrown value, of any type, becomes a failed
 * report (fail closed). The reporters then write it everywhere, the outputs last, and the step fails unless
 * the report passed.
 */
export async function runMain(input: MainStepInput): Promise<void> {
  const { toolkit } = input;
  claimPostState(toolkit);
  // Every input is read here, once: the secrets are masked before anything can log them.
  const inputs = readInputRecord((name) => toolkit.getInput(name));
  maskSecretInputs(toolkit, inputs);
  // `repositories:` runs the fleet in the job instead of one scan: a chunk of its own, loaded only then.
  if (fleetModeOn(inputs)) {
    const { runFleetMode } = await import('./fleet-mode.ts');
    await runFleetMode(input, inputs);
    return;
  }
  // Opened once the inputs are known good: a bad input never loads the HTTP stack.
  const network = new LazyProxyAgent();
  const run: MainRun = {
    progress: { stage: 'inputs', scan: undefined },
    client: undefined,
    deadline: undefined,
    reporting: minimalReporting(toolkit),
  };
  let report: RunReport;
  try {
    const given = await checkGivenInputs(input, inputs);
    // The seam: the run itself (the policy, the client, the reporters, the scan) is a chunk of its own, loaded
    // only once the inputs the workflow set are good. A refused input never compiles it.
    // The HTTP stack (opened first thing in the run, as before) loads side by side with it.
    const [{ runToReport }] = await Promise.all([import('./main-run.ts'), network.open()]);
    report = await runToReport(input, given, run, network);
  } catch (thrown) {
    report = failureReport(thrown, input, run);
  }
  try {
    const frozen = freezeReport(report);
    await deliver(run.reporting, frozen);
    if (frozen.outcome !== 'passed' && frozen.outcome !== 'skipped')
      toolkit.setFailed(escapeAnnotationMessage(frozen.reason));
  } finally {
    // The reporters are done: the finding set's spill file goes, whatever happened.
    await run.reporting.close?.().catch(() => undefined);
    await run.client?.close();
    // Every request has ended: idle keep-alive sockets are dropped, not closed politely one by one.
    await network.destroy();
  }
}

/**
 * The event and the inputs the workflow sets, checked before anything else is loaded or sent: a bad one is
 * refused here, every one named.
 */
async function checkGivenInputs(
  input: MainStepInput,
  inputs: Readonly<Record<string, string>>,
): Promise<GivenInputs> {
  const facts = workflowFacts(input.env, await readWorkflowEvent(input.env));
  const actionInputs = new ActionInputs(inputs, facts.origin).checkGiven();
  return { facts, actionInputs, place: scannedPlace(actionInputs.scanned, facts.environment) };
}

/**
 * Masks the key, the tokens and the GitHub App's private key before anything can log them, even when the inputs
 * turn out to be invalid. The private key is masked line by line too: a runner masks a multi-line secret only
 * where it appears whole.
 */
function maskSecretInputs(toolkit: Toolkit, inputs: Readonly<Record<string, string>>): void {
  for (const secret of ['api-key', 'github-token', 'workflow-token']) {
    const raw = inputs[secret]?.trim();
    if (raw) toolkit.setSecret(raw);
  }
  const privateKey = inputs['github-app-private-key']?.trim();
  if (privateKey) for (const part of privateKeyMaskParts(privateKey)) toolkit.setSecret(part);
}

/** Any thrown value, of any type, becomes a report without a verdict (fail closed), saying what went wrong. */
function failureReport(thrown: unknown, input: MainStepInput, run: MainRun): RunReport {
  const { progress, deadline, client } = run;
  const error = explainAbort(thrown, { progress, deadline, stopSignal: input.signal });
  return {
    outcome: input.signal.aborted ? 'cancelled' : 'error',
    reason:
      error instanceof RunError
        ? error.message
        : adviseOnFailure(error, progress.stage, { baseUrl: client?.baseUrl }),
    scan: progress.scan ? reportedScan(progress.scan, run.reporting.context.settings) : undefined,
    scanStatus: scanStatusAfter(error, progress.scan),
    results: undefined,
    notes: [],
  };
}

/** The scan as the failure report shows it, from the last state seen. */
function reportedScan(scan: Scan, settings: Readonly<SharedSettings> | undefined): ReportedScan {
  return {
    id: scan.id,
    status: scan.status,
    repository: settings?.repository ?? '',
    ref: settings?.ref ?? '',
    modules: scan.modules,
  };
}

interface AbortContext {
  progress: RunProgress;
  deadline: RunDeadline | undefined;
  stopSignal: AbortSignal;
}

/**
 * An error that only says "aborted" is told for what it was: the runner's stop (no verdict) or the run's
 * deadline (wait-timeout, naming what the run was doing). Other errors pass through.
 */
function explainAbort(error: unknown, context: AbortContext): unknown {
  if (error instanceof RunError) return error;
  const { stage } = context.progress;
  if (context.stopSignal.aborted) {
    return new RunError(
      `The workflow was cancelled while ${describeStage(stage)}; the step ends without a verdict.`,
    );
  }
  const aborted =
    error instanceof RequestAbortedError || (error instanceof DOMException && error.name === 'TimeoutError');
  if (context.deadline?.expired && (aborted || context.deadline.signal.aborted)) {
    return new RunTimeoutError(context.deadline.timeoutMs / 1000, stage, context.progress.scan?.id);
  }
  return error;
}

/** The scan-status output once the main step has given up on a scan it started. */
function scanStatusAfter(error: unknown, scan: Scan | undefined): string | undefined {
  if (error instanceof RunTimeoutError && error.stage === 'scan') return 'timed-out';
  if (error instanceof ScanInterruptedError && error.scanStatus) return scanStatusOutput(error.scanStatus);
  return scan ? scanStatusOutput(scan.status) : undefined;
}
