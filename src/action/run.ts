import { homedir } from 'node:os';
import { ConfigError, RequestAbortedError, type Logger, type ServiceClient } from '../client/index.ts';
import type { Scan } from '../client/types.ts';
import { escapeAnnotationMessage, escapeLogLine } from '../core/escape.ts';
import { renderFailureSummary } from '../core/summary.ts';
import { ActionError } from './action-error.ts';
import { readWorkflowEvent } from './event.ts';
import { adviseOnFailure, describeStage, type RunStage } from './failure-advice.ts';
import { RunDeadline, RunTimeoutError } from './run-deadline.ts';
import { scanAndReport, scanStatusOutput } from './scan-and-report.ts';
import { ScanInterruptedError } from './scan-step.ts';
import { connectToService } from './service-connection.ts';
import { parseSettings, type Settings } from './settings.ts';
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
  let deadline: RunDeadline | undefined;
  try {
    const event = await readWorkflowEvent(context.env);
    const settings = parseSettings((name) => toolkit.getInput(name), context.env, event);
    if (settings.githubToken) toolkit.setSecret(settings.githubToken);
    stage = 'credentials';
    client = connect(settings, context, actionLogger(toolkit));
    // wait-timeout bounds the whole run from here: every request and wait takes the deadline's signal.
    deadline = new RunDeadline(settings.waitTimeoutSeconds * 1000, context.now);
    const verdict = await scanAndReport({
      client,
      settings,
      toolkit,
      signal: AbortSignal.any([context.signal, deadline.signal]),
      stopSignal: context.signal,
      deadline,
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
  } catch (thrown) {
    const error = explainAbort(thrown, { stage, deadline, stopSignal: context.signal, scan: lastScan });
    toolkit.setOutput('result', 'failed');
    const status = scanStatusAfter(error, lastScan);
    if (status) toolkit.setOutput('scan-status', status);
    const message =
      error instanceof ActionError
        ? error.message
        : adviseOnFailure(error, stage, { baseUrl: client?.baseUrl });
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

interface AbortContext {
  stage: RunStage;
  deadline: RunDeadline | undefined;
  stopSignal: AbortSignal;
  scan: Scan | undefined;
}

/**
 * An error that only says "aborted" is told for what it was: the runner's stop (no verdict) or the run's
 * deadline (wait-timeout, naming what the run was doing). Other errors pass through.
 */
function explainAbort(error: unknown, context: AbortContext): unknown {
  if (error instanceof ActionError) return error;
  if (context.stopSignal.aborted) {
    return new ActionError(
      `The workflow was cancelled while ${describeStage(context.stage)}; the step ends without a verdict.`,
    );
  }
  const aborted =
    error instanceof RequestAbortedError || (error instanceof DOMException && error.name === 'TimeoutError');
  if (context.deadline?.expired && (aborted || context.deadline.signal.aborted)) {
    return new RunTimeoutError(context.deadline.timeoutMs / 1000, context.stage, context.scan?.id);
  }
  return error;
}

/** The scan-status output once the main step has given up on a scan it started. */
function scanStatusAfter(error: unknown, scan: Scan | undefined): string | undefined {
  if (error instanceof RunTimeoutError && error.stage === 'scan') return 'timed-out';
  if (error instanceof ScanInterruptedError && error.scanStatus) return scanStatusOutput(error.scanStatus);
  return scan ? scanStatusOutput(scan.status) : undefined;
}

function connect(settings: Settings, context: RunContext, logger: Logger): ServiceClient {
  try {
    return connectToService({
      apiKey: settings.apiKey,
      apiUrl: settings.apiUrl,
      env: context.env,
      homeDir: context.homeDir ?? homedir(),
      toolkit: context.toolkit,
      logger,
    });
  } catch (error) {
    if (
      error instanceof ConfigError &&
      settings.isForkPullRequest &&
      !settings.apiKey &&
      !context.env.SVC_API_KEY
    ) {
      throw new ActionError(
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
