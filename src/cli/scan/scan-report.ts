import type { ScanModule } from '../../client/index.ts';
import type { ReportedFinding } from '../../domain/finding-tally.ts';
import type { ReportedPolicy } from '../../domain/run-report.ts';
import { withNotCounted } from '../../text/not-counted.ts';
import type { FailOn, GateVerdict } from '../../domain/gate.ts';
import { ELSEWHERE, leftOutSentence, noun } from '../../text/left-out.ts';
import { SEVERITIES, type Severity, type SeverityCounts } from '../../domain/severity.ts';
import { renderFindingTable } from '../finding-table.ts';
import { terminalInline } from '../terminal-text.ts';

/** What svc scan found, as one value that each format renders. */
export interface ScanReportDocument {
  scan: { id: string; status: string; repository: string; ref: string; modules: ScanModule[] };
  risk_score: number | null;
  /** Not counting the findings the policy suppressed or left out of scope (`suppressed`, `out_of_scope`). */
  total_findings: number;
  counts: SeverityCounts;
  /** Findings that matched a suppression of the policy in force: not counted, as the action's suppressed-findings. */
  suppressed: number;
  /** Findings outside paths or inside paths-ignore: not counted, as the action's out-of-scope-findings. */
  out_of_scope: number;
  gate: {
    passed: boolean;
    fail_on: FailOn;
    failing_findings: number;
    reason: string;
  };
  severity_threshold: Severity;
  /** Findings at or above it are listed (the lower of severity-threshold and fail-on). */
  reported_from: Severity;
  reported_total: number;
  /** Most severe first; at most the first 500 of each run, like the job summary. */
  findings: ReportFinding[];
  notes: string[];
}

/** A finding in the service's own field names. */
interface ReportFinding {
  id: string;
  severity: Severity;
  /** The service's spelling, when it was none of the five (the finding counts as critical). */
  original_severity?: string;
  title: string;
  file_path: string;
  line: number;
  cwe?: string;
  owasp?: string;
  /** The SARIF file's fingerprint: what a policy file's `ignore: - fingerprint:` names. */
  fingerprint?: string;
}

export interface ScanReportInput {
  scan: ScanReportDocument['scan'];
  riskScore: number | null;
  counts: SeverityCounts;
  verdict: GateVerdict;
  failOn: FailOn;
  severityThreshold: Severity;
  reportFloor: Severity;
  reportedTotal: number;
  findings: readonly ReportedFinding[];
  notes: readonly string[];
  /** What the policy took out of the counts; undefined without a policy. */
  policy?: Pick<ReportedPolicy, 'suppressedCount' | 'outOfScopeCount'> | undefined;
}

export function buildScanReport(input: ScanReportInput): ScanReportDocument {
  return {
    scan: input.scan,
    risk_score: input.riskScore,
    total_findings: SEVERITIES.reduce((sum, severity) => sum + input.counts[severity], 0),
    counts: { ...input.counts },
    suppressed: input.policy?.suppressedCount ?? 0,
    out_of_scope: input.policy?.outOfScopeCount ?? 0,
    gate: {
      passed: input.verdict.passed,
      fail_on: input.failOn,
      failing_findings: input.verdict.failingFindings,
      reason: input.verdict.reason,
    },
    severity_threshold: input.severityThreshold,
    reported_from: input.reportFloor,
    reported_total: input.reportedTotal,
    findings: input.findings.map(reportFinding),
    notes: [...input.notes],
  };
}

/** The report for a person: the verdict first and last, the counts, then the findings as a table. */
export function renderScanText(report: ScanReportDocument): string {
  const { scan } = report;
  const counts = SEVERITIES.map((severity) => `${report.counts[severity]} ${severity}`).join(', ');
  const modules = scan.modules.map((module) => `${module.name} ${module.status}`).join(', ');
  const lines = [
    `Scan ${scan.id} of ${scan.repository} at ${scan.ref}: ${scan.status}`,
    withNotCounted(
      `Risk score ${report.risk_score ?? 'n/a'} · ${report.total_findings} findings: ${counts}`,
      {
        suppressedCount: report.suppressed,
        outOfScopeCount: report.out_of_scope,
      },
    ),
    ...(modules ? [`Modules: ${modules}`] : []),
    ...report.notes.map((note) => `Note: ${note}`),
  ].map(terminalInline);
  let text = `${lines.join('\n')}\n\n`;
  if (report.reported_total === 0) {
    text += `No finding at or above ${report.reported_from}.\n`;
  } else {
    text += `Findings at or above ${report.reported_from} (${report.reported_total}, most severe first):\n`;
    text += renderFindingTable(
      report.findings.map((finding) => ({
        ...finding,
        severity: finding.original_severity ?? finding.severity,
      })),
    );
    const floor = report.reported_from;
    const leftOut = leftOutSentence(
      report.reported_total - report.findings.length,
      noun(`finding at or above ${floor}`, `findings at or above ${floor}`),
      ELSEWHERE.findingsCommand(scan.id, 'plain', {
        total: report.total_findings + report.suppressed + report.out_of_scope,
      }),
    );
    if (leftOut) text += `${terminalInline(leftOut)}\n`;
  }
  text += `\n${terminalInline(`Gate ${report.gate.passed ? 'passed' : 'failed'}: ${report.gate.reason}`)}\n`;
  return text;
}

function reportFinding(finding: ReportedFinding): ReportFinding {
  return {
    id: finding.id,
    severity: finding.severity,
    ...(finding.originalSeverity === undefined ? {} : { original_severity: finding.originalSeverity }),
    title: finding.title,
    file_path: finding.filePath,
    line: finding.line,
    ...(finding.cwe === undefined ? {} : { cwe: finding.cwe }),
    ...(finding.owasp === undefined ? {} : { owasp: finding.owasp }),
    ...(finding.fingerprint === undefined ? {} : { fingerprint: finding.fingerprint }),
  };
}
