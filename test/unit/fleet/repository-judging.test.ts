import { describe, expect, it } from 'vitest';
import { parsePolicy } from '../../../src/policy/parse-policy.ts';
import { POLICY_BOUNDS } from '../../../src/run/settings.ts';
import { FLEET_OPTIONS } from '../../integration/fleet-support.ts';
import { fleetSettings, stricterFailOn } from '../../../src/fleet/fleet-settings.ts';
import { judgingOf } from '../../../src/fleet/repository-judging.ts';
import { NotJudgedError, ignoredKeysOf, type ReadPolicy } from '../../../src/fleet/repository-policy.ts';
import { renderRollUpMarkdown } from '../../../src/fleet/rollup-markdown.ts';
import { parseRollUp } from '../../../src/fleet/rollup-read.ts';
import { FleetUsageError } from '../../../src/fleet/fleet-usage-error.ts';
import { outcome, rollUpOf } from './rollup-fixtures.ts';

const NIGHT = new Date('2026-11-28T01:00:00Z');

function read(text: string): ReadPolicy {
  return {
    path: '.github/svc-scan.yml',
    blobSha: 'b'.repeat(40),
    policy: parsePolicy(text, 'p.yml', POLICY_BOUNDS),
  };
}

const fleet = fleetSettings({
  ...FLEET_OPTIONS,
  failOn: 'high',
  severityThreshold: 'low',
  waitTimeoutSeconds: 600,
});

describe("a repository's policy under the fleet", () => {
  it('takes the stricter fail-on: a file may tighten it, never loosen it', () => {
    expect(stricterFailOn('high', 'none')).toBe('high');
    expect(stricterFailOn('high', 'critical')).toBe('high');
    expect(stricterFailOn('high', 'medium')).toBe('medium');
    expect(stricterFailOn('none', 'low')).toBe('low');
    expect(judgingOf(fleet, read('version: 1\nfail-on: none\n'), NIGHT).settings.failOn).toBe('high');
    expect(judgingOf(fleet, read('version: 1\nfail-on: low\n'), NIGHT).settings.failOn).toBe('low');
    expect(judgingOf(fleet, read('version: 1\n'), NIGHT).settings.failOn).toBe('high');
  });

  it('applies the start and the wait it may, never the settings of a pull request or a remediation', () => {
    const { settings } = judgingOf(
      fleet,
      read(
        'version: 1\nmodules: [sast]\nincremental: false\nwait-timeout: 9000\nseverity-threshold: critical\n' +
          'remediate: true\nreuse-scan: true\ngate: new\nai-analysis: true\n',
      ),
      NIGHT,
    );
    expect(settings).toMatchObject({
      modules: ['sast'],
      incremental: false,
      waitTimeoutSeconds: 600,
      severityThreshold: 'low',
      remediate: false,
      reuseScan: false,
      gateMode: 'all',
      aiAnalysis: false,
    });
    expect(judgingOf(fleet, read('version: 1\nwait-timeout: 60\n'), NIGHT).settings.waitTimeoutSeconds).toBe(
      60,
    );
  });

  it('lists the keys it sets that the fleet does not apply, in its order', () => {
    const policy = read(
      'version: 1\npr-comment: never\nfail-on: low\nmax-annotations: 3\nignore: []\n',
    ).policy;
    expect(ignoredKeysOf(policy)).toEqual(['pr-comment', 'max-annotations']);
  });

  it('applies suppressions in force on the night, and names those expired', () => {
    const { policy } = judgingOf(
      fleet,
      read(
        'version: 1\nignore:\n  - cwe: 79\n    reason: old\n    expires: 2026-01-01\n  - cwe: 89\n    reason: kept\n',
      ),
      NIGHT,
    );
    expect(policy.suppressions.map((one) => one.state)).toEqual(['expired', 'active']);
    expect(policy.filter.active).toBe(true);
  });

  it('refuses a value the run cannot use as not judged, naming the file', () => {
    const bad = read('version: 1\nwait-timeout: 1\n');
    expect(() => judgingOf(fleet, bad, NIGHT)).toThrow(NotJudgedError);
  });
});

describe('the roll-up of a night that read policy files', () => {
  const judged = {
    ...outcome('acme/own', 'passed'),
    commit: 'c'.repeat(40),
    policy: {
      path: '.github/svc-scan.yml',
      blob_sha: 'b'.repeat(40),
      fail_on: 'medium' as const,
      suppressed: 2,
      out_of_scope: 0,
      suppressions_applied: [{ entry: 0, description: 'ignore[0] (CWE-79); reason: test' }],
      suppressions_expired: [
        { entry: 1, description: 'ignore[1] (CWE-89), expires 2026-01-01; reason: old' },
      ],
      ignored_keys: ['remediate'],
    },
  };

  it('shows the policy that judged each repository, and says so above the tables', () => {
    const markdown = renderRollUpMarkdown(
      rollUpOf([judged, { ...outcome('acme/none', 'failed', { high: 1 }), policy: null }]),
    );
    expect(markdown).toContain('judged by its own policy file');
    expect(markdown).toContain(
      '`.github/svc-scan.yml` (blob `bbbbbbbbbbbb`); fail-on medium; 2 suppressed by 1 entry; 1 suppression expired; ignored: `remediate`',
    );
    expect(markdown).toContain('| none (fail-on high) |');
    expect(markdown).toContain('`scan_acme_own` at `cccccccccccc`');
  });

  it('is read back as written, and refused when an entry claims a fail-on looser than the fleet’s', () => {
    const text = JSON.stringify(rollUpOf([judged], { repositoryPolicy: true }));
    expect(parseRollUp(text, 'a.json').repositories[0]).toEqual(judged);
    const looser = JSON.stringify(
      rollUpOf([{ ...judged, policy: { ...judged.policy, fail_on: 'critical' } }], {
        repositoryPolicy: true,
      }),
    );
    expect(() => parseRollUp(looser, 'a.json')).toThrow(/looser than the fleet's high/);
    const passedAtItsOwn = JSON.stringify(
      rollUpOf([{ ...judged, findings: { ...judged.findings, medium: 1 } }], { repositoryPolicy: true }),
    );
    expect(() => parseRollUp(passedAtItsOwn, 'a.json')).toThrow(/at or above fail-on medium/);
  });

  it('is refused when an entry names a policy (or none) on a night that read no policy file', () => {
    for (const policy of [judged.policy, null]) {
      const text = JSON.stringify(rollUpOf([{ ...judged, policy }], { repositoryPolicy: false }));
      expect(() => parseRollUp(text, 'a.json')).toThrow(FleetUsageError);
      expect(() => parseRollUp(text, 'a.json')).toThrow(
        'a.json is not a roll-up: repositories[0] (acme/own) names a policy file, but its night read none (repository_policy is false)',
      );
    }
  });

  it('is read as before when it does not say whether its night read policy files (written before)', () => {
    const { repository_policy: _unknown, ...before } = rollUpOf([judged], { repositoryPolicy: true });
    const read = parseRollUp(JSON.stringify(before), 'a.json');
    expect(read.repository_policy).toBeNull();
    expect(read.repositories[0]).toEqual(judged);
  });
});
