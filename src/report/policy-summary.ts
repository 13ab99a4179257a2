import { escapeMarkdownInline, markdownCode, truncate } from '../text/escape.ts';
import type { SuppressedFinding } from '../domain/finding-tally.ts';
import { counted, leftOutLines, noun } from '../text/left-out.ts';
import type { ReportedPolicy } from '../domain/run-report.ts';
import { SEVERITY_LABEL } from '../text/severity-label.ts';

const TITLE_MAX = 200;
const PATH_MAX = 240;
const REASON_MAX = 300;
/** Suppressed findings listed in the summary (all kept) and in the pull request comment. */
export const COMMENT_SUPPRESSED_ROWS = 20;

/**
 * The opening of the summary and of the pull request comment when the change under review changes the policy:
 * what it does, and whether it judged this run (a fork's change is shown, never applied).
 */
export function renderPolicyChange(policy: ReportedPolicy | undefined): string {
  if (!policy || policy.change.length === 0) return '';
  const applied = policy.changeApplied
    ? 'this run was judged by the changed policy'
    : "shown, not applied: the base's policy judged this run";
  const items = policy.change.map((sentence) => `> - ${escapeMarkdownInline(sentence)}`);
  return [`> [!IMPORTANT]`, `> **This pull request changes the policy** (${applied}):`, ...items].join('\n');
}

export interface PolicySectionOptions {
  /** Suppressed findings listed; all those kept when not given. */
  rows?: number;
  /** False when no finding was read (a skipped run): the scope line counts nothing. */
  findingsRead?: boolean;
  /** Where the suppressed findings not listed are, completing "…not listed here: " (markdown). */
  restWhere?: string;
}

/**
 * The policy's section: where it came from, the scope, the suppressed findings with their reasons (folded), and
 * the suppressions to look at (expired, expiring, unused), with the hint that tells how to suppress by fingerprint.
 */
export function renderPolicySection(
  policy: ReportedPolicy | undefined,
  options: PolicySectionOptions = {},
): string {
  if (!policy) return '';
  const { rows = Number.POSITIVE_INFINITY, findingsRead = true, restWhere = '' } = options;
  const lines = ['### Policy', ''];
  lines.push(
    policy.source
      ? `Policy file ${escapeMarkdownInline(policy.source)}.`
      : 'No policy file: the inputs alone set the gate.',
  );
  const scope = scopeLine(policy, findingsRead);
  if (scope) lines.push('', scope);
  if (policy.suppressedCount > 0) lines.push('', ...suppressedBlock(policy, rows, restWhere));
  lines.push(...entriesBlock('Expired suppressions (no longer applied)', policy.expired));
  lines.push(...entriesBlock('Suppressions that expire within 14 days', policy.expiringSoon));
  lines.push(...entriesBlock(unusedHeading(policy), policy.unused));
  return lines.join('\n');
}

function scopeLine(policy: ReportedPolicy, findingsRead: boolean): string {
  const parts: string[] = [];
  if (policy.paths.length > 0)
    parts.push(`paths ${policy.paths.map((glob) => markdownCode(glob)).join(', ')}`);
  if (policy.pathsIgnore.length > 0)
    parts.push(`paths-ignore ${policy.pathsIgnore.map((glob) => markdownCode(glob)).join(', ')}`);
  if (parts.length === 0) return '';
  if (!findingsRead) return `The gate judges ${parts.join(', not ')}.`;
  const outside = policy.outOfScopeCount;
  return (
    `The gate judges ${parts.join(', not ')}. ` +
    `${outside} ${outside === 1 ? 'finding lies' : 'findings lie'} outside: neither reported nor gated.`
  );
}

function suppressedBlock(policy: ReportedPolicy, rows: number, restWhere: string): string[] {
  const listed = policy.suppressed.slice(0, rows);
  const items = listed.map((finding) => suppressedItem(finding));
  const what = noun('suppressed finding');
  return [
    `<details><summary>${counted(policy.suppressedCount, what)}: not gated</summary>`,
    '',
    ...items,
    ...leftOutLines(
      policy.suppressedCount - listed.length,
      what,
      restWhere || 'the service lists every finding of the scan',
    ),
    '',
    '</details>',
  ];
}

function suppressedItem(finding: SuppressedFinding): string {
  const location = finding.line > 0 ? `${finding.filePath}:${finding.line}` : finding.filePath;
  return (
    `- ${SEVERITY_LABEL[finding.severity]} ${escapeMarkdownInline(truncate(finding.title, TITLE_MAX))}` +
    `${location ? ` (${markdownCode(truncate(location, PATH_MAX))})` : ''}: ` +
    `${escapeMarkdownInline(truncate(finding.suppression, REASON_MAX))}; reason: ${escapeMarkdownInline(truncate(finding.reason, REASON_MAX))}`
  );
}

function unusedHeading(policy: ReportedPolicy): string {
  const read = policy.readWholeFrom ? ` (every finding at or above ${policy.readWholeFrom} was read)` : '';
  return `Unused suppressions: they matched no finding${read}; remove them so the policy does not rot`;
}

function entriesBlock(heading: string, entries: readonly string[]): string[] {
  if (entries.length === 0) return [];
  return [
    '',
    `**${escapeMarkdownInline(heading)}:**`,
    '',
    ...entries.map((entry) => `- ${escapeMarkdownInline(truncate(entry, REASON_MAX * 2))}`),
  ];
}

/** The summary of a run that started no scan: nothing in the policy's paths changed. */
export function renderSkippedSummary(reason: string, policy: ReportedPolicy | undefined): string {
  const sections = [
    renderPolicyChange(policy),
    ['## ⏭️ svc-scan: skipped', '', `**${escapeMarkdownInline(reason)}**`].join('\n'),
    renderPolicySection(policy, { rows: 0, findingsRead: false }),
  ];
  return sections.filter((section) => section !== '').join('\n\n') + '\n';
}
