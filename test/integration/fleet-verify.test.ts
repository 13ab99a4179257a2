import { describe, expect, it } from 'vitest';
import type { Repository } from '../../src/client/index.ts';
import { fleetExitCode } from '../../src/fleet/fleet-exit.ts';
import { buildRollUp } from '../../src/fleet/rollup-build.ts';
import { mergeRollUps } from '../../src/fleet/rollup-merge.ts';
import { verifyRollUp } from '../../src/fleet/rollup-verify.ts';
import type { FleetRollUp, RepositoryOutcome } from '../../src/fleet/rollup.ts';
import { runFleet } from '../../src/fleet/run-fleet.ts';
import {
  FLEET_MEMBER_KEY,
  FLEET_OPTIONS,
  fleetHarness,
  fleetEmulatorPerTest,
  type FleetHarness,
} from './fleet-support.ts';
import { clientFor } from './support.ts';
import { expectValidRollUp } from '../support/rollup-schema.ts';

const startFleetEmulator = fleetEmulatorPerTest();

const ORGANIZATION = [
  { name: 'fleet/webapp', findings: ['critical' as const, 'medium' as const], durationSeconds: 10 },
  { name: 'fleet/api-gateway', durationSeconds: 10 },
  { name: 'fleet/infrastructure', findings: ['low' as const], durationSeconds: 10 },
];

/** Tonight's fleet on a new emulator as one shard's roll-up, merged as a merge job would; a reader of its key. */
async function mergedNight() {
  const emulator = await startFleetEmulator(ORGANIZATION);
  const harness = fleetHarness(emulator);
  const merged = await rollUpOfNight(harness, await harness.repositories());
  return { emulator, merged, reader: clientFor(emulator, FLEET_MEMBER_KEY) };
}

async function rollUpOfNight(harness: FleetHarness, repositories: Repository[]): Promise<FleetRollUp> {
  const result = await runFleet(repositories, FLEET_OPTIONS, harness.io);
  const shard = buildRollUp(result, {
    shard: '1/1',
    failOn: 'high',
    selected: repositories.map((r) => r.full_name),
    runId: 'job-uid',
    ref: null,
    repositoryPolicy: false,
  });
  return mergeRollUps([{ where: 'shard-1.json', rollUp: shard }], false);
}

function entry(rollUp: FleetRollUp, name: string): RepositoryOutcome {
  return rollUp.repositories.find((one) => one.repository === name) as RepositoryOutcome;
}

describe('svc fleet merge --verify', () => {
  it('bears out an honest night with two requests a repository and one listing', async () => {
    const { emulator, merged, reader } = await mergedNight();
    const before = emulator.stats().requests_total;
    const verified = await verifyRollUp(merged, reader, new AbortController().signal);
    expect(verified.verified).toBe(true);
    expectValidRollUp(JSON.parse(JSON.stringify(verified)));
    expect(verified.repositories).toEqual(merged.repositories);
    expect(emulator.stats().requests_total - before).toBe(3 * 2 + 1);
    expect(fleetExitCode(verified)).toBe(1);
  });

  it('judges no entry the service does not bear out: a pass written by hand, counts set to 0, another repository’s scan', async () => {
    const { merged, reader } = await mergedNight();
    const webapp = entry(merged, 'fleet/webapp');
    Object.assign(webapp, { gate: 'passed', findings: { ...webapp.findings, critical: 0 } });
    const infrastructure = entry(merged, 'fleet/infrastructure');
    Object.assign(infrastructure, { findings: { ...infrastructure.findings, low: 0 } });
    const gateway = entry(merged, 'fleet/api-gateway');
    const lastNight = await reader.createScan({ repository_id: 'repo_3', ref: 'main' });
    gateway.scan_id = lastNight.id;
    const verified = await verifyRollUp(merged, reader, new AbortController().signal);
    expect(entry(verified, 'fleet/webapp')).toMatchObject({
      gate: null,
      error: "Not verified: the roll-up says passed; the service's report has 1 critical, 1 medium",
    });
    expect(entry(verified, 'fleet/infrastructure').error).toBe(
      "Not verified: the roll-up counts no finding; the service's report has 1 low",
    );
    expect(entry(verified, 'fleet/api-gateway').error).toBe(
      `Not verified: scan ${lastNight.id} is of repository_id repo_3, not of fleet/api-gateway`,
    );
    expect(fleetExitCode(verified)).toBe(4);
  });

  it("finds a scan that does not say whose it is in the repository's own listing", async () => {
    const { emulator, merged, reader } = await mergedNight();
    const gateway = entry(merged, 'fleet/api-gateway');
    gateway.scan_id = entry(merged, 'fleet/infrastructure').scan_id;
    emulator.setFaults([
      { kind: 'bare_scans', path: '/scans/**' },
      { kind: 'bare_scans', path: '/scans' },
    ]);
    const verified = await verifyRollUp(merged, reader, new AbortController().signal);
    expect(entry(verified, 'fleet/api-gateway').error).toBe(
      `Not verified: the service does not list scan ${gateway.scan_id ?? ''} among the scans of fleet/api-gateway`,
    );
    expect(entry(verified, 'fleet/webapp').gate).toBe('failed');
  });
});
