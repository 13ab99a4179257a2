import { describe, expect, it } from 'vitest';
import { FINGERPRINT_KEY } from '../../../src/domain/identity/finding-fingerprint.ts';
import { FindingFingerprinter } from '../../../src/domain/identity/finding-fingerprinter.ts';
import { aSarifFinding, generatedFindings, sarifSchemaErrors, writeToMemory } from './sarif-support.ts';

describe('FindingFingerprinter', () => {
  it("gives each finding the SARIF file's fingerprint, identical findings and hostile paths included", async () => {
    const findings = [
      ...generatedFindings(200),
      aSarifFinding({ id: 'dup_1', severity: 'info', file_path: 'src/a.ts', line: 1 }),
      aSarifFinding({ id: 'dup_2', severity: 'info', file_path: 'src/a.ts', line: 9 }),
      aSarifFinding({ id: 'odd', severity: 'info', file_path: '../outside\\x.ts', title: 'Title\u202e(#3)' }),
    ];
    const { log } = await writeToMemory(findings);
    const written = log.runs[0]!.results.map((result) => result.partialFingerprints[FINGERPRINT_KEY]);
    const fingerprints = new FindingFingerprinter();
    expect(findings.map((finding) => fingerprints.of(finding))).toEqual(written);
  });

  it("keeps to the SARIF file's fingerprints past a thousand files and kinds, one title under two CWEs apart", async () => {
    const findings = [
      aSarifFinding({
        id: 'early',
        severity: 'critical',
        file_path: 'src/shared.ts',
        title: 'Same kind',
        cwe: 'CWE-79',
      }),
      ...Array.from({ length: 1_200 }, (_, index) =>
        aSarifFinding({
          id: `f${index}`,
          severity: 'high',
          file_path: `src/f${index}.ts`,
          title: `Kind ${index}`,
        }),
      ),
      aSarifFinding({
        id: 'late',
        severity: 'low',
        file_path: 'src/shared.ts',
        title: 'Same kind',
        cwe: 'CWE-79',
      }),
      aSarifFinding({
        id: 'other',
        severity: 'low',
        file_path: 'src/shared.ts',
        title: 'Same kind',
        cwe: 'CWE-89',
      }),
    ];
    const { log } = await writeToMemory(findings);
    const written = log.runs[0]!.results.map((result) => result.partialFingerprints[FINGERPRINT_KEY]);
    const fingerprints = new FindingFingerprinter();
    const given = findings.map((finding) => fingerprints.of(finding));
    expect(given).toEqual(written);
    expect(new Set(given.slice(-3)).size).toBe(3);
  });

  it('writes a suppressed finding with its justification, as SARIF 2.1.0 has it', async () => {
    const { log } = await writeToMemory([
      aSarifFinding({ suppression: { justification: 'ignore[0] (CWE-89): accepted\u0000 risk' } }),
    ]);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0]!.results[0]).toMatchObject({
      suppressions: [{ kind: 'external', justification: 'ignore[0] (CWE-89): accepted\ufffd risk' }],
    });
  });
});
