import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { timestampedLog } from '../../src/fleet/fleet-log.ts';
import { runFleet } from '../../src/fleet/run-fleet.ts';
import { utcSecond } from '../../src/fleet/utc-time.ts';
import { runInProcess } from '../cli/support.ts';
import { KEYS } from '../emulator/helpers.ts';
import { startFastE2e } from '../support/in-process-action.ts';
import { FLEET_OPTIONS, fleetEmulatorPerTest, fleetHarness } from './fleet-support.ts';

const startFleetEmulator = fleetEmulatorPerTest();

const TIME = String.raw`\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z`;
const PROGRESS = String.raw`\d+ of \d+ done \(\d+ passed, \d+ failed the gate, \d+ not judged\), \d+ running, \d+ waiting; deadline \d{2}:\d{2}:\d{2}Z`;

describe("the fleet's progress, on the emulator's clock", () => {
  it('says how far it is every interval and when the last scan ends, every line of its log opened by the time', async () => {
    const emulator = await startFleetEmulator([
      { durationSeconds: 30 },
      { durationSeconds: 60, findings: ['critical'] },
      { durationSeconds: 90, outcome: 'failed' },
    ]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    // The first start is carried out and answered 502: the fleet finds the scan it started and adopts it.
    emulator.setFaults([
      { kind: 'error', path: '/scans', method: 'POST', status: 502, phase: 'after_handler', count: 1 },
    ]);
    const log = timestampedLog(harness.log, harness.clock.now);
    const result = await runFleet(
      listed,
      {
        ...FLEET_OPTIONS,
        concurrency: 2,
        progressIntervalSeconds: 5,
        ledgerPath: join(mkdtempSync(join(tmpdir(), 'fleet-progress-')), 'ledger.jsonl'),
      },
      { ...harness.io, log },
    );
    const lines = harness.log.lines;
    expect(lines.filter((line) => !new RegExp(`^(debug|info|warning): ${TIME} `).test(line))).toEqual([]);
    expect(
      lines.some((line) => /^info: \S+ The start of fleet\/repo-\d failed .* adopting it\.$/.test(line)),
    ).toBe(true);
    expect(lines.some((line) => /^info: \S+ fleet\/repo-3: .* not judged: the scan failed/.test(line))).toBe(
      true,
    );
    const progress = lines.filter((line) => line.includes(' done ('));
    expect(progress.length).toBeGreaterThan(2);
    for (const line of progress) expect(line).toMatch(new RegExp(`^info: ${TIME} ${PROGRESS}$`));
    expect(lines.at(-1)).toBe(
      `info: ${utcSecond(result.finishedAt)} 3 of 3 done (1 passed, 1 failed the gate, 1 not judged), 0 running, 0 waiting; deadline 23:13:20Z`,
    );
    // The harness's clock starts at 2023-11-14T22:13:20Z; the deadline is wait-timeout (3600 s) after the start.
    expect(utcSecond(result.startedAt)).toBe('2023-11-14T22:13:20Z');
    const times = progress.slice(0, -1).map((line) => Date.parse(line.slice('info: '.length, 26)));
    for (let i = 1; i < times.length; i += 1)
      expect((times[i] ?? 0) - (times[i - 1] ?? 0)).toBeGreaterThanOrEqual(5000);
    expect(progress[0]).toMatch(/ 0 of 3 done .*, 2 running, 1 waiting;/);
  });
});

describe('svc fleet scan on stderr', () => {
  async function svc(extra: string[]) {
    const emulator = await startFastE2e();
    try {
      return await runInProcess(
        [
          'fleet',
          'scan',
          '--repositories',
          'acme/clean-service,acme/*-app,!nobody/*',
          '--poll-interval',
          '0.1',
          ...extra,
        ],
        { env: { SVC_API_URL: emulator.baseUrl, SVC_API_KEY: KEYS.member } },
      );
    } finally {
      await emulator.close();
    }
  }

  it('opens every line with the UTC time and ends with the progress line; stdout keeps the table', async () => {
    // The in-process svc's clock stands at 0: 1970-01-01T00:00:00Z.
    const result = await svc(['--wait-timeout', '7200']);
    expect(result.exitCode, result.stderr).toBe(1);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.filter((line) => !line.startsWith('1970-01-01T00:00:00Z '))).toEqual([]);
    expect(lines).toContain(
      '1970-01-01T00:00:00Z warning: --repositories !nobody/* excludes nothing: no repository selected matches it.',
    );
    expect(lines.at(-1)).toBe(
      '1970-01-01T00:00:00Z 2 of 2 done (1 passed, 1 failed the gate, 0 not judged), 0 running, 0 waiting; deadline 02:00:00Z',
    );
    expect(result.stdout).not.toContain(' done (');
  });

  it('writes no progress line with --progress-interval 0', async () => {
    const result = await svc(['--progress-interval', '0']);
    expect(result.exitCode, result.stderr).toBe(1);
    expect(result.stderr).not.toContain(' done (');
  });
});
