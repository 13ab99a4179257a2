import { generateFindings } from '../emulator/generate.ts';
import { severityRank } from '../src/core/severity.ts';
import type { SarifFinding } from '../src/core/sarif/sarif-writer.ts';

/**
 * The emulator's generated findings as the client lists them (with the CVSS score of the detail), most severe
 * first as the SARIF writer takes them. Used by the SARIF benchmark and its tests.
 */
export function generatedSarifFindings(count: number, seed: number): SarifFinding[] {
  return generateFindings({ count, seed })
    .map(
      (template, index): SarifFinding => ({
        id: `fnd_${index + 1}`,
        severity: template.severity,
        title: template.title,
        file_path: template.filePath,
        line: template.line,
        cwe: template.cwe,
        owasp: template.owasp,
        cvss_score: template.cvssScore,
      }),
    )
    .sort((a, b) => severityRank(a.severity) - severityRank(b.severity));
}
