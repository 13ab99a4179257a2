import { describe, expect, it } from 'vitest';
import { planAnnotations } from '../../../src/report/annotations/annotations.ts';
import { annotationLevel } from '../../../src/domain/severity-level.ts';
import { aReportedFinding, reportedFindings } from '../support/findings.ts';

describe('annotationLevel', () => {
  it('maps critical and high to errors, medium to warnings, low and info to notices', () => {
    expect(['critical', 'high', 'medium', 'low', 'info'].map((s) => annotationLevel(s as 'low'))).toEqual([
      'error',
      'error',
      'warning',
      'notice',
      'notice',
    ]);
  });
});

describe('planAnnotations', () => {
  it('annotates each finding on its file and line', () => {
    const finding = aReportedFinding('high', {
      title: 'SQL injection',
      filePath: './src/db.ts',
      line: 57,
      cwe: 'CWE-89',
    });
    const plan = planAnnotations([finding], 1);
    expect(plan.notShown).toBe(0);
    expect(plan.annotations).toEqual([
      {
        level: 'error',
        title: 'HIGH: SQL injection',
        message: `SQL injection\nSeverity: high · CWE-89 · finding ${finding.id}`,
        file: 'src/db.ts',
        startLine: 57,
      },
    ]);
  });

  it('leaves out the line when the service gives none', () => {
    const [annotation] = planAnnotations([aReportedFinding('low', { line: 0 })], 1).annotations;
    expect(annotation?.startLine).toBeUndefined();
  });

  it('emits only what GitHub shows: 9 errors (one kept for the failure), 10 warnings, 10 notices', () => {
    const findings = reportedFindings({ critical: 4, high: 8, medium: 12, low: 6, info: 6 });
    const plan = planAnnotations(findings, 40);
    const levels = plan.annotations.map((a) => a.level);
    expect(levels.filter((l) => l === 'error')).toHaveLength(9);
    expect(levels.filter((l) => l === 'warning')).toHaveLength(10);
    expect(levels.filter((l) => l === 'notice')).toHaveLength(10);
    expect(plan.notShown).toBe(40 - 29);
    expect(plan.annotations[0]?.title).toMatch(/^CRITICAL/);
  });

  it('counts reported findings that were not even kept as not shown', () => {
    expect(planAnnotations(reportedFindings({ low: 2 }), 1000).notShown).toBe(998);
  });

  it('escapes what the service sent', () => {
    const finding = aReportedFinding('medium', { title: 'x ##[error]y\nz', filePath: 'a\nb.ts' });
    const [annotation] = planAnnotations([finding], 1).annotations;
    expect(annotation?.title).not.toContain('##[');
    expect(annotation?.message).not.toContain('##[');
    expect(annotation?.file).toBe('a b.ts');
  });
});
