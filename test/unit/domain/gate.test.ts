import { describe, expect, it } from 'vitest';
import { evaluateGate, strictestCounts } from '../../../src/domain/gate.ts';
import { zeroCounts } from '../../../src/domain/severity.ts';

const counts = (values: Partial<ReturnType<typeof zeroCounts>>) => ({ ...zeroCounts(), ...values });

describe('evaluateGate', () => {
  it('fails when a finding is at fail-on, and names the counts', () => {
    const verdict = evaluateGate(counts({ critical: 1, high: 2, medium: 5 }), 'high');
    expect(verdict.passed).toBe(false);
    expect(verdict.failingFindings).toBe(3);
    expect(verdict.reason).toBe('3 findings are high or above (fail-on: high): 1 critical, 2 high.');
  });

  it('passes when every finding is below fail-on', () => {
    const verdict = evaluateGate(counts({ medium: 5, low: 1, info: 9 }), 'high');
    expect(verdict).toMatchObject({ passed: true, failingFindings: 0 });
  });

  it('counts info findings with fail-on info', () => {
    expect(evaluateGate(counts({ info: 1 }), 'info')).toMatchObject({ passed: false, failingFindings: 1 });
  });

  it('says "critical", not "critical or above"', () => {
    expect(evaluateGate(counts({ critical: 1 }), 'critical').reason).toBe(
      '1 finding is critical (fail-on: critical): 1 critical.',
    );
  });

  it('fails a scan with a failed module, whose findings are missing', () => {
    const verdict = evaluateGate(counts({ low: 1 }), 'high', ['iac (failed)']);
    expect(verdict).toMatchObject({ passed: false, failingFindings: 0 });
    expect(verdict.reason).toBe(
      'The scan is incomplete: module iac (failed) did not complete, so its findings are missing.',
    );
    expect(evaluateGate(counts({ high: 1 }), 'high', ['iac (failed)', 'sast (cancelled)']).reason).toBe(
      '1 finding is high or above (fail-on: high): 1 high. The scan is incomplete: modules iac (failed), sast (cancelled) did not complete, so their findings are missing.',
    );
  });

  it('never fails with fail-on none', () => {
    expect(evaluateGate(counts({ critical: 50 }), 'none')).toMatchObject({
      passed: true,
      failingFindings: 0,
    });
  });
});

describe('strictestCounts', () => {
  it('takes the larger count of each severity', () => {
    expect(strictestCounts(counts({ high: 2, low: 5 }), { high: 3, low: 1 })).toEqual(
      counts({ high: 3, low: 5 }),
    );
  });

  it('ignores severities the report leaves out', () => {
    expect(strictestCounts(counts({ medium: 4 }), {})).toEqual(counts({ medium: 4 }));
  });
});
