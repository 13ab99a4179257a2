import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/client/types.ts';
import { FindingTally, findingsToList } from '../../../src/domain/finding-tally.ts';
import { zeroCounts } from '../../../src/domain/severity.ts';
import { aFinding } from '../support/findings.ts';

describe('FindingTally', () => {
  it('counts what the list says and keeps the reported findings, most severe first', () => {
    const tally = new FindingTally('medium');
    tally.stateCount('critical', 1);
    tally.stateCount('medium', 4);
    tally.stateCount('info', 7);
    for (const severity of ['low', 'medium', 'critical', 'info'] as const) tally.keep(aFinding({ severity }));
    expect(tally.total).toBe(13);
    expect(tally.reportedTotal).toBe(5);
    expect(tally.kept().map((f) => f.severity)).toEqual(['critical', 'medium']);
    expect(tally.keptCount('medium')).toBe(1);
  });

  it('counts every finding read but keeps only as many of each severity as a sink shows', () => {
    const tally = new FindingTally('low', undefined, 2);
    for (let index = 0; index < 5; index++) tally.keep(aFinding({ severity: 'high' }));
    tally.keep(aFinding({ severity: 'low' }));
    expect(tally.counts.high).toBe(5);
    expect(tally.reportedTotal).toBe(6);
    expect(tally.kept().map((f) => f.severity)).toEqual(['high', 'high', 'low']);
  });

  it('keeps a finding once, however often it is listed', () => {
    const tally = new FindingTally('info');
    const finding = aFinding({ severity: 'high' });
    tally.keep(finding);
    tally.keep({ ...finding });
    expect(tally.kept()).toHaveLength(1);
  });

  it('maps the service fields and drops empty CWE and OWASP', () => {
    const tally = new FindingTally('info');
    tally.keep(
      aFinding({
        id: 'f1',
        severity: 'low',
        title: 'T',
        file_path: 'a.ts',
        line: 3,
        cwe: 'CWE-79',
        owasp: null,
      }),
    );
    expect(tally.kept()).toEqual([
      {
        id: 'f1',
        severity: 'low',
        title: 'T',
        filePath: 'a.ts',
        line: 3,
        cwe: 'CWE-79',
        fingerprint: expect.stringMatching(/^[0-9a-f]{32}$/) as string,
      },
    ]);
  });

  it('normalises the case of a severity', () => {
    const tally = new FindingTally('info');
    tally.keep(aFinding({ severity: ' HIGH ' as Finding['severity'] }));
    expect(tally.keptCount('high')).toBe(1);
    expect(tally.unknownSeverities.size).toBe(0);
  });

  it('shows an unknown severity as critical and remembers its spelling', () => {
    const tally = new FindingTally('critical');
    tally.keep(aFinding({ severity: 'moderate' as Finding['severity'] }));
    expect([...tally.unknownSeverities]).toEqual(['moderate']);
    expect(tally.kept()[0]).toMatchObject({ severity: 'critical', originalSeverity: 'moderate' });
  });

  it('counts the largest of what the service states and what was seen', () => {
    const tally = new FindingTally('info');
    tally.stateCount('high', 2);
    tally.stateCount('high', 1);
    for (let i = 0; i < 3; i++) tally.keep(aFinding({ severity: 'low' }));
    tally.keep(aFinding({ severity: 'high' }));
    expect(tally.counts).toMatchObject({ high: 2, low: 3 });
  });

  it('counts findings of no known severity as critical', () => {
    const tally = new FindingTally('high');
    tally.addUncategorised(3, 'other');
    expect(tally.counts.critical).toBe(3);
    expect(tally.reportedTotal).toBe(3);
  });
});

describe('findingsToList', () => {
  const counts = (values: Partial<ReturnType<typeof zeroCounts>>) => ({ ...zeroCounts(), ...values });

  it('fills the rows most severe first, and lists nothing below the report floor', () => {
    expect(
      findingsToList(counts({ critical: 3, high: 400, medium: 900, low: 5000, info: 9 }), 'low', 500, 0),
    ).toEqual(counts({ critical: 3, high: 400, medium: 97, low: 0 }));
  });

  it('lists at least the minimum of each reported severity, for its annotations', () => {
    expect(
      findingsToList(counts({ critical: 600, high: 50, medium: 3, info: 40 }), 'medium', 500, 10),
    ).toEqual(counts({ critical: 500, high: 10, medium: 3 }));
  });

  it('lists everything of a small scan', () => {
    const small = counts({ high: 2, low: 7 });
    expect(findingsToList(small, 'info', 500, 10)).toEqual(small);
  });
});
