import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { collectScanResults } from '../../src/run/findings-step.ts';
import { parseSettings, type InputName } from '../../src/run/settings.ts';
import { ServiceClient } from '../../src/client/index.ts';
import { SUMMARY_MAX_FINDINGS } from '../../src/report/summary/summary.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { workflowOrigin } from '../../src/action/workflow-origin.ts';

/** What the action lists of a scan, against the emulator: every finding counted, only what is shown fetched. */

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startEmulator({ scenario: 'e2e', findings: 10_000, timeScale: 0, log: () => undefined });
});
afterEach(() => emulator.close());

function settingsWith(inputs: Partial<Record<InputName, string>>) {
  return parseSettings(
    (name) => inputs[name] ?? '',
    workflowOrigin({ GITHUB_REPOSITORY: 'bench/large' }, { name: 'push', payload: {} }),
  );
}

async function collect(inputs: Partial<Record<InputName, string>>) {
  const client = new ServiceClient({ apiKey: emulator.apiKey, baseUrl: emulator.baseUrl });
  try {
    return await collectScanResults(
      client,
      'scan_bench_large',
      settingsWith(inputs),
      new AbortController().signal,
      // What the job summary and the workflow-command annotations show.
      { rows: SUMMARY_MAX_FINDINGS, perSeverity: 10 },
    );
  } finally {
    await client.close();
  }
}

describe('collectScanResults', () => {
  it('counts every finding of each severity as the report does', async () => {
    const { report, tally } = await collect({});
    expect(tally.counts).toEqual(report.severity_breakdown);
    expect(tally.total).toBe(10_000);
  });

  it('lists the summary’s rows, most severe first, and no more', async () => {
    const { tally } = await collect({});
    const kept = tally.kept();
    expect(kept.length).toBeGreaterThanOrEqual(SUMMARY_MAX_FINDINGS);
    // Beyond the rows, at most the first page (200, the default page-size) of each other reported severity.
    expect(kept.length).toBeLessThanOrEqual(SUMMARY_MAX_FINDINGS + 3 * 200);
    expect(new Set(kept.map((f) => f.id)).size).toBe(kept.length);
    const ranks = kept.map((f) => ['critical', 'high', 'medium', 'low', 'info'].indexOf(f.severity));
    expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
    expect(tally.keptCount('critical')).toBe(tally.counts.critical);
  });

  it('asks for one finding of a severity it does not report, only for its count', async () => {
    await collect({ 'severity-threshold': 'high', 'fail-on': 'critical' });
    const findingsRequests = emulator.stats().requests['GET /api/v1/findings'] ?? 0;
    // One first page per severity, then the pages of critical and high the summary has rows for.
    const pagesOfReported = Math.ceil(SUMMARY_MAX_FINDINGS / 50);
    expect(findingsRequests).toBeLessThanOrEqual(5 + pagesOfReported);
  });

  it('needs a fixed number of requests whatever the size of the scan', async () => {
    await collect({ 'page-size': '200' });
    expect(emulator.stats().requests['GET /api/v1/findings']).toBeLessThanOrEqual(5 + 3);
  });
});
