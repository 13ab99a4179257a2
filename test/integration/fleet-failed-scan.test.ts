import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.ts';
import { fleetExitCode } from '../../src/fleet/fleet-exit.ts';
import { buildRollUp } from '../../src/fleet/rollup-build.ts';
import { mergeRollUps } from '../../src/fleet/rollup-merge.ts';
import { verifyRollUp } from '../../src/fleet/rollup-verify.ts';
import type { FleetRollUp } from '../../src/fleet/rollup.ts';
import { runFleet } from '../../src/fleet/run-fleet.ts';
import { runInProcess } from '../cli/support.ts';
import { KEYS } from '../emulator/helpers.ts';
import { startFastE2e } from '../support/in-process-action.ts';
import { FLEET_MEMBER_KEY, FLEET_OPTIONS, fleetEmulatorPerTest, fleetHarness } from './fleet-support.ts';
import { clientFor } from './support.ts';

const startFleetEmulator = fleetEmulatorPerTest();

/** A night of a clean repository and one whose scan fails in sast and dependencies, merged as a merge job would. */
async function brokenNight() {
  const emulator = await startFleetEmulator([
    { name: 'fleet/clean' },
    { name: 'fleet/broken', outcome: 'failed', failedModules: ['sast', 'dependencies'] },
  ]);
  const harness = fleetHarness(emulator);
  const listed = await harness.repositories();
  const result = await runFleet(listed, FLEET_OPTIONS, harness.io);
  const shard = buildRollUp(result, {
    shard: '1/1',
    failOn: 'high',
    selected: listed.map((r) => r.full_name),
    runId: null,
    ref: null,
    repositoryPolicy: false,
  });
  const merged = mergeRollUps([{ where: 'shard-1.json', rollUp: shard }], false);
  return { shard, merged, reader: clientFor(emulator, FLEET_MEMBER_KEY) };
}

const broken = (rollUp: FleetRollUp) => rollUp.repositories.find((e) => e.repository === 'fleet/broken');

describe('a scan that failed, in a fleet', () => {
  it('is not judged, naming the modules that failed, and a night with only that exits 4', async () => {
    const { shard } = await brokenNight();
    expect(broken(shard)).toMatchObject({
      status: 'failed',
      gate: null,
      error: 'the scan failed: modules sast, dependencies failed',
    });
    expect(shard.totals).toMatchObject({ passed: 1, failed: 0, not_judged: 1, scan_failed: 1 });
    expect(fleetExitCode(shard)).toBe(4);
  });

  it('is left as it is by merge --verify; an older judged entry of a failed scan is made not judged', async () => {
    const { merged, reader } = await brokenNight();
    const signal = new AbortController().signal;
    const verified = await verifyRollUp(merged, reader, signal);
    expect(broken(verified)).toEqual(broken(merged));
    expect(verified.totals.scan_failed).toBe(1);
    const older = {
      ...merged,
      repositories: merged.repositories.map((e) =>
        e === broken(merged) ? { ...e, gate: 'failed' as const, error: null } : e,
      ),
    };
    const reJudged = await verifyRollUp(older, reader, signal);
    expect(broken(reJudged)).toMatchObject({
      status: 'failed',
      gate: null,
      error: 'Not verified: the roll-up says failed; the scan failed: modules sast, dependencies failed',
    });
    expect(reJudged.totals).toMatchObject({ failed: 0, scan_failed: 1 });
    expect(fleetExitCode(reJudged)).toBe(4);
  });
});

describe('svc fleet scan on a night whose only problem is a failed scan', () => {
  it('exits 4 and shows the failed scan apart from the gate', async () => {
    const emulator = await startFastE2e();
    try {
      const result = await runInProcess(
        ['fleet', 'scan', '--repositories', 'acme/clean-service,acme/broken-build', '--poll-interval', '0.1'],
        { env: { SVC_API_URL: emulator.baseUrl, SVC_API_KEY: KEYS.member } },
      );
      expect(result.exitCode, result.stderr).toBe(EXIT.service);
      expect(result.stdout).toMatch(
        /^SCAN FAILED +acme\/broken-build .*the scan failed: module dependencies failed$/m,
      );
      expect(result.stdout).not.toMatch(/^FAILED/m);
      expect(result.stdout).toContain(
        '2 repositories: 0 failed the gate, 1 passed, 1 not judged (1 of them: the scan failed).',
      );
    } finally {
      await emulator.close();
    }
  });
});
