import { describe, expect, it } from 'vitest';
import { fleetExitCode } from '../../src/fleet/fleet-exit.ts';
import { mergeRollUps } from '../../src/fleet/rollup-merge.ts';
import { parseRollUp } from '../../src/fleet/rollup-read.ts';
import type { FleetRollUp } from '../../src/fleet/rollup.ts';
import { verifyRollUp, type VerifyReader } from '../../src/fleet/rollup-verify.ts';
import { FakeFleetGitHub, blobShaOf } from '../support/fake-fleet-github.ts';
import { FLEET_MEMBER_KEY } from './fleet-support.ts';
import {
  POLICY,
  SUPPRESSES_THE_HIGH,
  entry,
  night,
  policyOrganizationPerTest,
} from './fleet-policy-support.ts';
import { clientFor } from './support.ts';

const organization = policyOrganizationPerTest();

/** A policy that sets no fail-on: its repository is judged at the fleet's. */
const ONLY_SUPPRESSIONS = 'version: 1\nignore:\n  - title: nothing matches this\n    reason: r\n';

/** A policy whose only suppression expired long before any night of these tests. */
const EXPIRED = [
  'version: 1',
  'ignore:',
  '  - title: A high finding',
  '    reason: accepted until the fix ships',
  '    expires: 2023-11-01',
  '',
].join('\n');

/** A shard's roll-up as its file carries it after an edit: written, read and merged again. */
function reread(rollUp: FleetRollUp): FleetRollUp {
  const read = parseRollUp(JSON.stringify(rollUp), 'edited.json');
  return mergeRollUps([{ where: 'edited.json', rollUp: read }], false);
}

describe('merge --verify of a roll-up edited after the night', () => {
  it('judges every entry at the fleet floor, whatever fail-on the roll-up names', async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/a', findings: ['high'] },
      { name: 'fleet/b', findings: ['high'], policy: ONLY_SUPPRESSIONS },
    ]);
    const rollUp = await night(emulator, github);
    const forged: FleetRollUp = JSON.parse(JSON.stringify({ ...rollUp, shard: '1/1', fail_on: 'none' }));
    for (const one of forged.repositories) {
      one.gate = 'passed';
      if (one.policy) one.policy.fail_on = 'none';
    }
    const reader = clientFor(emulator, FLEET_MEMBER_KEY);
    const verified = await verifyRollUp(reread(forged), reader, new AbortController().signal, github, 'high');
    expect(verified.repositories.map((one) => one.gate)).toEqual([null, null]);
    expect(entry(verified, 'fleet/a').error).toBe(
      "Not verified: the roll-up says passed; the service's report has 1 high",
    );
    expect(entry(verified, 'fleet/b').error).toBe(
      'Not verified: the roll-up says fail-on none; its policy says high',
    );
    expect(fleetExitCode(verified)).toBe(4);
  });

  it('revives no suppression that expired before the scan, whatever start the roll-up names', async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/expired', findings: ['high'], policy: EXPIRED },
    ]);
    const rollUp = await night(emulator, github);
    const judged = entry(rollUp, 'fleet/expired');
    expect(judged.gate).toBe('failed');
    Object.assign(judged, {
      gate: 'passed',
      findings: { ...judged.findings, high: 0 },
      policy: {
        ...judged.policy,
        suppressed: 1,
        suppressions_applied: judged.policy?.suppressions_expired,
        suppressions_expired: [],
      },
    });
    const backdated = { ...rollUp, started_at: '2023-10-01T00:00:00Z' };
    const reader = clientFor(emulator, FLEET_MEMBER_KEY);
    const verified = await verifyRollUp(backdated, reader, new AbortController().signal, github);
    expect(entry(verified, 'fleet/expired')).toMatchObject({ gate: null });
    expect(entry(verified, 'fleet/expired').error).toContain("the service's findings count 1 high");
    expect(fleetExitCode(verified)).toBe(4);
  });

  it('judges no entry naming a commit when the service does not say the scan is of it', async () => {
    const { emulator, github } = await organization([{ name: 'fleet/repo', findings: ['high'] }]);
    const rollUp = await night(emulator, github);
    const judged = entry(rollUp, 'fleet/repo');
    expect(judged.gate).toBe('failed');
    const older = 'b'.repeat(40);
    // GitHub also shows an older commit of the repository, whose policy suppressed the finding.
    const history = new FakeFleetGitHub({
      'fleet/repo': { commit: older, files: { [POLICY]: SUPPRESSES_THE_HIGH } },
    });
    Object.assign(judged, {
      commit: older,
      gate: 'passed',
      findings: { ...judged.findings, high: 0 },
      policy: {
        path: POLICY,
        blob_sha: blobShaOf(SUPPRESSES_THE_HIGH),
        fail_on: 'high',
        suppressed: 1,
        out_of_scope: 0,
        suppressions_applied: [],
        suppressions_expired: [],
        ignored_keys: ['remediate', 'pr-comment'],
      },
    });
    const verified = await verifyRollUp(
      rollUp,
      withoutScanRef(clientFor(emulator, FLEET_MEMBER_KEY)),
      new AbortController().signal,
      history,
    );
    expect(entry(verified, 'fleet/repo')).toMatchObject({ gate: null });
    expect(entry(verified, 'fleet/repo').error).toBe(
      `Not verified: the roll-up names commit ${older}; the service's scan ${judged.scan_id} names no ref to bear it out`,
    );
    expect(fleetExitCode(verified)).toBe(4);
  });
});

/** A service as the spec describes it: a Scan is its id, status and modules, with no ref. */
function withoutScanRef(real: ReturnType<typeof clientFor>): VerifyReader {
  return {
    iterateRepositories: (...args) => real.iterateRepositories(...args),
    getScanReport: (...args) => real.getScanReport(...args),
    listScans: (...args) => real.listScans(...args),
    listFindings: (...args) => real.listFindings(...args),
    getScan: async (...args) => {
      const { ref: _ref, ...scan } = await real.getScan(...args);
      return scan;
    },
  };
}
