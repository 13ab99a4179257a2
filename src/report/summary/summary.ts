import type { ReportedComparison, ReportedResults } from '../../domain/run-report.ts';
import {
  escapeMarkdownInline,
  markdownCode,
  markdownCodeLink,
  markdownLink,
  truncate,
} from '../../text/escape.ts';
import { fileLink, type FileLinkBase } from '../../text/file-links.ts';
import type { ReportedFinding } from '../../domain/finding-tally.ts';
import type { ReportedInsights } from '../../domain/insights.ts';
import { renderCreditsLine, renderInsightsSections } from '../insights-summary.ts';
import type { RemediationOutcome } from '../../domain/remediation.ts';
import { counted, ELSEWHERE, FINDING, leftOutLines, noun, restOfScan } from '../../text/left-out.ts';
import { withNotCounted } from '../../text/not-counted.ts';
import { SEVERITIES, isAtOrAbove } from '../../domain/severity.ts';
import { moduleIcon } from '../../text/status-icon.ts';
import { SEVERITY_LABEL } from '../../text/severity-label.ts';
import { renderPolicyChange, renderPolicySection } from '../policy-summary.ts';
import type { ReportedPolicy } from '../../domain/run-report.ts';

/**
 * GitHub refuses a step summary over 1 MiB. The findings table stops well before that, leaving room for the
 * rest of the summary and for other steps' summaries of the same job.
 */
export const SUMMARY_BUDGET_BYTES = 512 * 1024;
/** Past a few hundred rows a table is no longer read; the annotations and the service's UI take over. */
export const SUMMARY_MAX_FINDINGS = 500;
const TITLE_MAX = 200;
const PATH_MAX = 240;

interface SummaryScan {
  id: string;
  status: string;
  repository: string;
  ref: string;
  modules: readonly { name: string; status: string }[];
}

/** Where the findings were annotated: in a check run (linked), as workflow commands, or not at all. */
interface SummaryAnnotations {
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
  /** Fixes that could not be suggestions, already rendered folded (core/fix-suggestion.ts). */
  foldedFixes?: readonly string[] | undefined;
  /** Fix suggestions posted on the pull request. */
  suggestionsPosted?: number | undefined;
  /** Lines of warnings to show under the verdict (already plain text; escaped here). */
  notes: readonly string[];
  /** The AI analysis, compliance and AI-security sections, and the credits line that ends the summary. */
  insights?: ReportedInsights | undefined;
  /** The SARIF file written for code scanning, when one was. */
  sarifFile?: { path: string; results: number; leftOut: number } | undefined;
  /** The repository's policy, when the run had one. */
  policy?: ReportedPolicy | undefined;
}

export function renderScanSummary(input: ScanSummaryInput): string {
  const sections = [
    renderPolicyChange(input.policy),
    verdictSection(input),
    countsSection(input),
    modulesSection(input.scan.modules),
    findingsSection(input),
    renderPolicySection(input.policy, { restWhere: restWhere(input) }),
    suppressionHint(input),
    fixesSection(input),
    sarifFileLine(input.sarifFile),
    remediationSection(input.remediations),
    ...renderInsightsSections(input.insights, input.scan.id),
    renderCreditsLine(input.insights?.credits),
  ];
  return sections.filter((section) => section.length > 0).join('\n\n') + '\n';
}

function verdictSection(input: ScanSummaryInput): string {
  const { verdict, scan } = input;
  const heading = verdict.passed ? '## ✅ svc-scan: passed' : '## ❌ svc-scan: failed';
  const facts = [
    `Scan ${markdownCode(scan.id)} of ${markdownCode(scan.repository)} at ${markdownCode(scan.ref)}`,
    `risk score **${input.riskScore === null ? 'n/a' : escapeMarkdownInline(String(input.riskScore))}**`,
    withNotCounted(`${SEVERITIES.reduce((sum, s) => sum + input.counts[s], 0)} findings`, input.policy),
  ];
  const checkRun = input.annotations?.checkRun;
  if (checkRun) facts.push(`check run ${markdownLink(checkRun.name, checkRun.url)}`);
  const lines = [heading, '', `**${escapeMarkdownInline(verdict.reason)}**`, '', facts.join(' · ')];
  for (const note of input.notes) lines.push('', `> [!WARNING]\n> ${escapeMarkdownInline(note)}`);
  return lines.join('\n');
}

/** How to suppress a finding the gate fails on, said where the failing findings are. */
function suppressionHint(input: ScanSummaryInput): string {
  if (input.verdict.failingFindings === 0) return '';
  return (
    '_A false positive, or an accepted risk? Suppress it in `.github/svc-scan.yml` (`ignore:` with its ' +
    '`fingerprint`, or a `cwe` and `paths`, a `reason` and an `expires` date): the fingerprint is in the check ' +
    "run's annotation details, the SARIF file and `svc scan --json`._"
  );
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

function fixesSection(input: ScanSummaryInput): string {
  const folded = input.foldedFixes ?? [];
  const posted = input.suggestionsPosted ?? 0;
  if (folded.length === 0 && posted === 0) return '';
  const lines = ['### Fixes', ''];
  if (posted > 0)
    lines.push(
      `${posted} ${posted === 1 ? 'fix was' : 'fixes were'} suggested on the pull request's lines.`,
      '',
    );
  lines.push(...folded.flatMap((block) => [block, '']));
  return lines.join('\n').trimEnd();
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
  if (input.comparison) return comparisonSection(input, input.comparison);
  const lines = [
    `### Findings (${input.reportedTotal} at or above ${input.reportFloor}, most severe first)`,
    '',
  ];
  if (input.reportedTotal === 0) {
    lines.push('No finding at or above the reported severity.');
    return lines.join('\n');
  }
  const table = findingsTable(input.findings, input.links, SUMMARY_MAX_FINDINGS);
  lines.push(...table.lines);
  lines.push(...leftOutLines(input.reportedTotal - table.listed, noun('reported finding'), restWhere(input)));
  const annotationLine = annotationsLine(input);
  if (annotationLine) lines.push('', annotationLine);
  return lines.join('\n');
}

/** Where the findings the summary does not list are: the service, through `svc findings list`. */
function restWhere(input: ScanSummaryInput): string {
  return restOfScan(input.scan.id, input.counts, input.policy, 'markdown');
}

/**
 * Under the new-findings gate: the findings the pull request introduces first, then those already in the
 * baseline (folded: they do not fail the gate), then the ones it fixes, and what was compared with what.
 */
function comparisonSection(input: ScanSummaryInput, comparison: ReportedComparison): string {
  const lines = [
    ...newFindingsLines(input, comparison),
    ...existingFindingsLines(input, comparison),
    ...fixedFindingsLines(comparison),
    '',
    baselineLine(comparison),
    ...coarseMatchingLines(comparison),
  ];
  const annotationLine = annotationsLine(input);
  if (annotationLine) lines.push('', annotationLine);
  return lines.join('\n');
}

function newFindingsLines(input: ScanSummaryInput, comparison: ReportedComparison): string[] {
  const { counts } = comparison;
  const lines = [`### New findings (${counts.new} at or above ${input.reportFloor}, most severe first)`, ''];
  if (counts.new === 0) {
    lines.push('This pull request introduces no finding at or above the reported severity.');
    return lines;
  }
  // The two tables share the summary's budget for findings: the new ones first.
  const table = findingsTable(
    comparison.newFindings,
    input.links,
    SUMMARY_MAX_FINDINGS,
    SUMMARY_OPEN_ROWS,
    SUMMARY_BUDGET_BYTES / 2,
  );
  lines.push(
    ...table.lines,
    ...leftOutLines(counts.new - table.listed, noun('new finding'), restWhere(input)),
  );
  return lines;
}

function existingFindingsLines(input: ScanSummaryInput, comparison: ReportedComparison): string[] {
  const existing = comparison.counts.existing;
  if (existing === 0) return [];
  const table = findingsTable(
    comparison.existingFindings,
    input.links,
    SUMMARY_MAX_FINDINGS,
    Number.POSITIVE_INFINITY,
    SUMMARY_BUDGET_BYTES / 2,
  );
  return [
    '',
    `<details><summary>${counted(existing, noun('existing finding'))}, already in the baseline: ${existing === 1 ? 'it does' : 'they do'} not fail the gate</summary>`,
    '',
    ...table.lines,
    ...leftOutLines(existing - table.listed, noun('existing finding'), restWhere(input)),
    '',
    '</details>',
  ];
}

function fixedFindingsLines(comparison: ReportedComparison): string[] {
  const fixed = comparison.counts.fixed;
  if (fixed === 0) return [];
  const items = comparison.fixedFindings
    .slice(0, SUMMARY_OPEN_ROWS * 5)
    .map(
      (finding) =>
        `- ${SEVERITY_LABEL[finding.severity]} ${escapeMarkdownInline(truncate(finding.title, TITLE_MAX))} (${markdownCode(truncate(finding.filePath, PATH_MAX))})`,
    );
  // Fixed findings are the baseline's.
  const where = ELSEWHERE.findingsCommand(comparison.baselineScanId, 'markdown', { scan: 'the baseline' });
  return [
    '',
    `<details><summary>This pull request fixes ${counted(fixed, FINDING)}</summary>`,
    '',
    ...items,
    ...leftOutLines(fixed - items.length, noun('fixed finding'), where),
    '',
    '</details>',
  ];
}

function baselineLine(comparison: ReportedComparison): string {
  return (
    `_Compared with scan ${markdownCode(comparison.baselineScanId)} of ${markdownCode(comparison.baselineCommit)}, ` +
    `${escapeMarkdownInline(comparison.baselineSource)}${comparison.startedBaseline ? ', started for this comparison (it cost a scan)' : ''}._`
  );
}

function coarseMatchingLines(comparison: ReportedComparison): string[] {
  const files = comparison.coarseFiles.length;
  if (files === 0) return [];
  return [
    '',
    `_Coarse matching (by title, CWE and file only) for ${files} ${files === 1 ? 'file' : 'files'} whose diff GitHub did not give._`,
  ];
}

/**
 * A findings table within the row cap and the byte budget: the first rows open, the rest folded into a
 * collapsed section (`openRows` at most shown open).
 */
function findingsTable(
  findings: readonly ReportedFinding[],
  links: FileLinkBase | undefined,
  maxRows: number,
  openRows = SUMMARY_OPEN_ROWS,
  budgetBytes = SUMMARY_BUDGET_BYTES,
): { lines: string[]; listed: number } {
  const header = ['| Severity | Finding | Location | CWE | OWASP |', '| --- | --- | --- | --- | --- |'];
  const rows: string[] = [];
  let bytes = 0;
  for (const finding of findings) {
    if (rows.length >= maxRows) break;
    const row = findingRow(finding, links);
    bytes += Buffer.byteLength(row) + 1;
    if (bytes > budgetBytes) break;
    rows.push(row);
  }
  const lines = [...header, ...rows.slice(0, openRows)];
  if (rows.length > openRows) {
    const folded = rows.length - openRows;
    lines.push(
      '',
      `<details><summary>${folded} more ${folded === 1 ? 'finding' : 'findings'}</summary>`,
      '',
      ...header,
      ...rows.slice(openRows),
      '',
      '</details>',
    );
  }
  return { lines, listed: rows.length };
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
