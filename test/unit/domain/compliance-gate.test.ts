import { describe, expect, it } from 'vitest';
import { applyComplianceGate } from '../../../src/domain/compliance-gate.ts';
import { evaluateGate } from '../../../src/domain/gate.ts';
import type { ReportedCompliance } from '../../../src/domain/insights.ts';
import { zeroCounts } from '../../../src/domain/severity.ts';

const passing = evaluateGate(zeroCounts(), 'high');
const failing = evaluateGate({ ...zeroCounts(), high: 2 }, 'high');

function compliance(overrides: Partial<ReportedCompliance> = {}): ReportedCompliance {
  return { overallScore: 72, minScore: 80, frameworks: [], ...overrides };
}

describe('applyComplianceGate', () => {
  it('leaves the verdict alone without min-compliance-score or without compliance', () => {
    expect(applyComplianceGate(passing, compliance({ minScore: undefined }))).toEqual(passing);
    expect(applyComplianceGate(failing, undefined)).toEqual(failing);
    expect(
      applyComplianceGate(passing, compliance({ minScore: undefined, overallScore: undefined })),
    ).toEqual(passing);
  });

  it('fails a passing gate when the score is below the minimum, naming compliance and the score', () => {
    const verdict = applyComplianceGate(passing, compliance());
    expect(verdict.passed).toBe(false);
    expect(verdict.failingFindings).toBe(0);
    expect(verdict.reason).toBe('The compliance score 72 is below min-compliance-score 80.');
  });

  it('keeps the findings reason when both fail', () => {
    const verdict = applyComplianceGate(failing, compliance());
    expect(verdict.passed).toBe(false);
    expect(verdict.failingFindings).toBe(2);
    expect(verdict.reason).toBe(
      `${failing.reason} The compliance score 72 is below min-compliance-score 80.`,
    );
  });

  it('passes a score equal to the minimum, and says so', () => {
    const verdict = applyComplianceGate(passing, compliance({ overallScore: 80 }));
    expect(verdict.passed).toBe(true);
    expect(verdict.reason).toBe(`${passing.reason} The compliance score 80 meets min-compliance-score 80.`);
    expect(applyComplianceGate(passing, compliance({ overallScore: 79.5 })).passed).toBe(false);
  });

  it('never turns a failing gate into a pass', () => {
    expect(applyComplianceGate(failing, compliance({ overallScore: 100 }))).toEqual(failing);
  });

  it('fails closed when the score could not be read, and says why', () => {
    const verdict = applyComplianceGate(
      passing,
      compliance({ overallScore: undefined, problem: 'boom (500)' }),
    );
    expect(verdict.passed).toBe(false);
    expect(verdict.reason).toMatch(/^The compliance score could not be read \(boom \(500\)\)/);
    expect(verdict.reason).toContain('min-compliance-score 80 cannot be checked');
  });
});
