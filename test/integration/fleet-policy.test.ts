import { describe, expect, it } from 'vitest';
import { fleetExitCode } from '../../src/fleet/fleet-exit.ts';
import { renderRollUpMarkdown } from '../../src/fleet/rollup-markdown.ts';
import { blobShaOf } from '../support/fake-fleet-github.ts';
import { FLEET_MEMBER_KEY } from './fleet-support.ts';
import {
  POLICY,
  SUPPRESSES_THE_HIGH,
  commitOf,
  entry,
  night,
  policyOrganizationPerTest,
} from './fleet-policy-support.ts';
import { clientFor } from './support.ts';

const organization = policyOrganizationPerTest();

describe('each repository judged by its own policy file', () => {
  it('passes a repository whose policy suppresses its only high finding, and fails the same finding elsewhere', async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/with-policy', findings: ['high'], policy: SUPPRESSES_THE_HIGH },
      { name: 'fleet/without-policy', findings: ['high'] },
    ]);
    const rollUp = await night(emulator, github);
    expect(entry(rollUp, 'fleet/with-policy')).toMatchObject({
      gate: 'passed',
      commit: commitOf(0),
      findings: { high: 0 },
      policy: {
        path: POLICY,
        blob_sha: blobShaOf(SUPPRESSES_THE_HIGH),
        fail_on: 'high',
        suppressed: 1,
        suppressions_applied: [
          { entry: 0, description: expect.stringContaining('a test fixture') as string },
        ],
        suppressions_expired: [],
        ignored_keys: ['remediate', 'pr-comment'],
      },
    });
    expect(entry(rollUp, 'fleet/without-policy')).toMatchObject({
      gate: 'failed',
      commit: commitOf(1),
      findings: { high: 1 },
      policy: null,
    });
    const markdown = renderRollUpMarkdown(rollUp);
    expect(markdown).toContain('judged by its own policy file');
    expect(markdown).toContain('ignored: `remediate`, `pr-comment`');
  });

  it("scans the default branch's head commit, as GitHub gave it", async () => {
    const { emulator, github } = await organization([{ name: 'fleet/webapp', findings: ['low'] }]);
    const rollUp = await night(emulator, github);
    const webapp = entry(rollUp, 'fleet/webapp');
    const scan = await clientFor(emulator, FLEET_MEMBER_KEY).getScan(webapp.scan_id ?? '');
    expect(scan.ref).toBe(commitOf(0));
    expect(webapp.commit).toBe(commitOf(0));
    expect(github.asked).toEqual([`head fleet/webapp`, `file fleet/webapp ${commitOf(0)} ${POLICY}`]);
  });

  it('judges a policy of fail-on none under the fleet’s fail-on high at high, and lets one tighten it', async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/loose', findings: ['high'], policy: 'version: 1\nfail-on: none\n' },
      { name: 'fleet/strict', findings: ['medium'], policy: 'version: 1\nfail-on: medium\n' },
    ]);
    const rollUp = await night(emulator, github);
    expect(entry(rollUp, 'fleet/loose')).toMatchObject({ gate: 'failed', policy: { fail_on: 'high' } });
    expect(entry(rollUp, 'fleet/strict')).toMatchObject({ gate: 'failed', policy: { fail_on: 'medium' } });
  });

  it('does not judge a repository whose policy does not parse, naming the file and the line, and starts no scan', async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/broken', findings: [], policy: 'version: 1\nfail-on: hgih\n' },
    ]);
    const rollUp = await night(emulator, github);
    const broken = entry(rollUp, 'fleet/broken');
    expect(broken).toMatchObject({ gate: null, scan_id: null, commit: commitOf(0) });
    expect(broken.error).toContain(`${POLICY} at ${commitOf(0).slice(0, 12)} is invalid: line 2: fail-on`);
    expect(emulator.stats().scans_created).toBe(0);
    expect(fleetExitCode(rollUp)).not.toBe(0);
  });

  it('does not judge a repository GitHub does not show, saying why', async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/hidden', findings: [], hidden: true },
      { name: 'fleet/seen', findings: [] },
    ]);
    const rollUp = await night(emulator, github);
    expect(entry(rollUp, 'fleet/hidden')).toMatchObject({ gate: null, scan_id: null, commit: null });
    expect(entry(rollUp, 'fleet/hidden').error).toMatch(
      /^GitHub does not show fleet\/hidden to the fleet's GitHub credentials/,
    );
    expect(entry(rollUp, 'fleet/seen').gate).toBe('passed');
  });

  it('lets a policy shorten its repository’s wait, not the others’', async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/hurried', durationSeconds: 120, policy: 'version: 1\nwait-timeout: 30\n' },
      { name: 'fleet/patient', durationSeconds: 120 },
    ]);
    const rollUp = await night(emulator, github);
    expect(entry(rollUp, 'fleet/hurried').gate).toBeNull();
    expect(entry(rollUp, 'fleet/hurried').error).toContain('wait-timeout (30 s) ran out');
    expect(entry(rollUp, 'fleet/patient').gate).toBe('passed');
  });

  it('without GitHub, reads no policy and scans the default branch as today', async () => {
    const { emulator } = await organization([
      { name: 'fleet/with-policy', findings: ['high'], policy: SUPPRESSES_THE_HIGH },
    ]);
    const rollUp = await night(emulator, undefined);
    const outcome = entry(rollUp, 'fleet/with-policy');
    expect(outcome.gate).toBe('failed');
    expect(Object.keys(outcome)).toEqual(['repository', 'scan_id', 'status', 'gate', 'findings', 'error']);
    const scan = await clientFor(emulator, FLEET_MEMBER_KEY).getScan(outcome.scan_id ?? '');
    expect(scan.ref).toBe('main');
    expect(renderRollUpMarkdown(rollUp)).toContain('are not read in this version');
  });
});
