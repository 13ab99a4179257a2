import { describe, expect, it } from 'vitest';
import { generateFindings, startEmulator } from '../../emulator/index.ts';
import { get } from './helpers.ts';

describe('generateFindings', () => {
  it('makes exactly the count asked for, up to 100,000', () => {
    expect(generateFindings({ count: 0, seed: 1 })).toEqual([]);
    expect(generateFindings({ count: 100_000, seed: 1 })).toHaveLength(100_000);
    expect(() => generateFindings({ count: -1, seed: 1 })).toThrow(RangeError);
    expect(() => generateFindings({ count: 1.5, seed: 1 })).toThrow(RangeError);
  });

  it('is deterministic for a seed and differs between seeds', () => {
    const a = generateFindings({ count: 500, seed: 7 });
    expect(generateFindings({ count: 500, seed: 7 })).toEqual(a);
    expect(generateFindings({ count: 500, seed: 8 })).not.toEqual(a);
  });

  it('follows the severity mix and fills every field', () => {
    const findings = generateFindings({ count: 20_000, seed: 3 });
    const share = (severity: string) =>
      findings.filter((f) => f.severity === severity).length / findings.length;
    expect(share('critical')).toBeCloseTo(0.02, 1);
    expect(share('high')).toBeCloseTo(0.1, 1);
    expect(share('medium')).toBeCloseTo(0.28, 1);
    expect(share('low')).toBeCloseTo(0.35, 1);
    expect(share('info')).toBeCloseTo(0.25, 1);
    const withFix = findings.filter((f) => f.fixDiff !== null).length / findings.length;
    expect(withFix).toBeCloseTo(0.3, 1);
    for (const finding of findings.slice(0, 200)) {
      expect(finding.title.length).toBeGreaterThan(5);
      expect(finding.filePath).toMatch(/^[\w./-]+$/);
      expect(finding.line).toBeGreaterThanOrEqual(1);
      expect(finding.cvssScore === null).toBe(finding.severity === 'info');
    }
  });

  it('takes a custom mix', () => {
    const findings = generateFindings({ count: 1000, seed: 1, severityMix: { critical: 1, high: 1 } });
    expect(new Set(findings.map((f) => f.severity))).toEqual(new Set(['critical', 'high']));
    expect(() => generateFindings({ count: 1, seed: 1, severityMix: {} })).toThrow(RangeError);
  });
});

describe('the findings option', () => {
  it('adds bench/large with a completed scan of N findings, served page by page', async () => {
    const emulator = await startEmulator({ scenario: 'demo', findings: 100_000, timeScale: 0 });
    try {
      const repositories = await get(emulator, '/repositories', { key: emulator.apiKey });
      const bench = repositories.body.items.find((r: { full_name: string }) => r.full_name === 'bench/large');
      expect(bench).toMatchObject({ id: 'repo_bench_large' });
      const page = await get(emulator, '/findings?scan_id=scan_bench_large&limit=200&offset=99900', {
        key: emulator.apiKey,
      });
      expect(page.body).toMatchObject({ total: 100_000, limit: 200, offset: 99_900 });
      expect(page.body.items).toHaveLength(100);
      const critical = await get(emulator, '/findings?scan_id=scan_bench_large&severity=critical&limit=1', {
        key: emulator.apiKey,
      });
      expect(critical.body.total).toBeGreaterThan(1000);
      expect(critical.body.total).toBeLessThan(3000);
      const report = await get(emulator, '/scans/scan_bench_large/report', { key: emulator.apiKey });
      expect(report.body.total_findings).toBe(100_000);
    } finally {
      await emulator.close();
    }
  });
});
