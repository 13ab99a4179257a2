import { describe, expect, it } from 'vitest';
import type { Logger, RequestOptions } from '../../../src/client/index.ts';
import { FleetScanWatcher } from '../../../src/fleet/scan-watcher.ts';

const QUIET: Logger = {
  debug: () => undefined,
  info: () => undefined,
  warning: () => undefined,
  startGroup: () => undefined,
  endGroup: () => undefined,
};

/** A service that never answers: each request ends only when its signal cuts it (and says whether it was given one). */
function silentService() {
  const requests: { signal: AbortSignal | undefined; cut: boolean }[] = [];
  const hang = (options?: RequestOptions) =>
    new Promise<never>((_, reject) => {
      const request = { signal: options?.signal, cut: false };
      requests.push(request);
      options?.signal?.addEventListener('abort', () => {
        request.cut = true;
        reject(new Error('cut'));
      });
    });
  return {
    requests,
    client: {
      listScans: (_params: unknown, options?: RequestOptions) => hang(options),
      getScan: (_id: string, options?: RequestOptions) => hang(options),
    },
  };
}

describe("the fleet's scan watcher", () => {
  it("cuts a round's requests in flight at the fleet's deadline: nothing is left to hold the process", async () => {
    const { client, requests } = silentService();
    const deadline = new AbortController();
    const watcher = new FleetScanWatcher({
      client,
      log: QUIET,
      now: () => 0,
      sleep: () => Promise.resolve(),
      firstIntervalMs: 2000,
      signal: deadline.signal,
    });
    const waits = ['scan_1', 'scan_2'].map((id) =>
      watcher.waitForScan(id, { signal: deadline.signal }).catch((error: unknown) => error),
    );
    await new Promise(setImmediate);
    expect(requests.length).toBeGreaterThan(0);
    deadline.abort(new Error('wait-timeout'));
    await Promise.all(waits);
    await new Promise(setImmediate);
    expect(requests.every((request) => request.cut)).toBe(true);
  });
});
