import { describe, expect, it } from 'vitest';
import { FINGERPRINT_KEY } from '../../../src/domain/identity/finding-fingerprint.ts';
import { aSarifFinding, generatedFindings, writeToMemory, type SarifResult } from './sarif-support.ts';

const fingerprintOf = (result: SarifResult | undefined): string | undefined =>
  result?.partialFingerprints[FINGERPRINT_KEY];

/** A fingerprint as the writer makes it: 32 hex digits. */
const FINGERPRINT = /^[0-9a-f]{32}$/;
/** A rule id as the writer makes it: `cwe-89/sql-injection`, or the slug alone without a CWE. */
const RULE_ID = /^(cwe-\d+\/)?[a-z0-9-]+$/;

describe('partialFingerprints and rule ids across scans', () => {
  it('stay equal when a finding moves 10 lines down in its file', async () => {
    const before = generatedFindings(400);
    const after = before.map((finding) =>
      finding.file_path === before[0]?.file_path ? { ...finding, line: finding.line + 10 } : finding,
    );
    const [first, second] = await Promise.all([writeToMemory(before), writeToMemory(after)]);
    const firstResults = first.log.runs[0]?.results ?? [];
    const secondResults = second.log.runs[0]?.results ?? [];
    expect(firstResults.length).toBeGreaterThan(100);
    expect(firstResults.map(fingerprintOf).filter((print) => !FINGERPRINT.test(print ?? ''))).toEqual([]);
    expect(secondResults.map(fingerprintOf)).toEqual(firstResults.map(fingerprintOf));
    expect(secondResults.map((result) => result.ruleId)).toEqual(firstResults.map((result) => result.ruleId));
    const moved = secondResults.findIndex(
      (result) => result.locations?.[0]?.physicalLocation.artifactLocation.uri === before[0]?.file_path,
    );
    expect(moved).toBeGreaterThanOrEqual(0);
    expect(secondResults[moved]?.locations?.[0]?.physicalLocation.region?.startLine).toBe(
      (firstResults[moved]?.locations?.[0]?.physicalLocation.region?.startLine ?? 0) + 10,
    );
  });

  it('do not depend on the finding id, the instance marker or the case of the title', async () => {
    const one = await writeToMemory([
      aSarifFinding({ id: 'a', title: 'Open Redirect (#4)', file_path: 'x.ts' }),
    ]);
    const two = await writeToMemory([
      aSarifFinding({ id: 'b', title: 'open redirect (#90)', file_path: './x.ts' }),
    ]);
    expect(fingerprintOf(one.log.runs[0]?.results[0])).toMatch(FINGERPRINT);
    expect(fingerprintOf(two.log.runs[0]?.results[0])).toBe(fingerprintOf(one.log.runs[0]?.results[0]));
    expect(one.log.runs[0]?.results[0]?.ruleId).toMatch(RULE_ID);
    expect(two.log.runs[0]?.results[0]?.ruleId).toBe(one.log.runs[0]?.results[0]?.ruleId);
  });

  it('keep two identical findings in one file distinct, and differ by file and by rule', async () => {
    const { log } = await writeToMemory([
      aSarifFinding({ file_path: 'a.ts', line: 3 }),
      aSarifFinding({ file_path: 'a.ts', line: 40 }),
      aSarifFinding({ file_path: 'b.ts', line: 3 }),
      aSarifFinding({ file_path: 'a.ts', line: 3, cwe: 'CWE-90' }),
    ]);
    const fingerprints = (log.runs[0]?.results ?? []).map(fingerprintOf);
    expect(fingerprints.filter((print) => !FINGERPRINT.test(print ?? ''))).toEqual([]);
    expect(new Set(fingerprints).size).toBe(4);
  });

  it('give the same rule ids whatever else the scan found, and in any order of kinds', async () => {
    const kinds = generatedFindings(200);
    const alone = await writeToMemory(kinds.slice(0, 1));
    const all = await writeToMemory(kinds);
    expect(alone.log.runs[0]?.results[0]?.ruleId).toMatch(RULE_ID);
    expect(all.log.runs[0]?.results[0]?.ruleId).toBe(alone.log.runs[0]?.results[0]?.ruleId);
    const ids = all.log.runs[0]?.tool.driver.rules.map((rule) => rule.id) ?? [];
    expect(ids.length).toBeGreaterThan(1);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.filter((id) => !RULE_ID.test(id))).toEqual([]);
  });
});
