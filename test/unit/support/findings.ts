import type { Finding } from '../../../src/client/types.ts';
import type { ReportedFinding } from '../../../src/core/finding-tally.ts';
import type { Severity } from '../../../src/core/severity.ts';

let sequence = 0;

/** A finding as the service lists it; every field can be overridden. */
export function aFinding(overrides: Partial<Finding> = {}): Finding {
  sequence += 1;
  return {
    id: `fnd_${sequence}`,
    severity: 'medium',
    title: `Finding ${sequence}`,
    file_path: `src/file${sequence}.ts`,
    line: sequence,
    ...overrides,
  };
}

/** A finding as the action reports it. */
export function aReportedFinding(
  severity: Severity,
  overrides: Partial<ReportedFinding> = {},
): ReportedFinding {
  sequence += 1;
  return {
    id: `fnd_${sequence}`,
    severity,
    title: `Finding ${sequence}`,
    filePath: `src/file${sequence}.ts`,
    line: sequence,
    ...overrides,
  };
}

export function reportedFindings(counts: Partial<Record<Severity, number>>): ReportedFinding[] {
  const order: Severity[] = ['critical', 'high', 'medium', 'low', 'info'];
  return order.flatMap((severity) =>
    Array.from({ length: counts[severity] ?? 0 }, () => aReportedFinding(severity)),
  );
}
