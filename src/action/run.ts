import { homedir } from 'node:os';
import {
  ConfigError,
  DEFAULT_USER_AGENT,
  RequestAbortedError,
  type Logger,
  type ServiceClient,
} from '../client/index.ts';
import { LazyProxyAgent } from '../client/http-stack.ts';
import type { Dispatcher } from 'undici';
import type { Scan } from '../client/types.ts';
import { escapeAnnotationMessage, escapeLogLine } from '../core/escape.ts';
import { freezeReport, type ReportedScan, type RunReport } from '../core/run-report.ts';
import { RunError } from '../run/run-error.ts';
import { readWorkflowEvent } from '../github/event.ts';
import { adviseOnFailure, describeStage } from '../run/failure-advice.ts';
import { combinedNeed, liveNeed } from './reporters/reporter.ts';
import { announceStart, deliver, minimalReporting, setUpReporting, type Reporting } from './reporting.ts';
import type { GitHubEnvironment } from '../github/github-environment.ts';
import type { RunProgress } from '../run/run-context.ts';
import { scannedPlace, workflowFacts, type ScannedPlace, type WorkflowFacts } from './workflow-origin.ts';
import { pullRequestChange, type PullRequestContext } from './pull-request-change.ts';
import { FindingReading } from '../run/finding-reading.ts';
import { ActionInputs, readInputRecord, type ActionSettings } from './action-settings.ts';
import { REPORTING_MARGIN_MS, RunDeadline, RunTimeoutError } from '../run/run-deadline.ts';
import { runScan, scanStatusOutput, type ScanRunResult } from '../run/run-scan.ts';
import type { RunPolicy } from '../run/run-policy.ts';
import { loadPolicy } from './policy/load-policy.ts';
import { withDismissedAlerts } from './code-scanning-triage.ts';
import { loadPolicyParser, runPolicyOf } from './policy/run-policy-of.ts';
import { sarifCategoryOf } from './shared-inputs.ts';
import { ScanInterruptedError } from '../run/scan-step.ts';
import { connectToService } from './service-connection.ts';
import { graceAfter } from '../run/signals.ts';
import { STATE, savedScanRecord } from './state.ts';
import { toolkitLogger, warningsAsInfo, type Toolkit } from './toolkit.ts';
import type { SharedSettings } from './shared-inputs.ts';
import type { FileLinkBase } from '../core/file-links.ts';

export interface MainStepInput {
  toolkit: Toolkit;
  env: NodeJS.ProcessEnv;
  /** Aborted when the runner asks the step to stop (SIGINT/SIGTERM). */
  signal: AbortSignal;
  now: () => number;
  homeDir?: string;
}

/** After the runner's stop signal, the reporters get this long to say so (the check run, cancelled). */
const STOP_REPORTING_GRACE_MS = 2_000;

/**
 * The main step, and the one place that decides success or failure. The run produces one run report, passed
 * only when the gate passed on the scan the action started; any thrown value, of any type, becomes a failed
 * report (fail closed). The reporters then write it everywhere, the outputs last, and the step fails unless
 * the report passed.
 */
export async function runMain(input: MainStepInput): Promise<void> {
  const { toolkit } = input;
  toolkit.saveState(STATE.isPost, 'true');
  // Every input is read here, once: the secrets are masked before anything can log them.
  const inputs = readInputRecord((name) => toolkit.getInput(name));
  maskSecretInputs(toolkit, inputs);
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
    report = await runToReport(input, inputs, run, network);
  } catch (thrown) {
    report = failureReport(thrown, input, run);
  }
  try {
    const frozen = freezeReport(report);
    await deliver(run.reporting, frozen);
    if (frozen.outcome !== 'passed' && frozen.outcome !== 'skipped')
      toolkit.setFailed(escapeAnnotationMessage(frozen.reason));
  } finally {
    await run.client?.close();
    // Every request has ended: idle keep-alive sockets are dropped, not closed politely one by one.
    await network.destroy();
  }
}

/** What the main step has set up so far: what a failure report and the clean-up need. */
interface MainRun {
  progress: RunProgress;
  client: ServiceClient | undefined;
  deadline: RunDeadline | undefined;
  reporting: Reporting;
}

/** Masks the key and the token before anything can log them, even when the inputs turn out to be invalid. */
function maskSecretInputs(toolkit: Toolkit, inputs: Readonly<Record<string, string>>): void {
  for (const secret of ['api-key', 'github-token']) {
    const raw = inputs[secret]?.trim();
    if (raw) toolkit.setSecret(raw);
  }
}

/** Settings, client, deadline and reporters, then the run: its report, a verdict or a skip. */
async function runToReport(
  input: MainStepInput,
  inputs: Readonly<Record<string, string>>,
  run: MainRun,
  network: LazyProxyAgent,
): Promise<RunReport> {
  const { toolkit } = input;
  const logger = toolkitLogger(toolkit);
  const { settings, facts, policy, place } = await readSettings(input, inputs, network, logger);
  const dispatcher = await network.open();
  run.progress.stage = 'credentials';
  const client = connect(settings, input, warningsAsInfo(logger), dispatcher);
  run.client = client;
  // wait-timeout bounds the whole run from here: every request and wait takes the deadline's signal.
  const deadline = new RunDeadline(settings.waitTimeoutSeconds * 1000, input.now);
  run.deadline = deadline;
  const pullRequest = place.atHead && settings.judgesChange ? pullRequestOf(facts.environment) : undefined;
  const runSignal = AbortSignal.any([input.signal, deadline.signal]);
  // The findings' pages are kept for a second reader only when a reporter that is on reads them all.
  const reporters = () => run.reporting.reporters.map((staged) => staged.reporter);
  const findingReading = new FindingReading(client, () => combinedNeed(reporters()).wholePages);
  run.reporting = setUpReporting({
    settings,
    environment: facts.environment,
    pullRequest: pullRequest?.number,
    toolkit,
    dispatcher,
    signal: reportingSignal(deadline, input.signal),
    logger: warningsAsInfo(logger),
    userAgent: DEFAULT_USER_AGENT,
    links: place.atHead ? fileLinkBase(facts.environment) : undefined,
    findings: findingReading,
    runSignal,
    policyFilter: policy.filter,
  });
  const reporting = run.reporting;
  const result = await runScan({
    client,
    settings,
    log: logger,
    record: savedScanRecord(toolkit),
    signal: runSignal,
    stopSignal: input.signal,
    deadline,
    now: input.now,
    progress: run.progress,
    findingsNeed: liveNeed(reporters()),
    onScanStarted: (scan) => announceStart(reporting, scan),
    change: pullRequest && pullRequestChange(pullRequest, reporting.github, logger),
    policy: await withDismissedAlerts(
      policy,
      reporting.github,
      { on: settings.codeScanningTriage ?? settings.uploadSarif, category: sarifCategoryOf(settings) },
      toolkit,
    ),
    findingReading,
  });
  return reportOf(result);
}

/** Reporting may go on a margin past the run's deadline, and for a grace after the workflow is cancelled. */
function reportingSignal(deadline: RunDeadline, stop: AbortSignal): AbortSignal {
  return AbortSignal.any([
    AbortSignal.timeout(Math.ceil(deadline.remainingMs() + REPORTING_MARGIN_MS)),
    graceAfter(stop, STOP_REPORTING_GRACE_MS).signal,
  ]);
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

interface ReadSettings {
  settings: Readonly<ActionSettings>;
  facts: WorkflowFacts;
  policy: RunPolicy;
  place: ScannedPlace;
}

/**
 * The event, the inputs and the repository's policy, before any request to the service: the inputs the workflow
 * sets are checked first (nothing is sent with a bad one), then the policy is found from them, then every setting
 * is read once: an input the workflow sets wins over the policy file, and the file over the built-in default.
 */
async function readSettings(
  input: MainStepInput,
  inputs: Readonly<Record<string, string>>,
  network: LazyProxyAgent,
  logger: Logger,
): Promise<ReadSettings> {
  const { toolkit } = input;
  const facts = workflowFacts(input.env, await readWorkflowEvent(input.env));
  const actionInputs = new ActionInputs(inputs, facts.origin).checkGiven();
  const scanned = actionInputs.scanned;
  const place = scannedPlace(scanned, facts.environment);
  const dispatcher = await network.open();
  const loaded = await loadPolicy({
    location: actionInputs.policyLocation,
    scanned: { ref: scanned.ref, ownRepository: place.ownRepository },
    githubToken: actionInputs.githubToken,
    facts,
    dispatcher,
    signal: input.signal,
    logger: warningsAsInfo(logger),
    userAgent: DEFAULT_USER_AGENT,
    parser: loadPolicyParser,
  });
  for (const line of loaded.log) toolkit.info(escapeLogLine(line));
  if (loaded.source) toolkit.info(escapeLogLine(`Policy: ${loaded.source}.`));
  const settings = actionInputs.settings(
    loaded.policy && { file: loaded.policy.file, values: loaded.policy.settings },
  );
  return { settings, facts, place, policy: runPolicyOf(loaded, settings, new Date()) };
}

/** The run report of a run that reached its end: a verdict, or a skip when nothing in scope changed. */
function reportOf(result: ScanRunResult): RunReport {
  const common = {
    scan: result.scan,
    scanStatus: result.scanStatus,
    results: result.results,
    notes: result.notes,
    insights: result.insights,
    policy: result.policy,
  };
  if (result.results === undefined) return { ...common, outcome: 'skipped', reason: result.skipped ?? '' };
  return {
    ...common,
    outcome: result.results.verdict.passed ? 'passed' : 'failed',
    reason: result.results.verdict.reason,
  };
}

/** The pull request or merge group this run judges, when the run scans the workflow's own head. */
function pullRequestOf(environment: GitHubEnvironment): PullRequestContext | undefined {
  const { sha } = environment;
  if (!sha) return undefined;
  return {
    number: environment.pullRequest,
    baseSha: environment.baseSha,
    headSha: sha,
    mergeGroup: environment.mergeGroup,
  };
}

/** Links to files point at the scanned commit of the workflow's own repository. */
function fileLinkBase(environment: GitHubEnvironment): FileLinkBase | undefined {
  const { owner, repo, sha, serverUrl } = environment;
  return owner && repo && sha ? { serverUrl, owner, repo, sha } : undefined;
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

function connect(
  settings: Readonly<ActionSettings>,
  input: MainStepInput,
  logger: Logger,
  dispatcher: Dispatcher,
): ServiceClient {
  try {
    return connectToService({
      apiKey: settings.apiKey,
      apiUrl: settings.apiUrl,
      env: input.env,
      homeDir: input.homeDir ?? homedir(),
      toolkit: input.toolkit,
      logger,
      dispatcher,
    });
  } catch (error) {
    if (
      error instanceof ConfigError &&
      settings.isForkPullRequest &&
      !settings.apiKey &&
      !input.env.SVC_API_KEY
    ) {
      throw new RunError(
        'No API key: this pull request comes from a fork, and GitHub does not pass secrets to workflows run for ' +
          'forks. Options: scan after merge (push) or on a schedule; have a maintainer re-run it from a ' +
          'branch of this repository; or use a pull_request_target workflow that checks out only trusted code. ' +
          'To skip the scan on forks, add `if: github.event.pull_request.head.repo.full_name == github.repository` to the step.',
      );
    }
    throw error;
  }
}
