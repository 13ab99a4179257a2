import { escapeMarkdownInline, markdownCode, markdownCodeLink, markdownLink, truncate } from './escape.ts';
import { fileLink, type FileLinkBase } from './file-links.ts';
import type { ReportedFinding } from './finding-tally.ts';
import { renderInsightsCommentLines } from './insights-summary.ts';
import { COMMENT_SUPPRESSED_ROWS, renderPolicyChange, renderPolicySection } from './policy-summary.ts';
import type { RunReport } from './run-report.ts';
import { SEVERITIES, type Severity } from './severity.ts';

/** GitHub refuses a comment body over 65,536 characters ("body is too long"). */
export const COMMENT_MAX_CHARACTERS = 65_536;
/** The findings a reviewer reads in a comment; the check run and the summary hold the rest. */
export const COMMENT_TOP_FINDINGS = 10;

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
 * for markdown (no HTML, no table breaks, no @mentions); the body stays under GitHub's limit.
 */
export function renderPrComment(report: Readonly<RunReport>, options: PrCommentOptions): string {
  const policyChange = renderPolicyChange(report.policy);
  const lines = [
    commentMarker(options.checkName),
    ...(policyChange ? [policyChange, ''] : []),
    heading(report),
    '',
    `**${escapeMarkdownInline(report.reason)}**`,
  ];
  const results = report.results;
  if (results) {
    lines.push(
      '',
      SEVERITIES.map((s) => `${SEVERITY_ICON[s]} ${results.counts[s]} ${s}`).join(' · ') +
        ` · risk score **${results.riskScore ?? 'n/a'}**`,
    );
    const item = (finding: ReportedFinding): string => {
      const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
      const code = location ? markdownCode(truncate(location, 200)) : '';
      const url = fileLink(options.links, finding);
      const where = code ? ` — ${url ? markdownCodeLink(code, url) : code}` : '';
      const cwe = finding.cwe ? ` (${escapeMarkdownInline(finding.cwe)})` : '';
      return `- ${SEVERITY_ICON[finding.severity]} ${escapeMarkdownInline(truncate(finding.title, 200))}${where}${cwe}`;
    };
    const comparison = results.comparison;
    if (comparison) {
      const { counts } = comparison;
      const top = comparison.newFindings.slice(0, COMMENT_TOP_FINDINGS);
      lines.push(
        '',
        counts.new === 0
          ? '**This pull request introduces no new finding.**'
          : `**New findings** (${top.length} of ${counts.new}):`,
      );
      if (top.length > 0) lines.push('', ...top.map(item));
      if (counts.existing > 0) {
        const existing = comparison.existingFindings.slice(0, COMMENT_TOP_FINDINGS);
        lines.push(
          '',
          `<details><summary>${counts.existing} existing ${counts.existing === 1 ? 'finding' : 'findings'} (already in the baseline; not failing the gate)</summary>`,
          '',
          ...existing.map(item),
          '',
          '</details>',
        );
      }
      if (counts.fixed > 0) {
        const fixed = comparison.fixedFindings.slice(0, COMMENT_TOP_FINDINGS);
        lines.push(
          '',
          `<details><summary>This pull request fixes ${counts.fixed} ${counts.fixed === 1 ? 'finding' : 'findings'}</summary>`,
          '',
          ...fixed.map(item),
          ...(counts.fixed > fixed.length ? ['', `_${counts.fixed - fixed.length} more._`] : []),
          '',
          '</details>',
        );
      }
    } else {
      const top = results.findings.slice(0, COMMENT_TOP_FINDINGS);
      if (top.length > 0) {
        lines.push('', `**Most severe findings** (${top.length} of ${results.reportedTotal} reported):`, '');
        lines.push(...top.map(item));
      }
    }
    const policy = renderPolicySection(report.policy, COMMENT_SUPPRESSED_ROWS);
    if (policy) lines.push('', policy.replace(/^### Policy/, '**Policy**'));
    const opened = results.remediations.filter((remediation) => remediation.problem === null);
    if (opened.length > 0) {
      lines.push('', '**Remediation pull requests:**', '');
      for (const remediation of opened) {
        lines.push(`- ${markdownLink(truncate(remediation.title, 200), remediation.prUrl)}`);
      }
    }
  }
  const posted = options.suggestionsPosted ?? 0;
  if (posted > 0)
    lines.push(
      '',
      `${posted} ${posted === 1 ? 'fix is' : 'fixes are'} suggested on the lines: commit ${posted === 1 ? 'it' : 'them'} from the review.`,
    );
  for (const block of (options.foldedFixes ?? []).slice(0, COMMENT_TOP_FINDINGS)) lines.push('', block);
  const insightLines = renderInsightsCommentLines(report.insights, options.runUrl);
  if (insightLines.length > 0) lines.push('', ...insightLines);
  for (const note of report.notes) lines.push('', `> ${escapeMarkdownInline(truncate(note, 1_000))}`);
  const links = [
    options.checkRunUrl ? markdownLink(`Check run ${options.checkName}`, options.checkRunUrl) : undefined,
    options.runUrl ? markdownLink('Job summary', options.runUrl) : undefined,
  ].filter((link): link is string => link !== undefined);
  if (links.length > 0) lines.push('', links.join(' · '));
  const body = lines.join('\n');
  return body.length <= COMMENT_MAX_CHARACTERS ? body : `${body.slice(0, COMMENT_MAX_CHARACTERS - 2)}\n…`;
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
