import { describe, expect, it } from 'vitest';
import { NOOP_LOGGER, type Page, type RequestOptions, type Scan } from '../../../src/client/index.ts';
import { FleetScanWatcher } from '../../../src/fleet/scan-watcher.ts';

function scan(id: string, status: string): Scan {
  return { id, status, modules: [] };
}

/** A service that lists `older` scans first, then the ones in flight; those end after `requests` requests. */
function fakeService(older: number, inFlight: string[], requests: number) {
  const calls: string[] = [];
  const statusOf = (): string => (calls.length > requests ? 'completed' : 'running');
  const all = (): Scan[] => [
    ...Array.from({ length: older }, (_, index) => scan(`old_${index}`, 'completed')),
    ...inFlight.map((id) => scan(id, statusOf())),
  ];
  const client = {
    listScans: (params: { limit?: number; offset?: number } = {}): Promise<Page<Scan>> => {
      calls.push(`list ${params.offset ?? 0}`);
      const items = all().slice(params.offset ?? 0, (params.offset ?? 0) + (params.limit ?? 20));
      return Promise.resolve({
        items,
        total: older + inFlight.length,
        limit: params.limit ?? 20,
        offset: params.offset ?? 0,
      });
    },
    getScan: (id: string): Promise<Scan> => {
      calls.push(`get ${id}`);
      return Promise.resolve(scan(id, statusOf()));
    },
  };
  return { client, calls };
}

describe('the fleet scan watcher', () => {
  it('reads K pages of GET /scans a round, then the scans it has not seen one by one', async () => {
    const { client, calls } = fakeService(100, ['a', 'b'], 5);
    let now = 0;
    const watcher = new FleetScanWatcher({
      client,
      log: NOOP_LOGGER,
      now: () => now,
      sleep: async (ms) => {
        await Promise.resolve();
        now += ms;
      },
      firstIntervalMs: 2_000,
      pagesPerRound: 3,
      pageSize: 10,
    });
    const ended = await Promise.all(
      ['a', 'b'].map((id) => watcher.waitForScan(id, { skipFirstFetch: true })),
    );
    expect(ended.map((one) => one.status)).toEqual(['completed', 'completed']);
    expect(calls.slice(0, 5)).toEqual(['list 0', 'list 10', 'list 20', 'get a', 'get b']);
    expect(watcher.inFlight).toBe(0);
  });

  it('sees every scan in flight on the first page when the service lists newest first', async () => {
    const { client, calls } = fakeService(0, ['a', 'b', 'c'], 0);
    const watcher = new FleetScanWatcher({
      client,
      log: NOOP_LOGGER,
      now: () => 0,
      sleep: () => Promise.resolve(),
      firstIntervalMs: 2_000,
    });
    await Promise.all(['a', 'b', 'c'].map((id) => watcher.waitForScan(id)));
    expect(calls.filter((call) => call.startsWith('get'))).toEqual([]);
  });
});

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

describe('the fleet scan watcher at its deadline', () => {
  it("cuts a round's requests in flight at the fleet's deadline: nothing is left to hold the process", async () => {
    const { client, requests } = silentService();
    const deadline = new AbortController();
    const watcher = new FleetScanWatcher({
      client,
      log: NOOP_LOGGER,
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
