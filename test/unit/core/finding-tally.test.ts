import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/client/types.ts';
import { FindingTally } from '../../../src/core/finding-tally.ts';
import { aFinding } from '../support/findings.ts';

describe('FindingTally', () => {
  it('counts every finding and keeps the reported ones, most severe first', () => {
    const tally = new FindingTally({ reportFloor: 'medium', keepPerSeverity: 10 });
    for (const severity of ['low', 'medium', 'critical', 'info', 'high'] as const)
      tally.add(aFinding({ severity }));
    expect(tally.counts).toEqual({ critical: 1, high: 1, medium: 1, low: 1, info: 1 });
    expect(tally.total).toBe(5);
    expect(tally.reportedTotal).toBe(3);
    expect(tally.kept().map((f) => f.severity)).toEqual(['critical', 'high', 'medium']);
  });

  it('keeps at most keepPerSeverity of each severity but counts them all', () => {
    const tally = new FindingTally({ reportFloor: 'info', keepPerSeverity: 2 });
    for (let i = 0; i < 5; i++) tally.add(aFinding({ severity: 'high', title: `h${i}` }));
    expect(tally.counts.high).toBe(5);
    expect(tally.reportedTotal).toBe(5);
    expect(tally.kept().map((f) => f.title)).toEqual(['h0', 'h1']);
  });

  it('maps the service fields and drops empty CWE and OWASP', () => {
    const tally = new FindingTally({ reportFloor: 'info', keepPerSeverity: 5 });
    tally.add(
      aFinding({ id: 'f1', severity: 'low', file_path: 'a.ts', line: 3, cwe: 'CWE-79', owasp: null }),
    );
    expect(tally.kept()).toEqual([
      { id: 'f1', severity: 'low', title: expect.any(String), filePath: 'a.ts', line: 3, cwe: 'CWE-79' },
    ]);
  });

  it('normalises the case of a severity', () => {
    const tally = new FindingTally({ reportFloor: 'info', keepPerSeverity: 5 });
    tally.add(aFinding({ severity: ' HIGH ' as Finding['severity'] }));
    expect(tally.counts.high).toBe(1);
    expect(tally.unknownSeverities.size).toBe(0);
  });

  it('counts an unknown severity as critical and remembers its spelling', () => {
    const tally = new FindingTally({ reportFloor: 'critical', keepPerSeverity: 5 });
    tally.add(aFinding({ severity: 'moderate' as Finding['severity'] }));
    expect(tally.counts.critical).toBe(1);
    expect([...tally.unknownSeverities]).toEqual(['moderate']);
    expect(tally.kept()[0]?.originalSeverity).toBe('moderate');
  });
});
