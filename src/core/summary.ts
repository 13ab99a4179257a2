import { classifyModuleStatus } from '../client/job-status.ts';
import type { ReportedResults } from './run-report.ts';
import { escapeMarkdownInline, markdownCode, markdownCodeLink, markdownLink, truncate } from './escape.ts';
import { fileLink, type FileLinkBase } from './file-links.ts';
import type { ReportedFinding } from './finding-tally.ts';
import type { RemediationOutcome } from './remediation.ts';
import { SEVERITIES, isAtOrAbove, type Severity } from './severity.ts';

/**
 * GitHub refuses a step summary over 1 MiB. The findings table stops well before that, leaving room for the
 * rest of the summary and for other steps' summaries of the same job.
 */
export const SUMMARY_BUDGET_BYTES = 512 * 1024;
/** Past a few hundred rows a table is no longer read; the annotations and the service's UI take over. */
export const SUMMARY_MAX_FINDINGS = 500;
const TITLE_MAX = 200;
const PATH_MAX = 240;

export interface SummaryScan {
  id: string;
  status: string;
  repository: string;
  ref: string;
  modules: readonly { name: string; status: string }[];
}

/** Where the findings were annotated: in a check run (linked), as workflow commands, or not at all. */
export interface SummaryAnnotations {
  sink: 'check run' | 'workflow commands' | 'none';
  /** The check run, when the findings went there. */
  checkRun?: { name: string; url: string } | undefined;
}

/** Past this many rows, a list shows its first rows and folds the rest into a collapsed section. */
export const SUMMARY_OPEN_ROWS = 10;

/** The results as the gate judged them, and how the reporters before the summary delivered them. */
export interface ScanSummaryInput extends ReportedResults {
  scan: SummaryScan;
  annotationsShown: number;
  annotationsNotShown: number;
  /** Workflow commands when not given. */
  annotations?: SummaryAnnotations | undefined;
  /** Links findings to their lines, when the scanned repository is the workflow's own. */
  links?: FileLinkBase | undefined;
  /** Lines of warnings to show under the verdict (already plain text; escaped here). */
  notes: readonly string[];
  /** The SARIF file written for code scanning, when one was. */
  sarifFile?: { path: string; results: number; leftOut: number } | undefined;
}

const SEVERITY_LABEL: Record<Severity, string> = {
  critical: '🟥 Critical',
  high: '🟧 High',
  medium: '🟨 Medium',
  low: '🟦 Low',
  info: '⬜ Info',
};

export function renderScanSummary(input: ScanSummaryInput): string {
  const sections = [
    verdictSection(input),
    countsSection(input),
    modulesSection(input.scan.modules),
    findingsSection(input),
    sarifFileLine(input.sarifFile),
    remediationSection(input.remediations),
  ];
  return sections.filter((section) => section.length > 0).join('\n\n') + '\n';
}

function verdictSection(input: ScanSummaryInput): string {
  const { verdict, scan } = input;
  const heading = verdict.passed ? '## ✅ svc-scan: passed' : '## ❌ svc-scan: failed';
  const facts = [
    `Scan ${markdownCode(scan.id)} of ${markdownCode(scan.repository)} at ${markdownCode(scan.ref)}`,
    `risk score **${input.riskScore === null ? 'n/a' : escapeMarkdownInline(String(input.riskScore))}**`,
    `${SEVERITIES.reduce((sum, s) => sum + input.counts[s], 0)} findings`,
  ];
  const checkRun = input.annotations?.checkRun;
  if (checkRun) facts.push(`check run ${markdownLink(checkRun.name, checkRun.url)}`);
  const lines = [heading, '', `**${escapeMarkdownInline(verdict.reason)}**`, '', facts.join(' · ')];
  for (const note of input.notes) lines.push('', `> [!WARNING]\n> ${escapeMarkdownInline(note)}`);
  return lines.join('\n');
}

function countsSection(input: ScanSummaryInput): string {
  const rows = SEVERITIES.map((severity) => {
    const marks: string[] = [];
    if (input.failOn !== 'none' && isAtOrAbove(severity, input.failOn)) marks.push('fails the step');
    else if (isAtOrAbove(severity, input.reportFloor)) marks.push('reported');
    else marks.push('counted, not reported');
    if (severity === input.severityThreshold) marks.push('← severity-threshold');
    if (severity === input.failOn) marks.push('← fail-on');
    return `| ${SEVERITY_LABEL[severity]} | ${input.counts[severity]} | ${marks.join(' ')} |`;
  });
  return ['| Severity | Findings | Gate |', '| --- | ---: | --- |', ...rows].join('\n');
}

function modulesSection(modules: SummaryScan['modules']): string {
  if (modules.length === 0) return '';
  const items = modules.map(
    (module) =>
      `${markdownCode(module.name)} ${moduleIcon(module.status)} ${escapeMarkdownInline(module.status)}`,
  );
  return `**Modules:** ${items.join(' · ')}`;
}

function moduleIcon(status: string): string {
  switch (classifyModuleStatus(status)) {
    case 'succeeded':
      return '✅';
    case 'failed':
      return '❌';
    case 'skipped':
      return '⏭️';
    case 'cancelled':
      return '🚫';
    case 'running':
      return '⏳';
  }
}

function sarifFileLine(file: ScanSummaryInput['sarifFile']): string {
  if (!file) return '';
  const leftOut = file.leftOut > 0 ? `; ${file.leftOut} left out by code scanning's limits` : '';
  return `_SARIF for code scanning: ${markdownCode(file.path)}, ${file.results} results${leftOut}._`;
}

function remediationSection(outcomes: readonly RemediationOutcome[]): string {
  if (outcomes.length === 0) return '';
  const rows = outcomes.map((outcome) => {
    const finding = `${escapeMarkdownInline(truncate(outcome.title, TITLE_MAX))} (${markdownCode(outcome.findingId)})`;
    const result =
      outcome.problem === null
        ? `${markdownLink('pull request', outcome.prUrl)} on ${markdownCode(outcome.branch)}`
        : `no pull request: ${escapeMarkdownInline(outcome.problem)}`;
    return `| ${SEVERITY_LABEL[outcome.severity]} | ${finding} | ${result} |`;
  });
  return ['### Remediations', '', '| Severity | Finding | Result |', '| --- | --- | --- |', ...rows].join(
    '\n',
  );
}

function findingsSection(input: ScanSummaryInput): string {
  const lines = [
    `### Findings (${input.reportedTotal} at or above ${input.reportFloor}, most severe first)`,
    '',
  ];
  if (input.reportedTotal === 0) {
    lines.push('No finding at or above the reported severity.');
    return lines.join('\n');
  }
  const header = ['| Severity | Finding | Location | CWE | OWASP |', '| --- | --- | --- | --- | --- |'];
  const rows: string[] = [];
  let bytes = 0;
  for (const finding of input.findings) {
    if (rows.length >= SUMMARY_MAX_FINDINGS) break;
    const row = findingRow(finding, input.links);
    bytes += Buffer.byteLength(row) + 1;
    if (bytes > SUMMARY_BUDGET_BYTES) break;
    rows.push(row);
  }
  lines.push(...header, ...rows.slice(0, SUMMARY_OPEN_ROWS));
  if (rows.length > SUMMARY_OPEN_ROWS) {
    const folded = rows.length - SUMMARY_OPEN_ROWS;
    lines.push(
      '',
      `<details><summary>${folded} more ${folded === 1 ? 'finding' : 'findings'}</summary>`,
      '',
      ...header,
      ...rows.slice(SUMMARY_OPEN_ROWS),
      '',
      '</details>',
    );
  }
  const left = input.reportedTotal - rows.length;
  if (left > 0) {
    lines.push('', `_${left} more reported ${left === 1 ? 'finding is' : 'findings are'} not listed here._`);
  }
  const annotationLine = annotationsLine(input);
  if (annotationLine) lines.push('', annotationLine);
  return lines.join('\n');
}

/** Says where the findings were annotated and how many were not, when that is worth a line. */
function annotationsLine(input: ScanSummaryInput): string | undefined {
  const sink = input.annotations?.sink ?? 'workflow commands';
  const { annotationsShown: shown, annotationsNotShown: notShown } = input;
  if (sink === 'none')
    return input.reportedTotal > 0 ? '_Annotations are off (`annotations: none`)._' : undefined;
  if (notShown === 0) return undefined;
  if (sink === 'check run') {
    const checkRun = input.annotations?.checkRun;
    const where = checkRun ? ` in the check run ${markdownLink(checkRun.name, checkRun.url)}` : '';
    return (
      `_${shown} findings are annotated on their lines${where}; ${notShown} are not (\`max-annotations\`): ` +
      'the check run lists them, and the table above the most severe._'
    );
  }
  return (
    `_${shown} findings are annotated on their lines; ${notShown} are not, ` +
    'since GitHub shows at most 10 annotations of each level from a step._'
  );
}

function findingRow(finding: ReportedFinding, links: FileLinkBase | undefined): string {
  const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
  const url = fileLink(links, finding);
  const code = location ? markdownCode(truncate(location, PATH_MAX)) : '';
  const cells = [
    SEVERITY_LABEL[finding.severity],
    escapeMarkdownInline(truncate(finding.title, TITLE_MAX)),
    url && code ? markdownCodeLink(code, url) : code,
    finding.cwe ? escapeMarkdownInline(finding.cwe) : '',
    finding.owasp ? escapeMarkdownInline(finding.owasp) : '',
  ];
  return `| ${cells.join(' | ')} |`;
}

export interface FailureSummaryInput {
  message: string;
  scan?: { id: string; status: string; modules: SummaryScan['modules'] } | undefined;
}

/** What the summary says when the run could not reach a verdict: the step failed, and why. */
export function renderFailureSummary(input: FailureSummaryInput): string {
  const lines = ['## ❌ svc-scan: failed', ''];
  // A message of several lines (several invalid inputs) keeps its list.
  for (const line of input.message.split('\n')) {
    lines.push(
      line.startsWith('- ') ? `- ${escapeMarkdownInline(line.slice(2))}` : escapeMarkdownInline(line),
    );
  }
  if (input.scan) {
    lines.push('', `Scan ${markdownCode(input.scan.id)}: ${escapeMarkdownInline(input.scan.status)}`);
    const modules = modulesSection(input.scan.modules);
    if (modules) lines.push('', modules);
  }
  return lines.join('\n') + '\n';
}
