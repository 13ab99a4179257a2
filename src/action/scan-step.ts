import { ServiceError, classifyScanStatus, type ServiceClient } from '../client/index.ts';
import type { Repository, Scan } from '../client/types.ts';
import { escapeAnnotationMessage, escapeLogLine } from '../core/escape.ts';
import { ScanProgress, formatElapsed } from './scan-progress.ts';
import type { Settings } from './settings.ts';
import type { Toolkit } from './toolkit.ts';

/** Bounds the cancel request sent when the runner stops the step: the runner kills the process 7.5 s later. */
const CANCEL_TIMEOUT_MS = 4_000;

export class RepositoryNotFoundError extends Error {
  override name = 'RepositoryNotFoundError';
}

/** The runner asked the step to stop while the scan ran; the scan was asked to stop too. */
export class ScanInterruptedError extends Error {
  override name = 'ScanInterruptedError';
  /** The scan's status after the cancel request; undefined when that request failed. */
  readonly scanStatus: string | undefined;

  constructor(message: string, scanStatus: string | undefined) {
    super(message);
    this.scanStatus = scanStatus;
  }
}

/** The scan did not finish within wait-timeout; the post step cancels it. */
export class ScanTimeoutError extends Error {
  override name = 'ScanTimeoutError';
}

export async function lookUpRepository(
  client: ServiceClient,
  settings: Settings,
  signal: AbortSignal,
): Promise<Repository> {
  const found = await client.findRepositoryByFullName(settings.repository, {
    ...(settings.projectId ? { projectId: settings.projectId } : {}),
    signal,
  });
  if (found) return found;
  // Only now is the organization worth a request: it makes the message actionable.
  const principal = await client.me({ signal }).catch(() => undefined);
  const org = principal ? ` in organization ${principal.active_org_id}` : '';
  const project = settings.projectId ? ` (project ${settings.projectId})` : '';
  throw new RepositoryNotFoundError(
    `Repository '${settings.repository}' was not found on the service${org}${project}. ` +
      'Connect the repository to the service, check the repository input (owner/name, as the service lists it)' +
      (settings.projectId ? ', and the project-id input' : '') +
      ', or use an API key of the organization that owns it.',
  );
}

export interface ScanWait {
  client: ServiceClient;
  settings: Settings;
  toolkit: Toolkit;
  signal: AbortSignal;
  now: () => number;
  /** Called with every state of the scan seen. */
  onScan: (scan: Scan) => void;
}

/**
 * Polls the scan in a log group, one line per change of the scan's or a module's status. On the runner's stop
 * signal it cancels the scan on the service before giving up.
 */
export async function waitForScan(wait: ScanWait, started: Scan): Promise<Scan> {
  const { client, settings, toolkit } = wait;
  const startedAt = wait.now();
  const timeoutMs = settings.waitTimeoutSeconds * 1000;
  const progress = new ScanProgress(startedAt);
  const log = (scan: Scan): void => {
    wait.onScan(scan);
    for (const line of progress.update(scan, wait.now())) toolkit.info(escapeLogLine(line));
  };
  // wait-timeout bounds the whole wait, slow answers and their retries included, not only the polling.
  const deadline = AbortSignal.timeout(timeoutMs);
  toolkit.startGroup(escapeLogLine(`Waiting for scan ${started.id}`));
  try {
    log(started);
    if (classifyScanStatus(started.status) !== 'running') return started;
    return await client.waitForScan(started.id, {
      intervalMs: settings.pollIntervalSeconds * 1000,
      timeoutMs,
      signal: AbortSignal.any([wait.signal, deadline]),
      onUpdate: log,
      skipFirstFetch: true,
    });
  } catch (error) {
    const elapsed = wait.now() - startedAt;
    if (wait.signal.aborted) {
      const cancelled = await cancelScan(client, started.id, toolkit);
      throw new ScanInterruptedError(
        `The workflow was cancelled after ${formatElapsed(elapsed)}; ` +
          (cancelled
            ? `scan ${started.id} was cancelled on the service.`
            : `scan ${started.id} could not be cancelled.`),
        cancelled?.status,
      );
    }
    // The poller gives up with the base error at its deadline; any other failure carries a status or a subclass.
    const pollerGaveUp =
      error instanceof ServiceError && error.constructor === ServiceError && elapsed >= timeoutMs;
    if (deadline.aborted || pollerGaveUp) {
      throw new ScanTimeoutError(
        `Scan ${started.id} did not finish within wait-timeout (${settings.waitTimeoutSeconds} s). ` +
          'Raise wait-timeout, or scan fewer modules; the scan is cancelled when the job ends.',
        { cause: error },
      );
    }
    throw error;
  } finally {
    toolkit.endGroup();
  }
}

/**
 * Asks the service to cancel the scan within `timeoutMs`; returns the scan as the service then shows it, or
 * undefined when the request failed (logged as a warning, never thrown).
 */
export async function cancelScan(
  client: ServiceClient,
  scanId: string,
  toolkit: Toolkit,
  timeoutMs = CANCEL_TIMEOUT_MS,
): Promise<Scan | undefined> {
  try {
    const scan = await client.cancelScan(scanId, { timeoutMs, signal: AbortSignal.timeout(timeoutMs) });
    toolkit.info(escapeLogLine(`Cancelled scan ${scanId} on the service (status ${scan.status}).`));
    return scan;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    toolkit.warning(escapeAnnotationMessage(`Could not cancel scan ${scanId}: ${reason}`));
    return undefined;
  }
}

/** Names the modules that failed, for the message of a failed or cancelled scan. */
export function describeEndedScan(scan: Scan): string {
  const failed = scan.modules.filter((module) => classifyScanStatus(module.status) === 'failed');
  const modules = failed.length > 0 ? `; failed modules: ${failed.map((m) => m.name).join(', ')}` : '';
  return `Scan ${scan.id} ended ${scan.status}${modules}.`;
}
