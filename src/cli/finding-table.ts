import { renderTable } from './terminal-text.ts';

/** A finding as the tables of svc show it, in the service's field names. */
export interface FindingRow {
  id: string;
  severity: string;
  title: string;
  file_path: string;
  line: number;
  cwe?: string | null | undefined;
}

/**
 * One layout for every table of findings (`svc scan`, `svc findings list`): the id last, where `svc findings view`
 * and `svc remediate` take it from.
 */
export function renderFindingTable(findings: readonly FindingRow[]): string {
  return renderTable(
    ['SEVERITY', 'TITLE', 'LOCATION', 'CWE', 'ID'],
    findings.map((finding) => [
      finding.severity,
      finding.title,
      locationOf(finding),
      finding.cwe ?? '',
      finding.id,
    ]),
  );
}

export function locationOf(finding: Pick<FindingRow, 'file_path' | 'line'>): string {
  return finding.line > 0 ? `${finding.file_path}:${finding.line}` : finding.file_path;
}
