import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { FINGERPRINT_KEY } from '../../../src/domain/identity/finding-fingerprint.ts';
import { SECURITY_SEVERITY_BANDS } from '../../../src/sarif/security-severity.ts';
import { FindingOrderError, writeSarif } from '../../../src/sarif/sarif-writer.ts';
import {
  METADATA,
  OPTIONS,
  aSarifFinding,
  generatedFindings,
  sarifSchemaErrors,
  writeToMemory,
} from './sarif-support.ts';

/** The security-severity a rule of each level may carry: error is critical or high. */
const LEVEL_BANDS: Record<string, readonly [number, number]> = {
  error: [SECURITY_SEVERITY_BANDS.high[0], SECURITY_SEVERITY_BANDS.critical[1]],
  warning: SECURITY_SEVERITY_BANDS.medium,
  note: SECURITY_SEVERITY_BANDS.low,
};

describe('writeSarif', () => {
  it('writes one run that the SARIF 2.1.0 schema accepts, with the run metadata', async () => {
    const { log } = await writeToMemory(generatedFindings(300));
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.version).toBe('2.1.0');
    expect(log.runs).toHaveLength(1);
    const [run] = log.runs;
    expect(run?.tool.driver).toMatchObject({ name: 'svc-scan', version: '0.1.0' });
    expect(run?.automationDetails.id).toBe('svc-scan/acme/web/');
    expect(run?.properties).toMatchObject({ repository: 'acme/web', commitSha: 'a'.repeat(40) });
    expect(run?.results).toHaveLength(300);
  });

  it('keeps a category that already ends in a slash as it is', async () => {
    const { log } = await writeToMemory([], {}, { category: 'team/scan/' });
    expect(log.runs[0]?.automationDetails.id).toBe('team/scan/');
    expect(sarifSchemaErrors(log)).toEqual([]);
  });

  it('gives every kind of finding one rule, and every result the index of its rule', async () => {
    const findings = generatedFindings(500);
    const { log } = await writeToMemory(findings);
    const { rules } = log.runs[0]!.tool.driver;
    const { results } = log.runs[0]!;
    const kinds = new Set(
      findings.map((finding) => `${finding.cwe}|${finding.title.replace(/ \(#\d+\)$/, '')}`),
    );
    expect(rules).toHaveLength(kinds.size);
    expect(new Set(rules.map((rule) => rule.id)).size).toBe(rules.length);
    expect(results).toHaveLength(500);
    expect(results.map((result) => rules[result.ruleIndex]?.id)).toEqual(
      results.map((result) => result.ruleId),
    );
  });

  it('describes each rule: CWE link, tags, security severity within the band of its level', async () => {
    const { log } = await writeToMemory(generatedFindings(1000));
    const { rules } = log.runs[0]!.tool.driver;
    const cweOf = (id: string): string => /^cwe-(\d+)\//.exec(id)?.[1] ?? `(no CWE in ${id})`;
    const scored = rules.filter((rule) => rule.properties['security-severity'] !== undefined);
    const unscored = rules.filter((rule) => rule.properties['security-severity'] === undefined);
    const outOfBand = scored.filter((rule) => {
      const score = Number(rule.properties['security-severity']);
      const [low, high] = LEVEL_BANDS[rule.defaultConfiguration.level] ?? [Number.NaN, Number.NaN];
      return !(score >= low && score <= high);
    });

    expect(rules.length).toBeGreaterThan(10);
    expect(rules.map((rule) => rule.helpUri)).toEqual(
      rules.map((rule) => `https://cwe.mitre.org/data/definitions/${cweOf(rule.id)}.html`),
    );
    expect(rules.filter((rule) => !rule.properties.tags.includes(`CWE-${cweOf(rule.id)}`))).toEqual([]);
    expect(rules.filter((rule) => !rule.properties.tags.includes('security'))).toEqual([]);
    expect(
      rules.filter((rule) => !rule.properties.tags.some((tag) => /^OWASP-A\d{2}:\d{4}$/.test(tag))),
    ).toEqual([]);
    expect(Math.max(...rules.map((rule) => rule.properties.tags.length))).toBeLessThanOrEqual(20);
    expect(rules.filter((rule) => /#\d+/.test(rule.shortDescription.text))).toEqual([]);
    // Only a rule whose most severe finding is info goes without a security severity.
    expect(scored.length).toBeGreaterThan(0);
    expect(unscored.map((rule) => rule.defaultConfiguration.level)).toEqual(unscored.map(() => 'note'));
    expect(outOfBand).toEqual([]);
  });

  it('takes the rule severity from the CVSS score clamped to the band, or a fixed score, none for info', async () => {
    const { log } = await writeToMemory([
      aSarifFinding({ severity: 'high', title: 'A', cvss_score: 9.9 }),
      aSarifFinding({ severity: 'medium', title: 'B' }),
      aSarifFinding({ severity: 'low', title: 'C', cvss_score: 3.3 }),
      aSarifFinding({ severity: 'info', title: 'D', cvss_score: 5 }),
    ]);
    const rules = log.runs[0]?.tool.driver.rules ?? [];
    expect(
      rules.map((rule) => [rule.defaultConfiguration.level, rule.properties['security-severity']]),
    ).toEqual([
      ['error', '8.9'],
      ['warning', '5.5'],
      ['note', '3.3'],
      ['note', undefined],
    ]);
  });

  it('gives each result its level, a repository-relative location and a line only when it is one', async () => {
    const { log } = await writeToMemory([
      aSarifFinding({ severity: 'critical', file_path: './src/a.ts', line: 12 }),
      aSarifFinding({ severity: 'high', file_path: '/src/b.ts', line: 0 }),
      aSarifFinding({ severity: 'medium', file_path: 'src\\c.ts', line: -3 }),
      aSarifFinding({ severity: 'low', file_path: 'src/d.ts', line: 1.5 }),
      aSarifFinding({ severity: 'info', file_path: '../outside.ts', line: 4 }),
    ]);
    const results = log.runs[0]?.results ?? [];
    expect(results.map((result) => result.level)).toEqual(['error', 'error', 'warning', 'note', 'note']);
    expect(results.map((result) => result.locations?.[0]?.physicalLocation)).toEqual([
      { artifactLocation: { uri: 'src/a.ts', uriBaseId: '%SRCROOT%' }, region: { startLine: 12 } },
      { artifactLocation: { uri: 'src/b.ts', uriBaseId: '%SRCROOT%' } },
      { artifactLocation: { uri: 'src/c.ts', uriBaseId: '%SRCROOT%' } },
      { artifactLocation: { uri: 'src/d.ts', uriBaseId: '%SRCROOT%' } },
      undefined,
    ]);
    expect(results[4]?.message.text).toBe('SQL injection through string concatenation');
    expect(log.runs[0]?.invocations[0]?.toolExecutionNotifications?.map((n) => n.descriptor.id)).toEqual([
      'svc-scan/no-location',
    ]);
    for (const result of results) {
      expect(Object.keys(result.partialFingerprints)).toEqual([FINGERPRINT_KEY]);
      expect(result.partialFingerprints).not.toHaveProperty('primaryLocationLineHash');
    }
  });

  it('reports findings at or above the floor and counts the rest', async () => {
    const { log, summary } = await writeToMemory(
      [
        aSarifFinding({ severity: 'high' }),
        aSarifFinding({ severity: 'medium' }),
        aSarifFinding({ severity: 'low' }),
      ],
      { severityFloor: 'medium' },
    );
    expect(log.runs[0]?.results.map((result) => result.level)).toEqual(['error', 'warning']);
    expect(summary).toMatchObject({ results: 2, belowFloor: 1 });
  });

  it('counts an unknown severity as critical, and a malformed path as no location', async () => {
    const { log, summary } = await writeToMemory([
      aSarifFinding({
        severity: 'urgent' as never,
        file_path: '',
        line: 0,
        malformed: ['file_path', 'line'],
      }),
    ]);
    expect(log.runs[0]?.results[0]).toMatchObject({ level: 'error', properties: { severity: 'critical' } });
    expect(log.runs[0]?.results[0]?.locations).toBeUndefined();
    expect(summary).toMatchObject({ malformed: 1, withoutLocation: 1 });
  });

  it('writes a finding given twice once', async () => {
    const finding = aSarifFinding();
    const { summary } = await writeToMemory([finding, finding]);
    expect(summary).toMatchObject({ results: 1, duplicates: 1 });
  });

  it('refuses findings that are not most severe first', async () => {
    await expect(
      writeToMemory([aSarifFinding({ severity: 'low' }), aSarifFinding({ severity: 'high' })]),
    ).rejects.toThrow(FindingOrderError);
  });

  it('streams: the sink gets many chunks, each bounded, and the counts match the text', async () => {
    async function* findings(): AsyncGenerator<ReturnType<typeof aSarifFinding>> {
      for (const finding of generatedFindings(3000)) yield await Promise.resolve(finding);
    }
    const chunkSizes: number[] = [];
    const parts: string[] = [];
    const summary = await writeSarif(findings(), METADATA, OPTIONS, {
      write: (chunk) => {
        chunkSizes.push(chunk.length);
        parts.push(chunk);
        return Promise.resolve();
      },
    });
    const text = parts.join('');
    expect(chunkSizes.length).toBeGreaterThan(10);
    expect(Math.max(...chunkSizes)).toBeLessThan(80 * 1024);
    expect(summary.bytes).toBe(Buffer.byteLength(text));
    expect(summary.gzipBytes).toBe(gzipSync(text).length);
    expect(summary.results).toBe(3000);
  });

  it('keeps at most 25,000 results, the most severe, and says how many were left out', async () => {
    const findings = [
      ...Array.from({ length: 24_990 }, (_, i) => aSarifFinding({ severity: 'high', line: i + 1 })),
      ...Array.from({ length: 30 }, () => aSarifFinding({ severity: 'low' })),
    ];
    const { log, summary } = await writeToMemory(findings);
    const run = log.runs[0];
    expect(run?.results).toHaveLength(25_000);
    expect(run?.results.filter((result) => result.level === 'error')).toHaveLength(24_990);
    expect(summary).toMatchObject({ results: 25_000, leftOutForResultLimit: 20 });
    const notification = run?.invocations[0]?.toolExecutionNotifications?.[0];
    expect(notification?.descriptor.id).toBe('svc-scan/result-limit');
    expect(notification?.message.text).toMatch(/^20 findings .* at most 25000 results/);
    expect(run?.properties).toMatchObject({ findingsLeftOut: 20, leftOutForResultLimit: 20 });
    expect(sarifSchemaErrors(log)).toEqual([]);
  });

  it('counts the findings a source did not read past the limit as left out', async () => {
    const findings = Array.from({ length: 5 }, () => aSarifFinding({ severity: 'high' }));
    const { log, summary } = await writeToMemory(findings, {
      limits: { maxResults: 5, maxRules: 5, maxGzipBytes: 10_000_000 },
      notRead: () => 70,
    });
    expect(summary).toMatchObject({ results: 5, leftOutForResultLimit: 70 });
    expect(log.runs[0]?.invocations[0]?.toolExecutionNotifications?.[0]?.message.text).toMatch(
      /^70 findings/,
    );
    expect(log.runs[0]?.properties).toMatchObject({ findingsLeftOut: 70 });
  });

  it('says where the findings left out are: the svc command for the scan, or the service', async () => {
    const findings = Array.from({ length: 3 }, () => aSarifFinding({ severity: 'high' }));
    const limits = { maxResults: 2, maxRules: 5, maxGzipBytes: 10_000_000 };
    const named = await writeToMemory(findings, { limits }, { scanId: 'scan_7' });
    expect(named.log.runs[0]?.invocations[0]?.toolExecutionNotifications?.[0]?.message.text).toMatch(
      /^1 finding at or above info was left out: .* The most severe findings are included; svc findings list --scan scan_7 --limit 100000 lists every finding of the scan\.$/,
    );
    const unnamed = await writeToMemory(findings, { limits });
    expect(unnamed.log.runs[0]?.invocations[0]?.toolExecutionNotifications?.[0]?.message.text).toMatch(
      /included; the service lists every finding of the scan\.$/,
    );
  });

  it('stops adding results before the compressed size limit, and says how many were left out', async () => {
    const limits = { maxResults: 25_000, maxRules: 25_000, maxGzipBytes: 1_500_000 };
    // Titles of random text hardly compress: each result weighs about its raw size.
    let state = 1;
    const noise = (): string =>
      Array.from({ length: 1500 }, () => {
        state = (state * 48271) % 2147483647;
        return String.fromCharCode(33 + (state % 90));
      }).join('');
    const findings = Array.from({ length: 2000 }, () => aSarifFinding({ severity: 'high', title: noise() }));
    const { log, summary } = await writeToMemory(findings, { limits });
    expect(summary.gzipBytes).toBeLessThanOrEqual(limits.maxGzipBytes);
    expect(summary.leftOutForSizeLimit).toBeGreaterThan(0);
    expect(summary.results + summary.leftOutForSizeLimit).toBe(2000);
    // Not needlessly early: the reserve for what deflate holds back is a fraction of the limit.
    expect(summary.gzipBytes).toBeGreaterThan(limits.maxGzipBytes * 0.5);
    expect(log.runs[0]?.tool.driver.rules).toHaveLength(summary.results);
    expect(log.runs[0]?.invocations[0]?.toolExecutionNotifications?.[0]?.descriptor.id).toBe(
      'svc-scan/size-limit',
    );
    expect(sarifSchemaErrors(log)).toEqual([]);
  });
});
