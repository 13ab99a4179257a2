import {
  escapeMarkdownInline,
  markdownCode,
  markdownCodeLink,
  markdownLink,
  truncate,
} from '../../text/escape.ts';
import { fileLink, type FileLinkBase } from '../../text/file-links.ts';
import type { ReportedFinding } from '../../domain/finding-tally.ts';
import { renderInsightsCommentLines } from '../insights-summary.ts';
import { COMMENT_SUPPRESSED_ROWS, renderPolicyChange, renderPolicySection } from '../policy-summary.ts';
import { counted, ELSEWHERE, FINDING, leftOutLines, noun, type Noun } from '../../text/left-out.ts';
import { withNotCounted } from '../../text/not-counted.ts';
import type {
  ReportedComparison,
  ReportedPolicy,
  ReportedResults,
  RunReport,
} from '../../domain/run-report.ts';
import { SEVERITIES, type Severity } from '../../domain/severity.ts';

/** GitHub refuses a comment body over 65,536 characters ("body is too long"). */
export const COMMENT_MAX_CHARACTERS = 65_536;
/** The findings a reviewer reads in a comment; the check run and the summary hold the rest. */
const COMMENT_TOP_FINDINGS = 10;

const SEVERITY_ICON: Record<Severity, string> = {
  critical: '🟥',
  high: '🟧',
  medium: '🟨',
  low: '🟦',
  info: '⬜',
};

/**
 * The hidden first line that finds the action's comment again, one per check name: matrix jobs that scan
 * several repositories into one pull request each keep their own comment. The name is encoded, so it can
 * neither close the HTML comment nor collide with another name.
 */
export function commentMarker(checkName: string): string {
  return `<!-- svc-scan-action:comment:${encodeURIComponent(checkName)} -->`;
}

export interface PrCommentOptions {
  checkName: string;
  links: FileLinkBase | undefined;
  checkRunUrl: string | undefined;
  runUrl: string | undefined;
  /** Fixes that could not be suggestions, already rendered folded (core/fix-suggestion.ts). */
  foldedFixes?: readonly string[] | undefined;
  suggestionsPosted?: number | undefined;
}

/**
 * The sticky pull request comment: the verdict and why, the counts, the most severe findings linked to their
 * lines, the remediation pull requests, and links to the check run and the job summary. Server text is escaped
 * for markdown (no HTML, no table breaks, no @mentions); the body stays under GitHub's limit. Every list it cuts
 * says how many it left out and where the rest are (core/left-out.ts).
 */
export function renderPrComment(report: Readonly<RunReport>, options: PrCommentOptions): string {
  const policyChange = renderPolicyChange(report.policy);
  const lines = [
    commentMarker(options.checkName),
    ...(policyChange ? [policyChange, ''] : []),
    heading(report),
    '',
    `**${escapeMarkdownInline(report.reason)}**`,
    ...(report.results ? resultsLines(report, report.results, options) : []),
    ...fixesLines(options),
    ...paragraph(renderInsightsCommentLines(report.insights, options.runUrl)),
    ...report.notes.flatMap((note) => ['', `> ${escapeMarkdownInline(truncate(note, 1_000))}`]),
    ...paragraph([linksLine(options)].filter((line) => line !== '')),
  ];
  return withinLimit(lines.join('\n'), options.runUrl);
}

/** The counts, the findings (compared with the baseline or most severe first), the policy, the remediations. */
function resultsLines(
  report: Readonly<RunReport>,
  results: ReportedResults,
  options: PrCommentOptions,
): string[] {
  const lines = ['', countsLine(results, report.policy)];
  const where = ELSEWHERE.jobSummary(options.runUrl);
  if (results.comparison) lines.push(...comparisonLines(results.comparison, options.links, where));
  else lines.push(...mostSevereLines(results, options.links, where));
  const policy = renderPolicySection(report.policy, { rows: COMMENT_SUPPRESSED_ROWS, restWhere: where });
  if (policy) lines.push('', policy.replace(/^### Policy/, '**Policy**'));
  const opened = results.remediations.filter((remediation) => remediation.problem === null);
  if (opened.length > 0) {
    lines.push('', '**Remediation pull requests:**', '');
    for (const remediation of opened)
      lines.push(`- ${markdownLink(truncate(remediation.title, 200), remediation.prUrl)}`);
  }
  return lines;
}

function countsLine(results: ReportedResults, policy: ReportedPolicy | undefined): string {
  const counts = SEVERITIES.map((s) => `${SEVERITY_ICON[s]} ${results.counts[s]} ${s}`).join(' · ');
  return `${withNotCounted(counts, policy)} · risk score **${results.riskScore ?? 'n/a'}**`;
}

/** The new findings open, the existing ones folded, then the fixed ones, linked to their line at the base. */
function comparisonLines(
  comparison: ReportedComparison,
  links: FileLinkBase | undefined,
  where: string,
): string[] {
  const { counts } = comparison;
  const top = comparison.newFindings.slice(0, COMMENT_TOP_FINDINGS);
  const lines = [
    '',
    counts.new === 0
      ? '**This pull request introduces no new finding.**'
      : `**New findings** (${top.length} of ${counts.new}):`,
  ];
  if (top.length > 0) lines.push('', ...top.map((finding) => findingItem(finding, links)));
  lines.push(...leftOutLines(counts.new - top.length, noun('new finding'), where));
  lines.push(
    ...foldedList(
      `${counted(counts.existing, noun('existing finding'))} (already in the baseline; not failing the gate)`,
      comparison.existingFindings,
      counts.existing,
      { links, what: noun('existing finding'), where },
    ),
  );
  // A fixed finding is gone from the head: its line is the base's.
  const atBase = links && { ...links, sha: comparison.baselineCommit };
  lines.push(
    ...foldedList(
      `This pull request fixes ${counted(counts.fixed, FINDING)}`,
      comparison.fixedFindings,
      counts.fixed,
      { links: atBase, what: noun('fixed finding'), where },
    ),
  );
  return lines;
}

/** A folded list of at most COMMENT_TOP_FINDINGS findings of `total`; none when the total is 0. */
function foldedList(
  summary: string,
  findings: readonly ReportedFinding[],
  total: number,
  rest: { links: FileLinkBase | undefined; what: Noun; where: string },
): string[] {
  if (total <= 0) return [];
  const shown = findings.slice(0, COMMENT_TOP_FINDINGS);
  return [
    '',
    `<details><summary>${summary}</summary>`,
    '',
    ...shown.map((finding) => findingItem(finding, rest.links)),
    ...leftOutLines(total - shown.length, rest.what, rest.where),
    '',
    '</details>',
  ];
}

/** Under the gate on every finding: the most severe ones. */
function mostSevereLines(results: ReportedResults, links: FileLinkBase | undefined, where: string): string[] {
  const top = results.findings.slice(0, COMMENT_TOP_FINDINGS);
  if (top.length === 0) return [];
  return [
    '',
    `**Most severe findings** (${top.length} of ${results.reportedTotal} reported):`,
    '',
    ...top.map((finding) => findingItem(finding, links)),
    ...leftOutLines(results.reportedTotal - top.length, noun('reported finding'), where),
  ];
}

function findingItem(finding: ReportedFinding, links: FileLinkBase | undefined): string {
  const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
  const code = location ? markdownCode(truncate(location, 200)) : '';
  const url = fileLink(links, finding);
  const where = code ? ` — ${url ? markdownCodeLink(code, url) : code}` : '';
  const cwe = finding.cwe ? ` (${escapeMarkdownInline(finding.cwe)})` : '';
  return `- ${SEVERITY_ICON[finding.severity]} ${escapeMarkdownInline(truncate(finding.title, 200))}${where}${cwe}`;
}

/** The suggestions posted, and the fixes that could not be suggestions, folded, as many as the comment takes. */
function fixesLines(options: PrCommentOptions): string[] {
  const lines: string[] = [];
  const posted = options.suggestionsPosted ?? 0;
  if (posted > 0)
    lines.push(
      '',
      `${posted} ${posted === 1 ? 'fix is' : 'fixes are'} suggested on the lines: commit ${posted === 1 ? 'it' : 'them'} from the review.`,
    );
  const folded = options.foldedFixes ?? [];
  const shown = folded.slice(0, COMMENT_TOP_FINDINGS);
  for (const block of shown) lines.push('', block);
  lines.push(
    ...leftOutLines(
      folded.length - shown.length,
      noun('fix that is not a suggestion', 'fixes that are not suggestions'),
      ELSEWHERE.jobSummary(options.runUrl),
    ),
  );
  return lines;
}

function linksLine(options: PrCommentOptions): string {
  return [
    options.checkRunUrl ? markdownLink(`Check run ${options.checkName}`, options.checkRunUrl) : undefined,
    options.runUrl ? markdownLink('Job summary', options.runUrl) : undefined,
  ]
    .filter((link): link is string => link !== undefined)
    .join(' · ');
}

/** Lines as a paragraph after a blank line, or nothing. */
function paragraph(lines: readonly string[]): string[] {
  return lines.length > 0 ? ['', ...lines] : [];
}

/** A body over GitHub's limit is cut, and says so and where the whole report is. */
function withinLimit(body: string, runUrl: string | undefined): string {
  if (body.length <= COMMENT_MAX_CHARACTERS) return body;
  const tail = `\n…\n\n_The comment was cut at GitHub's limit of ${COMMENT_MAX_CHARACTERS} characters: ${ELSEWHERE.jobSummary(runUrl)}._`;
  return `${body.slice(0, COMMENT_MAX_CHARACTERS - tail.length)}${tail}`;
}

function heading(report: Readonly<RunReport>): string {
  switch (report.outcome) {
    case 'passed':
      return '### ✅ svc-scan: passed';
    case 'failed':
      return '### ❌ svc-scan: failed';
    case 'skipped':
      return '### ⏭️ svc-scan: skipped, no file in scope changed';
    case 'error':
      return '### ❌ svc-scan: the scan could not be completed';
    case 'cancelled':
      return '### 🚫 svc-scan: cancelled';
  }
}
