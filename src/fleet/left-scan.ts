import { AuthError, PermissionDeniedError, type Logger, type ServiceClient } from '../client/index.ts';
import type { Scan } from '../client/types.ts';
import type { ScanWatcher } from '../run/run-context.ts';
import type { RunDeadline } from '../run/run-deadline.ts';
import { cancelScan } from '../run/scan-step.ts';
import { messageOf } from './error-text.ts';
import type { StartPermit } from './start-permit.ts';

/** What a repository's run needs to end a scan it gave up on: the fleet's client, watcher, permit and deadline. */
export interface LeftScanScope {
  client: ServiceClient;
  watcher: ScanWatcher;
  permit: StartPermit;
  deadline: RunDeadline;
  stopSignal: AbortSignal;
}

/**
 * What became of a scan a repository's run gave up on: `cancelled` (the service answered the cancel), `ended`
 * (the cancel failed, and the scan was waited for until it ended), or `left-running` (the cancel failed, and no
 * slot was worth keeping any longer).
 */
export type LeftScanEnd =
  { how: 'cancelled' | 'ended'; scan: Scan } | { how: 'left-running'; scan: undefined };

/**
 * Ends a scan a repository's run gave up on (the deadline, the stop, a failed poll) by cancelling it. While the
 * cancel fails and the fleet may still start scans, the repository keeps its slot: the scan is waited for until
 * it ends, asking again to cancel it after each wait that fails, so that the service never runs more than
 * `concurrency` of the fleet's scans. Once nothing more may start (the deadline, the stop, a refused key, credits
 * short), the slot frees no start, and a scan still running is left, said to be.
 */
export async function endLeftScan(
  scope: LeftScanScope,
  scanId: string,
  log: Logger,
  onSettled: () => void,
): Promise<LeftScanEnd> {
  const cancel = (): Promise<Scan | undefined> =>
    cancelScan({ client: scope.client, log }, scanId, onSettled);
  let cancelled = await cancel();
  while (cancelled === undefined && scope.permit.standingRefusal() === undefined) {
    const ended = await untilEnded(scope, scanId, log);
    if (ended !== undefined) {
      onSettled();
      return { how: 'ended', scan: ended };
    }
    cancelled = await cancel();
  }
  return cancelled === undefined
    ? { how: 'left-running', scan: undefined }
    : { how: 'cancelled', scan: cancelled };
}

/** The scan once the fleet's watcher sees it end, or undefined when the wait failed or the fleet's time ran out. */
async function untilEnded(scope: LeftScanScope, scanId: string, log: Logger): Promise<Scan | undefined> {
  try {
    return await scope.watcher.waitForScan(scanId, {
      timeoutMs: scope.deadline.remainingMs(),
      signal: AbortSignal.any([scope.deadline.signal, scope.stopSignal]),
      skipFirstFetch: true,
    });
  } catch (error) {
    // A refused key starts nothing more: no slot is worth keeping after it.
    if (error instanceof AuthError && !(error instanceof PermissionDeniedError))
      scope.permit.refuseKey(error);
    log.debug(`Waiting for scan ${scanId} to end failed: ${messageOf(error)}`);
    return undefined;
  }
}

/** The roll-up's error for a repository whose scan its run gave up on, for `reason`, saying what became of it. */
export function describeLeftScan(scanId: string, why: string, end: LeftScanEnd): string {
  // A service error's message ends a sentence; here the reason is only part of one.
  const reason = why.replace(/\.$/, '');
  switch (end.how) {
    case 'cancelled':
      return `Scan ${scanId} did not finish: ${reason}; it was cancelled.`;
    case 'ended':
      return (
        `Scan ${scanId} was not judged: ${reason}; it could not be cancelled; it was waited for until it ended ` +
        `(${end.scan.status}), so that no other scan took its place meanwhile.`
      );
    case 'left-running':
      return `Scan ${scanId} was left running on the service: ${reason}, and it could not be cancelled; cancel it there.`;
  }
}
