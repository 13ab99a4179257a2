import { DecodeError, PollTimeoutError, classifyModuleStatus, classifyScanStatus } from '../client/index.ts';
import type { CreateScanParams, Repository, Scan } from '../client/types.ts';
import { ACTION_WORDS, phraseText, type Phrase } from './input-problem.ts';
import { RunError, ScanInterruptedError } from './run-error.ts';
import { RunTimeoutError } from './run-deadline.ts';
import type { RunContext } from './run-context.ts';
import { ScanProgress, formatElapsed } from './scan-progress.ts';
import { graceAfter } from './signals.ts';
import { stopWordsOf } from './stop-words.ts';

/**
 * The runner sends SIGINT, then SIGTERM 7.5 s later, and the process exits at the second signal. Within that
 * window a scan being created may still return its id (CREATE_GRACE_MS), and is then cancelled
 * (CANCEL_TIMEOUT_MS): 3.5 s + 3.5 s leaves half a second to write the outputs.
 */
const CREATE_GRACE_MS = 3_500;
const CANCEL_TIMEOUT_MS = 3_500;

export class RepositoryNotFoundError extends RunError {
  override name = 'RepositoryNotFoundError';
  /** The message, naming the inputs to check: each face words them (the action's words are the message). */
  readonly advice: Phrase;

  constructor(advice: Phrase) {
    super(phraseText(advice, ACTION_WORDS));
    this.advice = advice;
  }
}

/** The service started a scan but its answer could not be used; the scan was cancelled or is left to the post step. */
class ScanStartError extends RunError {
  override name = 'ScanStartError';
}

/** The parts of the run context the scan's steps use. */
export type RunScope = Pick<
  RunContext,
  | 'client'
  | 'settings'
  | 'log'
  | 'record'
  | 'signal'
  | 'stopSignal'
  | 'deadline'
  | 'now'
  | 'scanWatcher'
  | 'scanStarter'
>;

export async function lookUpRepository(scope: RunScope): Promise<Repository> {
  const { client, settings, signal } = scope;
  const found = await client.findRepositoryByFullName(settings.repository, {
    ...(settings.projectId ? { projectId: settings.projectId } : {}),
    signal,
  });
  if (found) return found;
  // Only now is the organization worth a request: it makes the message actionable.
  const principal = await client.me({ signal }).catch(() => undefined);
  const org = principal ? ` in organization ${principal.active_org_id}` : '';
  const project = settings.projectId ? ` (project ${settings.projectId})` : '';
  throw new RepositoryNotFoundError([
    `Repository '${settings.repository}' was not found on the service${org}${project}. `,
    'Connect the repository to the service, check ',
    { input: 'repository' },
    ' (owner/name, as the service lists it)',
    ...(settings.projectId ? [', and ', { input: 'project-id' }] : []),
    ', or use an API key of the organization that owns it.',
  ]);
}

/**
 * Creates the scan and records its id for the post step as soon as any answer carries one. The runner's stop
 * signal does not cut the create at once: the service may already have started the scan, and without its id
 * nobody could cancel it. The create gets CREATE_GRACE_MS to answer; a scan that comes back after the stop is
 * cancelled at once.
 */
export async function startScan(
  scope: RunScope,
  params: CreateScanParams,
  onStarted: (scan: Scan) => void,
): Promise<Scan> {
  const { client, record } = scope;
  const grace = graceAfter(scope.stopSignal, CREATE_GRACE_MS);
  let started: Scan;
  try {
    started = await (scope.scanStarter ?? client).createScan(params, {
      signal: AbortSignal.any([scope.deadline.signal, grace.signal]),
    });
  } catch (error) {
    const id = error instanceof DecodeError ? error.resourceId : undefined;
    if (id === undefined) {
      // A starter that held the start back at the stop has said so itself.
      if (scope.stopSignal.aborted && !(error instanceof ScanInterruptedError)) {
        throw new ScanInterruptedError(
          `${stopWordsOf(scope.stopSignal).stopped} while the scan was being started, and the service sent back ` +
            'no scan id in time: if it started one, cancel it on the service.',
          undefined,
        );
      }
      throw error;
    }
    record.scanId(id);
    const cancelled = await cancelScan(scope, id, () => {
      record.scanSettled();
    });
    throw new ScanStartError(
      `The service started scan ${id} but its answer could not be read (${error instanceof Error ? error.message : String(error)}). ` +
        (cancelled ? 'The scan was cancelled.' : 'The scan is cancelled when the job ends.') +
        ' Re-run the job; if it persists, the service is answering in an unexpected format.',
    );
  } finally {
    grace.dispose();
  }
  record.scanId(started.id);
  onStarted(started);
  if (scope.stopSignal.aborted) {
    const cancelled = await cancelScan(scope, started.id, () => {
      record.scanSettled();
    });
    const words = stopWordsOf(scope.stopSignal);
    throw new ScanInterruptedError(
      `${words.stopped} while scan ${started.id} was being started; ` +
        (cancelled ? 'it was cancelled on the service.' : `it could not be cancelled; ${words.cancelAgain}.`),
      cancelled?.status,
    );
  }
  return started;
}

/**
 * Polls the scan in a log group, one line per change of the scan's or a module's status, until it ends or the
 * run's deadline. On the runner's stop signal it cancels the scan on the service before giving up.
 */
export async function waitForScan(
  scope: RunScope,
  started: Scan,
  onScan: (scan: Scan) => void,
): Promise<Scan> {
  const { client, settings, log, deadline } = scope;
  const startedAt = scope.now();
  const progress = new ScanProgress(startedAt);
  const show = (scan: Scan): void => {
    onScan(scan);
    for (const line of progress.update(scan, scope.now())) log.info(line);
  };
  log.startGroup(`Waiting for scan ${started.id}`);
  try {
    show(started);
    if (classifyScanStatus(started.status) !== 'running') return started;
    return await (scope.scanWatcher ?? client).waitForScan(started.id, {
      intervalMs: settings.pollIntervalSeconds * 1000,
      timeoutMs: deadline.remainingMs(),
      signal: scope.signal,
      onUpdate: show,
      skipFirstFetch: true,
    });
  } catch (error) {
    if (scope.stopSignal.aborted) {
      const cancelled = await cancelScan(scope, started.id, () => {
        scope.record.scanSettled();
      });
      const words = stopWordsOf(scope.stopSignal);
      throw new ScanInterruptedError(
        `${words.stopped} after ${formatElapsed(scope.now() - startedAt)}; ` +
          (cancelled
            ? `scan ${started.id} was cancelled on the service.`
            : `scan ${started.id} could not be cancelled; ${words.cancelAgain}.`),
        cancelled?.status,
      );
    }
    if (deadline.expired || error instanceof PollTimeoutError) {
      throw new RunTimeoutError(settings.waitTimeoutSeconds, 'scan', started.id);
    }
    throw error;
  } finally {
    log.endGroup();
  }
}

/**
 * Asks the service to cancel the scan within CANCEL_TIMEOUT_MS and says what became of it; returns the scan as
 * the service then shows it, or undefined when the request failed (a warning, never thrown). Once the service
 * has answered, the scan is settled (`onSettled`): nothing is left to cancel.
 */
export async function cancelScan(
  scope: Pick<RunScope, 'client' | 'log'>,
  scanId: string,
  onSettled: () => void,
  timeoutMs = CANCEL_TIMEOUT_MS,
): Promise<Scan | undefined> {
  const { client, log } = scope;
  try {
    const scan = await client.cancelScan(scanId, { timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    onSettled();
    log.info(describeCancelled(scan));
    return scan;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.warning(`Could not cancel scan ${scanId}: ${reason}`);
    return undefined;
  }
}

/** What a cancel request achieved: a scan that had already ended was not cancelled, and the line says so. */
export function describeCancelled(scan: Scan): string {
  switch (classifyScanStatus(scan.status)) {
    case 'cancelled':
      return `Cancelled scan ${scan.id} on the service.`;
    case 'running':
      return `Asked the service to cancel scan ${scan.id}; it is stopping (status ${scan.status}).`;
    case 'succeeded':
    case 'failed':
      return `Scan ${scan.id} had already ended (status ${scan.status}); there was nothing to cancel.`;
  }
}

/** Names the modules that failed, for the message of a failed or cancelled scan. */
export function describeEndedScan(scan: Scan): string {
  const failed = scan.modules.filter((module) => classifyModuleStatus(module.status) === 'failed');
  const modules = failed.length > 0 ? `; failed modules: ${failed.map((m) => m.name).join(', ')}` : '';
  return `Scan ${scan.id} ended ${scan.status}${modules}.`;
}
