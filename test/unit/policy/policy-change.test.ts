import { describe, expect, it } from 'vitest';
import { describePolicyChange } from '../../../src/policy/policy-change.ts';
import { parsePolicy } from '../../../src/policy/parse-policy.ts';
import { POLICY_BOUNDS } from '../../../src/run/settings.ts';

const policy = (text: string) => parsePolicy(`version: 1\n${text}`, '.github/svc-scan.yml', POLICY_BOUNDS);

describe('describePolicyChange', () => {
  it('says nothing of a policy that did not change, whatever the order of its entries', () => {
    const a = policy('ignore:\n  - cwe: 79\n    reason: a\n  - cwe: 89\n    reason: b\n');
    const b = policy('ignore:\n  - cwe: 89\n    reason: b\n  - cwe: 79\n    reason: a\n');
    expect(describePolicyChange(a, b)).toEqual([]);
    expect(describePolicyChange(undefined, undefined)).toEqual([]);
  });

  it('names suppressions added and removed, and which way fail-on moves the gate', () => {
    const base = policy('fail-on: high\nignore:\n  - cwe: 79\n    reason: old\n');
    const head = policy(
      "fail-on: critical\npaths: ['src/**']\nignore:\n  - title: Weak hash\n    reason: legacy\n    expires: 2027-01-01\n  - cwe: 89\n    reason: orm\n",
    );
    expect(describePolicyChange(base, head)).toEqual([
      'raises fail-on from high to critical (fewer findings fail the gate)',
      'sets paths to src/**',
      'changes paths: adds src/**',
      'adds 2 suppressions: ignore[0] ("Weak hash") because "legacy", until 2027-01-01; ignore[1] (CWE-89) because "orm"',
      'removes 1 suppression: ignore[0] (CWE-79) because "old"',
    ]);
    expect(describePolicyChange(head, base)[0]).toBe(
      'lowers fail-on from critical to high (more findings fail the gate)',
    );
  });

  it('says when the file comes or goes', () => {
    expect(describePolicyChange(undefined, policy('fail-on: none\n'))).toEqual([
      'adds the policy file .github/svc-scan.yml',
      'sets fail-on to none (no finding fails the gate)',
    ]);
    expect(describePolicyChange(policy(''), undefined)).toEqual([
      'removes the policy file .github/svc-scan.yml: the inputs and defaults alone set the gate',
    ]);
  });
});
