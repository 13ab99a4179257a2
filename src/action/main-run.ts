import { homedir } from 'node:os';
import type { Dispatcher } from 'undici';
import { ConfigError, DEFAULT_USER_AGENT, type Logger, type ServiceClient } from '../client/index.ts';
import type { LazyProxyAgent } from '../client/http-stack.ts';
import type { FileLinkBase } from '../text/file-links.ts';
import type { RunReport } from '../domain/run-report.ts';
import type { GitHubEnvironment } from '../github/github-environment.ts';
import { findOrStartBaseline } from '../run/baseline-step.ts';
import { RunError } from '../run/run-error.ts';
import { REPORTING_MARGIN_MS, RunDeadline } from '../run/run-deadline.ts';
import type { RunPolicy } from '../run/run-policy.ts';
import { runScan, type ScanRunResult } from '../run/run-scan.ts';
import { graceAfter } from '../run/signals.ts';
import type { ActionSettings } from './action-settings.ts';
import type { GivenInputs, MainRun, MainStepInput } from './main-step.ts';
import { loadPolicy } from './policy/load-policy.ts';
import { loadPolicyParser, runPolicyOf } from '../run/run-policy-of.ts';
import { pullRequestChange, type PullRequestContext } from './pull-request-change.ts';
import { planAfterStart } from './read-plan.ts';
import { announceStart } from './report-delivery.ts';
import { policyBeforeVerdict, setUpReporting } from './reporting.ts';
import { connectToService } from './service-connection.ts';
import { savedScanRecord } from './state.ts';
import { toolkitLogger, warningsAsInfo } from '../github/toolkit.ts';
import type { ScannedPlace, WorkflowFacts } from './workflow-origin.ts';

/** After the runner's stop signal, the reporters get this long to say so (the check run, cancelled). */
const STOP_REPORTING_GRACE_MS = 2_000;

/**
 * The run itself, once the inputs the workflow set are good: the policy, then every setting, the client, the
 * deadline and the reporters, then the scan; its report, a verdict or a skip. Whatever it throws, the main step
 * (src/action/run.ts) turns into a failure report.
 */
export async function runToReport(
  input: MainStepInput,
  given: GivenInputs,
  run: MainRun,
  network: LazyProxyAgent,
): Promise<RunReport> {
  const { toolkit } = input;
  const logger = toolkitLogger(toolkit);
  const dispatcher = await network.open();
  // The service's URL and key first: a URL the workflow did not name is refused before any request, to GitHub too.
  const client = connect(given, input, run, warningsAsInfo(logger), dispatcher);
  run.progress.stage = 'inputs';
  const { settings, facts, policy, place } = await readSettings(input, given, network, logger);
  // wait-timeout bounds the whole run from here: every request and wait takes the deadline's signal.
  const deadline = new RunDeadline(settings.waitTimeoutSeconds * 1000, input.now);
  run.deadline = deadline;
  const pullRequest = place.atHead && settings.judgesChange ? pullRequestOf(facts.environment) : undefined;
  const runSignal = AbortSignal.any([input.signal, deadline.signal]);
  // The reporters and their read plan, fixed before the scan; the finding set keeps pages only when it says so.
  const reporting = await setUpReporting({
    settings,
    environment: facts.environment,
    pullRequest: pullRequest?.number,
    toolkit,
    dispatcher,
    signal: reportingSignal(deadline, input.signal),
    logger: warningsAsInfo(logger),
    userAgent: DEFAULT_USER_AGENT,
    links: place.atHead ? fileLinkBase(facts.environment) : undefined,
    findings: client,
    runSignal,
    policyFilter: policy.filter,
    notWorkflowHead: notWorkflowHead(facts, place, pullRequest),
    spillDirectory: input.env.RUNNER_TEMP,
  });
  run.reporting = reporting;
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
    findingsNeed: reporting.plan.need,
    onScanStarted: async (scan) =>
      planAfterStart(reporting.planned, await announceStart(reporting, scan)).need,
    change: pullRequest && pullRequestChange(pullRequest, reporting.github, logger, reporting.permissions),
    baselineFinder: findOrStartBaseline,
    policy: await policyBeforeVerdict(reporting, policy),
    findingReading: reporting.findings,
  });
  return reportOf(result);
}

/**
 * Why GitHub's view of the workflow's commits (its alerts, say) does not describe the scanned commit, when it
 * does not: the alerts are of the workflow's repository at its commits, and another commit's line may be one a
 * change wrote. A pull request or merge group is compared with its baseline only when its head is the scanned
 * commit.
 */
function notWorkflowHead(
  facts: WorkflowFacts,
  place: ScannedPlace,
  pullRequest: PullRequestContext | undefined,
): string | undefined {
  if (!place.atHead) return "The scanned commit is not the workflow's own";
  if (facts.change !== undefined && pullRequest === undefined)
    return "The scanned commit is not the pull request's head";
  return undefined;
}

/** Reporting may go on a margin past the run's deadline, and for a grace after the workflow is cancelled. */
function reportingSignal(deadline: RunDeadline, stop: AbortSignal): AbortSignal {
  return AbortSignal.any([
    AbortSignal.timeout(Math.ceil(deadline.remainingMs() + REPORTING_MARGIN_MS)),
    graceAfter(stop, STOP_REPORTING_GRACE_MS).signal,
  ]);
}

interface ReadSettings {
  settings: Readonly<ActionSettings>;
  facts: WorkflowFacts;
  policy: RunPolicy;
  place: ScannedPlace;
}

/**
 * The repository's policy, found from the inputs the workflow set (already checked: nothing was sent with a bad
 * one), then every setting, read once: an input the workflow sets wins over the policy file, and the file over
 * the built-in default.
 */
async function readSettings(
  input: MainStepInput,
  given: GivenInputs,
  network: LazyProxyAgent,
  logger: Logger,
): Promise<ReadSettings> {
  const { facts, actionInputs, place } = given;
  const scanned = actionInputs.scanned;
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
  for (const line of loaded.log) logger.info(line);
  if (loaded.source) logger.info(`Policy: ${loaded.source}.`);
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

/** The service's client, kept on the run (the main step's failure report and the cancel need it). */
function connect(
  given: GivenInputs,
  input: MainStepInput,
  run: MainRun,
  logger: Logger,
  dispatcher: Dispatcher,
): ServiceClient {
  run.progress.stage = 'credentials';
  const { apiKey, apiUrl } = given.actionInputs.service;
  try {
    run.client = connectToService({
      apiKey,
      apiUrl,
      env: input.env,
      homeDir: input.homeDir ?? homedir(),
      toolkit: input.toolkit,
      eventName: given.facts.event.name,
      log: logger,
      logger,
      dispatcher,
    });
    return run.client;
  } catch (error) {
    if (
      error instanceof ConfigError &&
      given.facts.origin.isForkPullRequest &&
      !apiKey &&
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
