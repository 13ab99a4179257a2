import { findingDetails } from './annotations.ts';
import { escapeMarkdownInline, markdownCode, markdownCodeLink, truncate } from './escape.ts';
import { fileLink, type FileLinkBase } from './file-links.ts';
import type { ReportedFinding, SuppressedFinding } from './finding-tally.ts';
import { withNotCounted } from './not-counted.ts';
import { ELSEWHERE, leftOutLines, noun, restOfScan } from './left-out.ts';
import type { ReportedResults, RunReport } from './run-report.ts';
import { SEVERITIES, type Severity } from './severity.ts';

/** GitHub's limits for a check run, by name (see shared/github-platform.md). */
export const CHECK_RUN_LIMITS = {
  /** `output.annotations` per create or update request; more is a 422. */
  annotationsPerRequest: 50,
  /** `output.summary` and `output.text`, each: "Only 65535 characters are allowed". */
  outputCharacters: 65_535,
  titleCharacters: 255,
  /** GitHub takes 64 KB; a finding's message needs far less. */
  messageCharacters: 4_096,
  rawDetailsCharacters: 1_024,
} as const;

export type CheckAnnotationLevel = 'failure' | 'warning' | 'notice';

export interface CheckAnnotation {
  path: string;
  start_line: number;
  end_line: number;
  annotation_level: CheckAnnotationLevel;
  title: string;
  message: string;
  raw_details: string;
}

export interface CheckRunOutput {
  title: string;
  summary: string;
  text: string;
  annotations: CheckAnnotation[];
  /** Reported findings with no annotation: beyond max-annotations, without a usable location, or not fetched. */
  notAnnotated: number;
}

export interface CheckRunOutputOptions {
  maxAnnotations: number;
  links: FileLinkBase | undefined;
  /** The workflow run's page, where the job summary is. */
  runUrl: string | undefined;
}

export function checkAnnotationLevel(severity: Severity): CheckAnnotationLevel {
  switch (severity) {
    case 'critical':
    case 'high':
      return 'failure';
    case 'medium':
      return 'warning';
    case 'low':
    case 'info':
      return 'notice';
  }
}

/**
 * What the check run shows: a title, a summary with the verdict and the counts first, every reported finding
 * it can place as an annotation on its line (most severe first, up to max-annotations), and a text listing
 * the findings it could not place, so none is dropped. Every string is cut to GitHub's limits; server text is
 * escaped for markdown where GitHub renders it (summary, text) and kept plain where it does not (annotations).
 */
export function renderCheckRunOutput(
  report: Readonly<RunReport>,
  options: CheckRunOutputOptions,
): CheckRunOutput {
  const results = report.results;
  const title = truncate(titleOf(report), CHECK_RUN_LIMITS.titleCharacters);
  if (results === undefined) {
    return {
      title,
      summary: budget(escapeMarkdownInline(report.reason)),
      text: '',
      annotations: [],
      notAnnotated: 0,
    };
  }
  const annotations: CheckAnnotation[] = [];
  const unplaced: ReportedFinding[] = [];
  for (const finding of results.findings) {
    const annotation = annotations.length < options.maxAnnotations ? annotationOf(finding) : undefined;
    if (annotation) annotations.push(annotation);
    else unplaced.push(finding);
  }
  const notAnnotated = results.reportedTotal - annotations.length;
  // Suppressed findings after the others, at notice level: seen on their lines, never as failures.
  for (const finding of report.policy?.suppressed ?? []) {
    if (annotations.length >= options.maxAnnotations) break;
    const annotation = suppressedAnnotationOf(finding);
    if (annotation) annotations.push(annotation);
  }
  const summaryLines = [
    `**${escapeMarkdownInline(report.reason)}**`,
    '',
    withNotCounted(SEVERITIES.map((s) => `${results.counts[s]} ${s}`).join(' · '), report.policy) +
      ` · risk score ${results.riskScore ?? 'n/a'}`,
  ];
  if (report.scan) {
    summaryLines.push(
      '',
      `Scan ${markdownCode(report.scan.id)} of ${markdownCode(report.scan.repository)} at ${markdownCode(report.scan.ref)}.`,
    );
  }
  summaryLines.push(
    '',
    `${annotations.length} of ${results.reportedTotal} reported findings are annotated on their lines` +
      (notAnnotated > 0 ? `; the other ${notAnnotated} are listed below or in the job summary.` : '.'),
  );
  for (const note of report.notes) summaryLines.push('', `> ${escapeMarkdownInline(note)}`);
  if (options.runUrl) summaryLines.push('', `[Job summary](${options.runUrl})`);
  return {
    title,
    summary: budget(summaryLines.join('\n')),
    text: unplacedText(unplaced, notAnnotated, options.links, restWhere(report, results, options.runUrl)),
    annotations,
    notAnnotated,
  };
}

function titleOf(report: Readonly<RunReport>): string {
  const results = report.results;
  switch (report.outcome) {
    case 'passed':
      return results
        ? `Passed: ${results.verdict.failingFindings} failing, ${results.reportedTotal} reported`
        : 'Passed';
    case 'failed':
      return results ? `Failed: ${results.verdict.failingFindings} findings at or above fail-on` : 'Failed';
    case 'skipped':
      return 'Skipped: no file in scope changed';
    case 'error':
      return 'The scan could not be completed';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** An annotation needs a repository path and a line; a finding without them is listed in the text instead. */
function annotationOf(finding: ReportedFinding): CheckAnnotation | undefined {
  const path = finding.filePath.replace(/^\.\//, '');
  if (path === '' || path.length > 4_096 || !(Number.isInteger(finding.line) && finding.line > 0))
    return undefined;
  const details = findingDetails(finding);
  return {
    path,
    start_line: finding.line,
    end_line: finding.line,
    annotation_level: checkAnnotationLevel(finding.severity),
    title: truncate(
      plain(`${finding.severity.toUpperCase()}: ${finding.title}`),
      CHECK_RUN_LIMITS.titleCharacters,
    ),
    message: truncate(plain(finding.title), CHECK_RUN_LIMITS.messageCharacters),
    raw_details: truncate(details.join('\n'), CHECK_RUN_LIMITS.rawDetailsCharacters),
  };
}

function suppressedAnnotationOf(finding: SuppressedFinding): CheckAnnotation | undefined {
  const annotation = annotationOf(finding);
  if (annotation === undefined) return undefined;
  return {
    ...annotation,
    annotation_level: 'notice',
    title: truncate(
      plain(`SUPPRESSED ${finding.severity}: ${finding.title}`),
      CHECK_RUN_LIMITS.titleCharacters,
    ),
    message: truncate(
      plain(`Suppressed by the policy's ${finding.suppression}: ${finding.reason}`),
      CHECK_RUN_LIMITS.messageCharacters,
    ),
  };
}

/** Annotation fields are shown as plain text: only invisible and control characters need to go. */
function plain(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, (c) => (c === '\n' || c === '\t' ? ' ' : '\uFFFD'));
}

function unplacedText(
  unplaced: readonly ReportedFinding[],
  notAnnotated: number,
  links: FileLinkBase | undefined,
  restWhere: string,
): string {
  if (notAnnotated === 0) return '';
  const heading = `### ${notAnnotated} reported ${notAnnotated === 1 ? 'finding' : 'findings'} without an annotation\n`;
  const lines: string[] = [heading];
  let length = heading.length;
  let listed = 0;
  const tail = (left: number): string =>
    `\n${leftOutLines(left, noun('reported finding'), restWhere).join('\n')}`;
  for (const finding of unplaced) {
    const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
    const code = location ? markdownCode(truncate(location, 240)) : '_no location_';
    const url = fileLink(links, finding);
    const line = `- **${finding.severity}** ${escapeMarkdownInline(truncate(finding.title, 200))} — ${url ? markdownCodeLink(code, url) : code}\n`;
    if (length + line.length + tail(notAnnotated).length > CHECK_RUN_LIMITS.outputCharacters) break;
    lines.push(line);
    length += line.length;
    listed += 1;
  }
  if (notAnnotated > listed) lines.push(tail(notAnnotated - listed));
  return lines.join('');
}

/** Where the findings the check run does not list are: the job summary, and the service through `svc`. */
function restWhere(
  report: Readonly<RunReport>,
  results: ReportedResults,
  runUrl: string | undefined,
): string {
  const summary = ELSEWHERE.jobSummary(runUrl);
  if (!report.scan) return summary;
  return `${summary}; ${restOfScan(report.scan.id, results.counts, report.policy, 'markdown')}`;
}

function budget(text: string): string {
  return truncate(text, CHECK_RUN_LIMITS.outputCharacters);
}
