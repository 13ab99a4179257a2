import { describe, expect, it } from 'vitest';
import { fleetExitCode } from '../../src/fleet/fleet-exit.ts';
import { parseRollUp } from '../../src/fleet/rollup-read.ts';
import { verifyRollUp } from '../../src/fleet/rollup-verify.ts';
import { blobShaOf } from '../support/fake-fleet-github.ts';
import { expectValidRollUp } from '../support/rollup-schema.ts';
import { FLEET_MEMBER_KEY } from './fleet-support.ts';
import {
  SUPPRESSES_THE_HIGH,
  commitOf,
  entry,
  night,
  policyOrganizationPerTest,
} from './fleet-policy-support.ts';
import { clientFor } from './support.ts';

const organization = policyOrganizationPerTest();

describe('merge --verify of a night judged by policy files', () => {
  async function policyNight() {
    const { emulator, github } = await organization([
      { name: 'fleet/with-policy', findings: ['high', 'low'], policy: SUPPRESSES_THE_HIGH },
      { name: 'fleet/without-policy', findings: ['high'] },
    ]);
    const rollUp = await night(emulator, github);
    return { github, rollUp, reader: clientFor(emulator, FLEET_MEMBER_KEY) };
  }

  it('re-judges each entry by the policy blob it names, at its commit', async () => {
    const { github, rollUp, reader } = await policyNight();
    github.asked.length = 0;
    const verified = await verifyRollUp(rollUp, reader, new AbortController().signal, github);
    expect(verified.verified).toBe(true);
    expect(verified.repositories).toEqual(rollUp.repositories);
    expect(github.asked).toHaveLength(2);
    expectValidRollUp(JSON.parse(JSON.stringify(verified)));
  });

  it('judges no entry whose verdict, counts or policy blob was altered', async () => {
    const { github, rollUp, reader } = await policyNight();
    const suppressed = entry(rollUp, 'fleet/with-policy');
    Object.assign(suppressed, { findings: { ...suppressed.findings, low: 0 } });
    const failing = entry(rollUp, 'fleet/without-policy');
    Object.assign(failing, {
      gate: 'passed',
      findings: { ...failing.findings, high: 0 },
      policy: { ...suppressed.policy, fail_on: 'high' },
    });
    const verified = await verifyRollUp(rollUp, reader, new AbortController().signal, github);
    expect(entry(verified, 'fleet/with-policy')).toMatchObject({ gate: null });
    expect(entry(verified, 'fleet/with-policy').error).toContain('the roll-up counts no finding');
    expect(entry(verified, 'fleet/without-policy')).toMatchObject({ gate: null });
    expect(entry(verified, 'fleet/without-policy').error).toContain(
      `the roll-up names blob ${blobShaOf(SUPPRESSES_THE_HIGH)} at ${commitOf(1)}; GitHub has no policy file`,
    );
    expect(fleetExitCode(verified)).toBe(4);
  });

  it('without GitHub, judges no pass its policy made out of a failing report, and leaves the roll-up unverified', async () => {
    const { rollUp, reader } = await policyNight();
    const verified = await verifyRollUp(rollUp, reader, new AbortController().signal);
    expect(verified.verified).toBe(false);
    expect(verified.repositories.map((one) => one.gate)).toEqual([null, 'failed']);
    expect(entry(verified, 'fleet/with-policy').error).toBe(
      "Not verified: the roll-up says passed under its policy; the service's report has 1 high, 1 low at fail-on high, and re-judging its policy needs GitHub read access",
    );
    expect(fleetExitCode(verified)).toBe(1);
  });

  it("without GitHub, keeps a pass the service's own counts bear out, and leaves the roll-up unverified", async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/with-policy', findings: ['low'], policy: SUPPRESSES_THE_HIGH },
    ]);
    const rollUp = await night(emulator, github);
    const reader = clientFor(emulator, FLEET_MEMBER_KEY);
    const verified = await verifyRollUp(rollUp, reader, new AbortController().signal);
    expect(verified.verified).toBe(false);
    expect(verified.repositories).toEqual(rollUp.repositories);
    expect(fleetExitCode(verified)).toBe(0);
  });

  it('judges no entry given a real policy blob on a night that read no policy file, even with GitHub', async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/with-policy', findings: ['high'], policy: SUPPRESSES_THE_HIGH },
    ]);
    const rollUp = await night(emulator, github, { repositoryPolicy: false });
    expect(rollUp.repository_policy).toBe(false);
    expect(entry(rollUp, 'fleet/with-policy')).toMatchObject({ gate: 'failed' });
    expect(entry(rollUp, 'fleet/with-policy').policy).toBeUndefined();
    // The policy's true account of this scan: the file is there at the commit, and does suppress the high.
    const forged = await night(emulator, github);
    const claimed = entry(forged, 'fleet/with-policy');
    expect(claimed).toMatchObject({ gate: 'passed', policy: { blob_sha: blobShaOf(SUPPRESSES_THE_HIGH) } });
    Object.assign(entry(rollUp, 'fleet/with-policy'), {
      gate: 'passed',
      findings: claimed.findings,
      policy: claimed.policy,
      commit: claimed.commit,
      scan_id: claimed.scan_id,
    });
    const verified = await verifyRollUp(
      rollUp,
      clientFor(emulator, FLEET_MEMBER_KEY),
      new AbortController().signal,
      github,
    );
    expect(entry(verified, 'fleet/with-policy')).toMatchObject({ gate: null });
    expect(entry(verified, 'fleet/with-policy').error).toBe(
      'Not verified: the roll-up names a policy file, but its night read none (repository_policy is false)',
    );
    expect(fleetExitCode(verified)).toBe(4);
    // The same forgery written to a shard's file is refused outright.
    expect(() => parseRollUp(JSON.stringify({ ...rollUp, shard: '1/1' }), 'shard-1.json')).toThrow(
      'names a policy file, but its night read none',
    );
  });

  it('without GitHub, judges no failing entry given a policy it was not judged by', async () => {
    const { rollUp, reader } = await policyNight();
    const failing = entry(rollUp, 'fleet/without-policy');
    Object.assign(failing, {
      gate: 'passed',
      findings: { ...failing.findings, high: 0 },
      policy: { ...entry(rollUp, 'fleet/with-policy').policy, fail_on: 'none' },
    });
    const verified = await verifyRollUp(rollUp, reader, new AbortController().signal);
    expect(entry(verified, 'fleet/without-policy')).toMatchObject({ gate: null });
    expect(entry(verified, 'fleet/without-policy').error).toContain(
      'at fail-on high, and re-judging its policy needs GitHub read access',
    );
    expect(fleetExitCode(verified)).toBe(4);
  });
});
