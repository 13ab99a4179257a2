import { homedir } from 'node:os';
import { ConfigError, ServiceClient, resolveCredentials, type Logger } from '../client/index.ts';
import type { Scan } from '../client/types.ts';
import { escapeAnnotationMessage, escapeLogLine } from '../core/escape.ts';
import { renderFailureSummary } from '../core/summary.ts';
import { readWorkflowEvent } from './event.ts';
import { FindingsTimeoutError } from './findings-step.ts';
import { adviseOnFailure, describeStage, type RunStage } from './failure-advice.ts';
import { ScanEndedError, scanAndReport, scanStatusOutput } from './scan-and-report.ts';
import { RepositoryNotFoundError, ScanInterruptedError, ScanTimeoutError } from './scan-step.ts';
import { InputError, parseSettings, type Settings } from './settings.ts';
import { STATE } from './state.ts';
import type { Toolkit } from './toolkit.ts';

export interface RunContext {
  toolkit: Toolkit;
  env: NodeJS.ProcessEnv;
  /** Aborted when the runner asks the step to stop (SIGINT/SIGTERM). */
  signal: AbortSignal;
  now: () => number;
  homeDir?: string;
}

/**
 * The main step, and the one place that decides success or failure: every path sets `result`, and the step
 * fails unless the gate passed. Any thrown value, of any type, fails the step (fail closed).
 */
export async function runMain(context: RunContext): Promise<void> {
  const { toolkit } = context;
  toolkit.saveState(STATE.isPost, 'true');
  // Mask before anything can log it, even when the inputs turn out to be invalid.
  const rawKey = toolkit.getInput('api-key').trim();
  if (rawKey) toolkit.setSecret(rawKey);

  let stage: RunStage = 'inputs';
  let lastScan: Scan | undefined;
  let client: ServiceClient | undefined;
  try {
    const event = await readWorkflowEvent(context.env);
    const settings = parseSettings((name) => toolkit.getInput(name), context.env, event);
    if (settings.githubToken) toolkit.setSecret(settings.githubToken);
    stage = 'credentials';
    const logger = actionLogger(toolkit);
    const credentials = resolveCredentialsFor(settings, context, logger);
    toolkit.setSecret(credentials.apiKey);
    client = new ServiceClient({ apiKey: credentials.apiKey, baseUrl: credentials.baseUrl, logger });
    const verdict = await scanAndReport({
      client,
      settings,
      toolkit,
      signal: context.signal,
      now: context.now,
      onStage: (next) => {
        stage = next;
      },
      onScan: (scan) => {
        lastScan = scan;
      },
    });
    toolkit.setOutput('result', verdict.passed ? 'passed' : 'failed');
    if (!verdict.passed) toolkit.setFailed(escapeAnnotationMessage(verdict.reason));
  } catch (error) {
    toolkit.setOutput('result', 'failed');
    const status = scanStatusAfter(error, lastScan);
    if (status) toolkit.setOutput('scan-status', status);
    const message =
      context.signal.aborted && !(error instanceof ScanInterruptedError)
        ? `The workflow was cancelled while ${describeStage(stage)}; the step ends without a verdict.`
        : describeFailure(error, stage);
    toolkit.setFailed(escapeAnnotationMessage(message));
    await toolkit
      .appendSummary(renderFailureSummary({ message, scan: lastScan }))
      .catch((summaryError: unknown) => {
        toolkit.warning(escapeAnnotationMessage(`Could not write the job summary: ${String(summaryError)}`));
      });
  } finally {
    await client?.close();
  }
}

function describeFailure(error: unknown, stage: RunStage): string {
  const ownMessage =
    error instanceof InputError ||
    error instanceof RepositoryNotFoundError ||
    error instanceof ScanEndedError ||
    error instanceof ScanTimeoutError ||
    error instanceof ScanInterruptedError ||
    error instanceof FindingsTimeoutError;
  return ownMessage ? error.message : adviseOnFailure(error, stage);
}

/** The scan-status output once the main step has given up on a scan it started. */
function scanStatusAfter(error: unknown, scan: Scan | undefined): string | undefined {
  if (error instanceof ScanTimeoutError) return 'timed-out';
  if (error instanceof ScanInterruptedError && error.scanStatus) return scanStatusOutput(error.scanStatus);
  return scan ? scanStatusOutput(scan.status) : undefined;
}

function resolveCredentialsFor(settings: Settings, context: RunContext, logger: Logger) {
  try {
    return resolveCredentials({
      apiKey: settings.apiKey,
      baseUrl: settings.apiUrl,
      env: context.env,
      homeDir: context.homeDir ?? homedir(),
      logger,
      baseUrlArgumentLabel: "from the 'api-url' input",
    });
  } catch (error) {
    if (
      error instanceof ConfigError &&
      settings.isForkPullRequest &&
      !settings.apiKey &&
      !context.env.SVC_API_KEY
    ) {
      throw new ConfigError(
        'No API key: this pull request comes from a fork, and GitHub does not pass secrets to workflows run for ' +
          'forks. Options: scan after merge (push) or on a schedule; have a maintainer re-run it from a ' +
          'branch of this repository; or use a pull_request_target workflow that checks out only trusted code. ' +
          'To skip the scan on forks, add `if: github.event.pull_request.head.repo.full_name == github.repository` to the step.',
      );
    }
    throw error;
  }
}

function actionLogger(toolkit: Toolkit): Logger {
  return {
    debug: (message) => {
      toolkit.debug(escapeLogLine(message));
    },
    info: (message) => {
      toolkit.info(escapeLogLine(message));
    },
    // The client's warnings (a retry, an unknown status) belong in the log, not among the annotations: GitHub
    // shows only 10 warnings from a step, and the findings need them.
    warning: (message) => {
      toolkit.info(escapeLogLine(`Warning: ${message}`));
    },
  };
}
