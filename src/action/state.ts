import type { ScanRecord } from '../run/run-log.ts';
import type { Toolkit } from '../github/toolkit.ts';

/** Names of the state values the main step leaves for the post step. */
export const STATE = {
  scanId: 'scan-id',
  /** The scan reached a terminal state (or was cancelled) while the main step watched it. */
  scanSettled: 'scan-settled',
  /** A baseline scan the action started to compare a pull request with, and whether it settled. */
  baselineScanId: 'baseline-scan-id',
  baselineSettled: 'baseline-settled',
  /** Fleet mode: the ledger of the scans it started, whose running ones the post step cancels. */
  fleetLedger: 'fleet-ledger',
  /** Fleet mode: the nonce the ledger's started lines are sealed under (StartSeal); never the ids themselves. */
  fleetNonce: 'fleet-nonce',
  /** Fleet mode: the main step ended by itself, having settled or cancelled every scan it started. */
  fleetFinished: 'fleet-finished',
} as const;

/**
 * Saves every state value empty, first thing: the runner sets STATE_<name> for the post step only for the names
 * the main step saved, over the job's environment, so a name left unsaved would be whatever an earlier step wrote
 * to $GITHUB_ENV (a scan id of someone else's for the post step to cancel, or `scan-settled` to keep it from
 * cancelling this run's). Saved, each is the main step's own.
 */
export function claimPostState(toolkit: Pick<Toolkit, 'saveState'>): void {
  for (const name of Object.values(STATE)) toolkit.saveState(name, '');
}

/**
 * The run's scans as the action keeps them: saved for the post step, which cancels a scan left running, and
 * the scan-id output set as soon as the id is known (a run cut short still names its scan).
 */
export function savedScanRecord(toolkit: Pick<Toolkit, 'saveState' | 'setOutput'>): ScanRecord {
  return {
    scanId: (id) => {
      toolkit.saveState(STATE.scanId, id);
      toolkit.setOutput('scan-id', id);
    },
    scanSettled: () => {
      toolkit.saveState(STATE.scanSettled, 'true');
    },
    baselineScanId: (id) => {
      toolkit.saveState(STATE.baselineScanId, id);
    },
    baselineSettled: () => {
      toolkit.saveState(STATE.baselineSettled, 'true');
    },
  };
}
