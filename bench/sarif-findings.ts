import { generateFindings } from '../emulator/generate.ts';
import { severityRank } from '../src/domain/severity.ts';
import type { SarifFinding } from '../src/sarif/sarif-writer.ts';

/**
 * The emulator's generated findings as the client lists them (with the CVSS score of the detail), most severe
 * first as the SARIF writer takes them, made one at a time: only the generator's templates stay in memory (without
 * fix diffs, which SARIF does not carry), as a page fetcher would hold only its pages. Used by the SARIF benchmark
 * and its tests.
 */
export function* generatedSarifFindings(count: number, seed: number): Generator<SarifFinding> {
  const templates = generateFindings({ count, seed, fixShare: 0 });
  const rank = (index: number): number => severityRank(templates[index]?.severity ?? 'info');
  const order = Uint32Array.from(templates.keys()).sort((a, b) => rank(a) - rank(b) || a - b);
  for (const index of order) {
    const template = templates[index];
    if (!template) continue;
    yield {
      id: `fnd_${index + 1}`,
      severity: template.severity,
      title: template.title,
      file_path: template.filePath,
      line: template.line,
      cwe: template.cwe,
      owasp: template.owasp,
      cvss_score: template.cvssScore,
    };
  }
}
