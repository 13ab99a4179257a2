import { describe, expect, it } from 'vitest';
import { remediationPrsOutput, selectRemediationTargets } from '../../../src/domain/remediation.ts';
import { reportedFindings } from '../support/findings.ts';

describe('selectRemediationTargets', () => {
  it('takes the most severe findings at or above the floor, up to the maximum', () => {
    const findings = reportedFindings({ critical: 2, high: 3, medium: 4 });
    expect(selectRemediationTargets(findings, 'high', 4).map((f) => f.severity)).toEqual([
      'critical',
      'critical',
      'high',
      'high',
    ]);
    expect(selectRemediationTargets(findings, 'critical', 5)).toHaveLength(2);
    expect(selectRemediationTargets(findings, 'low', 0)).toEqual([]);
  });
});

describe('remediationPrsOutput', () => {
  it('is a JSON array of finding_id, pr_url and branch', () => {
    const output = remediationPrsOutput([
      {
        findingId: 'f1',
        title: 't',
        severity: 'high',
        jobId: 'r1',
        prUrl: 'https://x/pull/1',
        branch: 'b1',
        problem: null,
      },
      {
        findingId: 'f2',
        title: 't',
        severity: 'high',
        jobId: 'r2',
        prUrl: '',
        branch: '',
        problem: 'no fix',
      },
    ]);
    expect(JSON.parse(output)).toEqual([
      { finding_id: 'f1', pr_url: 'https://x/pull/1', branch: 'b1' },
      { finding_id: 'f2', pr_url: '', branch: '' },
    ]);
  });
});
