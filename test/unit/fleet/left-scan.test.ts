import { describe, expect, it, vi } from 'vitest';
import { AuthError, NOOP_LOGGER, ServerError, type ServiceClient } from '../../../src/client/index.ts';
import { endLeftScan } from '../../../src/fleet/left-scan.ts';
import { StartPermit } from '../../../src/fleet/start-permit.ts';
import { RunDeadline } from '../../../src/run/run-deadline.ts';

/** A fleet whose cancels always fail, and whose watcher fails each wait with `waitError`. */
function fleetWhoseCancelsFail(waitError: Error) {
  const stop = new AbortController();
  const deadline = new RunDeadline(3_600_000, () => 0);
  const client = {
    cancelScan: vi.fn(() => Promise.reject(new ServerError('POST /scans/scan_1/cancel failed with 500'))),
  } as unknown as ServiceClient;
  const watcher = {
    // Never more than a few waits: a loop that does not end on its own is ended by the stop.
    waitForScan: vi.fn(() => {
      if (watcher.waitForScan.mock.calls.length >= 5) stop.abort();
      return Promise.reject(waitError);
    }),
  };
  const permit = new StartPermit({
    client: { getUsage: () => Promise.reject(new Error('not read')) },
    deadline,
    stopSignal: stop.signal,
    waitTimeoutSeconds: 3600,
    minCredits: undefined,
  });
  return { scope: { client, watcher, permit, deadline, stopSignal: stop.signal }, watcher, permit };
}

describe('a scan whose cancel fails', () => {
  it('keeps its slot through a failed wait, asking again to cancel it after each', async () => {
    const fleet = fleetWhoseCancelsFail(new ServerError('GET /scans/scan_1 failed with 500'));
    const end = await endLeftScan(fleet.scope, 'scan_1', NOOP_LOGGER, () => undefined);
    expect(end.how).toBe('left-running');
    expect(fleet.watcher.waitForScan).toHaveBeenCalledTimes(5);
  });

  it('frees its slot at a refused key: the fleet starts nothing more', async () => {
    const fleet = fleetWhoseCancelsFail(new AuthError('GET /scans/scan_1 failed with 401'));
    const end = await endLeftScan(fleet.scope, 'scan_1', NOOP_LOGGER, () => undefined);
    expect(end.how).toBe('left-running');
    expect(fleet.watcher.waitForScan).toHaveBeenCalledTimes(1);
    expect(fleet.permit.keyRefused).toBe(true);
  });
});
