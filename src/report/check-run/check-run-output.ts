import { findingDetails } from '../annotations/annotations.ts';
import { escapeMarkdownInline, markdownCode, markdownCodeLink, truncate } from '../../text/escape.ts';
import { fileLink, type FileLinkBase } from '../../text/file-links.ts';
import type { ReportedFinding, SuppressedFinding } from '../../domain/finding-tally.ts';
import { withNotCounted } from '../../text/not-counted.ts';
import { counted, ELSEWHERE, FINDING, leftOutLines, noun, restOfScan } from '../../text/left-out.ts';
import type { ReportedPolicy, ReportedResults, RunReport } from '../../domain/run-report.ts';
import { SEVERITIES, type Severity } from '../../domain/severity.ts';

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

type CheckAnnotationLevel = 'failure' | 'warning' | 'notice';

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
  /** Of the annotations, those of reported findings; the others are suppressed findings shown as notices. */
  annotatedFindings: number;
  suppressedNotices: number;
  /** Reported findings with no annotation: beyond max-annotations, without a usable location, or not fetched. */
  notAnnotated: number;
}

export interface CheckRunOutputOptions {
  maxAnnotations: number;
  links: FileLinkBase | undefined;
  /** The workflow run's page, where the job summary is. */
  runUrl: string | undefined;
}

function checkAnnotationLevel(severity: Severity): CheckAnnotationLevel {
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
      annotatedFindings: 0,
      suppressedNotices: 0,
      notAnnotated: 0,
    };
  }
  const placed = placeAnnotations(results, report.policy, options.maxAnnotations);
  const notAnnotated = results.reportedTotal - placed.annotatedFindings;
  return {
    title,
    summary: budget(summaryLines(report, results, placed, options.runUrl).join('\n')),
    text: unplacedText(
      placed.unplaced,
      notAnnotated,
      options.links,
      restWhere(report, results, options.runUrl),
    ),
    annotations: placed.annotations,
    annotatedFindings: placed.annotatedFindings,
    suppressedNotices: placed.suppressedNotices,
    notAnnotated,
  };
}

interface PlacedAnnotations {
  annotations: CheckAnnotation[];
  /** Reported findings given an annotation. */
  annotatedFindings: number;
  /** Suppressed findings shown as a notice, after the reported ones. */
  suppressedNotices: number;
  /** Reported findings kept to show that got no annotation (no location, or past the cap). */
  unplaced: ReportedFinding[];
}

/** The reported findings on their lines up to the cap, then the suppressed ones as notices in what is left. */
function placeAnnotations(
  results: ReportedResults,
  policy: ReportedPolicy | undefined,
  maxAnnotations: number,
): PlacedAnnotations {
  const annotations: CheckAnnotation[] = [];
  const unplaced: ReportedFinding[] = [];
  for (const finding of results.findings) {
    const annotation = annotations.length < maxAnnotations ? annotationOf(finding) : undefined;
    if (annotation) annotations.push(annotation);
    else unplaced.push(finding);
  }
  const annotatedFindings = annotations.length;
  // Suppressed findings after the others, at notice level: seen on their lines, never as failures.
  for (const finding of policy?.suppressed ?? []) {
    if (annotations.length >= maxAnnotations) break;
    const annotation = suppressedAnnotationOf(finding);
    if (annotation) annotations.push(annotation);
  }
  return {
    annotations,
    annotatedFindings,
    suppressedNotices: annotations.length - annotatedFindings,
    unplaced,
  };
}

function summaryLines(
  report: Readonly<RunReport>,
  results: ReportedResults,
  placed: PlacedAnnotations,
  runUrl: string | undefined,
): string[] {
  const counts = SEVERITIES.map((s) => `${results.counts[s]} ${s}`).join(' · ');
  const lines = [
    `**${escapeMarkdownInline(report.reason)}**`,
    '',
    `${withNotCounted(counts, report.policy)} · risk score ${results.riskScore ?? 'n/a'}`,
  ];
  const scan = report.scan;
  if (scan) {
    lines.push(
      '',
      `Scan ${markdownCode(scan.id)} of ${markdownCode(scan.repository)} at ${markdownCode(scan.ref)}.`,
    );
  }
  lines.push('', annotatedSentence(results.reportedTotal, placed, report.policy?.suppressedCount ?? 0));
  for (const note of report.notes) lines.push('', `> ${escapeMarkdownInline(note)}`);
  if (runUrl) lines.push('', `[Job summary](${runUrl})`);
  return lines;
}

/**
 * `20 of 20 reported findings are annotated on their lines. 1 suppressed finding is shown as a notice.`: the
 * reported findings and the suppressed ones counted apart, each against its own total.
 */
function annotatedSentence(
  reportedTotal: number,
  placed: PlacedAnnotations,
  suppressedTotal: number,
): string {
  const notAnnotated = reportedTotal - placed.annotatedFindings;
  let sentence =
    `${placed.annotatedFindings} of ${reportedTotal} reported findings are annotated on their lines` +
    (notAnnotated > 0 ? `; the other ${notAnnotated} are listed below or in the job summary.` : '.');
  const notices = placed.suppressedNotices;
  if (notices > 0)
    sentence += ` ${counted(notices, noun('suppressed finding'))} ${notices === 1 ? 'is' : 'are'} shown as ${notices === 1 ? 'a notice' : 'notices'}.`;
  const unshown = suppressedTotal - notices;
  if (unshown > 0)
    sentence += ` ${counted(unshown, noun(notices > 0 ? 'more suppressed finding' : 'suppressed finding'))} ${unshown === 1 ? 'is' : 'are'} not annotated (\`max-annotations\`): the job summary lists them.`;
  return sentence;
}

/** Under the new-findings gate the title counts the new findings the verdict is about, as the verdict does. */
function titleOf(report: Readonly<RunReport>): string {
  const results = report.results;
  const fresh = results?.comparison ? 'new ' : '';
  const failing = results?.comparison
    ? results.comparison.counts.newFailing
    : results?.verdict.failingFindings;
  switch (report.outcome) {
    case 'passed':
      return results ? `Passed: ${failing} ${fresh}failing, ${results.reportedTotal} reported` : 'Passed';
    case 'failed':
      return results
        ? `Failed: ${counted(failing ?? 0, noun(`${fresh}finding`))} at or above fail-on`
        : 'Failed';
    case 'skipped':
      return 'Skipped: no file in scope changed';
    case 'error':
      return 'The scan could not be completed';
    case 'cancelled':
      return 'Cancelled';
  }
}

/** The log's line for the check run: the findings annotated, the suppressed notices apart, and its address. */
export function checkRunLogLine(checkName: string, output: CheckRunOutput, url: string): string {
  const notices =
    output.suppressedNotices > 0
      ? `, and ${counted(output.suppressedNotices, noun('suppressed finding'))} as ${output.suppressedNotices === 1 ? 'a notice' : 'notices'}`
      : '';
  const notAnnotated =
    output.notAnnotated > 0 ? `; ${output.notAnnotated} not annotated (listed in its text)` : '';
  return `Check run ${checkName}: ${counted(output.annotatedFindings, FINDING)} annotated${notices}${notAnnotated}. ${url}`;
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
