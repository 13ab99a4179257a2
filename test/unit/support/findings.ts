import type { Finding } from '../../../src/client/types.ts';
import type { ReportedFinding } from '../../../src/domain/finding-tally.ts';
import type { ReportedComparison } from '../../../src/domain/run-report.ts';
import type { Severity } from '../../../src/domain/severity.ts';

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

/** A comparison with the baseline `scan_base` at `base999`, the counts those of the lists given. */
export function aComparison(lists: {
  newFindings?: ReportedFinding[];
  existingFindings?: ReportedFinding[];
  fixedFindings?: ReportedFinding[];
}): ReportedComparison {
  const { newFindings = [], existingFindings = [], fixedFindings = [] } = lists;
  return {
    baselineScanId: 'scan_base',
    baselineCommit: 'base999',
    baselineSource: 'the merge base',
    startedBaseline: false,
    newFindings,
    existingFindings,
    fixedFindings,
    counts: {
      new: newFindings.length,
      newFailing: newFindings.length,
      existing: existingFindings.length,
      fixed: fixedFindings.length,
    },
    coarseFiles: [],
  };
}
