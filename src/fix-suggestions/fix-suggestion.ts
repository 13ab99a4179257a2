import { escapeMarkdownInline, truncate } from '../text/escape.ts';
import type { ReportedFinding } from '../domain/finding-tally.ts';
import { readHunks, type DiffHunk, type FileLines } from '../new-findings/pr-diff.ts';

/**
 * Turning a finding's fix (a unified diff against the scanned head commit) into a suggested change a reviewer
 * commits with one click. GitHub refuses a review comment whose line range is not inside one hunk of the pull
 * request's diff on the head side (422), and a suggestion replaces exactly the lines it is placed on, so a fix
 * qualifies only when it is one hunk of one file whose `-` lines form one run, that run lies inside one hunk of
 * the pull request's diff, and its `-` and context lines equal the head's lines as the pull request's patch
 * shows them. Anything else is shown as a collapsed diff with the reason.
 */

interface PlacedSuggestion {
  path: string;
  /** The run's first line, only when the run has more than one line. */
  startLine: number | undefined;
  /** The run's last line. */
  line: number;
  /** Exactly the fix's `+` lines for the run. */
  replacement: string[];
}

export type SuggestionPlacement = { ok: true; suggestion: PlacedSuggestion } | { ok: false; reason: string };

/** Where the fix applies, and whether the pull request's diff lets it be a suggestion there. */
export function placeFix(
  unifiedDiff: string,
  path: string,
  lines: FileLines | undefined,
): SuggestionPlacement {
  const parsed = hunksOfFix(unifiedDiff);
  if (typeof parsed === 'string') return { ok: false, reason: parsed };
  if (parsed.length !== 1) return { ok: false, reason: 'the fix has several hunks' };
  const hunk = parsed[0] as DiffHunk;
  const changed = hunk.lines.filter((line) => line.kind !== 'context');
  const first = hunk.lines.findIndex((line) => line.kind !== 'context');
  const last = hunk.lines.length - 1 - [...hunk.lines].reverse().findIndex((line) => line.kind !== 'context');
  if (first < 0) return { ok: false, reason: 'the fix changes nothing' };
  if (hunk.lines.slice(first, last + 1).some((line) => line.kind === 'context'))
    return { ok: false, reason: 'the lines the fix removes do not form one run' };
  const removed = changed.filter((line) => line.kind === 'removed');
  if (removed.length === 0)
    return { ok: false, reason: 'the fix only inserts lines, and a suggestion replaces lines' };
  const start = removed[0]?.baseLine ?? 0;
  const end = removed.at(-1)?.baseLine ?? 0;
  if (lines === undefined || lines.coarse)
    return { ok: false, reason: `the pull request's diff of ${path} is not available` };
  const prHunk = lines.hunks.find(
    (candidate) => start >= candidate.headStart && end < candidate.headStart + candidate.headCount,
  );
  if (!prHunk) return { ok: false, reason: "the lines it changes are outside the pull request's diff" };
  const headText = new Map<number, string>();
  for (const line of prHunk.lines) if (line.headLine !== null) headText.set(line.headLine, line.text);
  for (const line of hunk.lines) {
    if (line.kind === 'added' || line.baseLine === null) continue;
    const shown = headText.get(line.baseLine);
    if (shown === undefined)
      return { ok: false, reason: "the fix's context reaches outside the pull request's diff" };
    if (shown !== line.text)
      return {
        ok: false,
        reason: `line ${line.baseLine} of the pull request differs from what the fix expects`,
      };
  }
  return {
    ok: true,
    suggestion: {
      path,
      startLine: end > start ? start : undefined,
      line: end,
      replacement: changed.filter((line) => line.kind === 'added').map((line) => line.text),
    },
  };
}

/** The hunks of a fix for one file: its `---`/`+++` headers are read for the file count, then dropped. */
function hunksOfFix(unifiedDiff: string): DiffHunk[] | string {
  // Only the diff's own last line break goes: a CRLF file's lines keep their \r.
  const text = unifiedDiff.replace(/\n$/, '');
  const lines = text.split('\n');
  const headerFiles = lines.filter((line) => line.startsWith('+++ ')).length;
  if (lines.some((line) => line.startsWith('diff --git')) && headerFiles > 1)
    return 'the fix changes several files';
  if (headerFiles > 1) return 'the fix changes several files';
  const firstHunk = lines.findIndex((line) => line.startsWith('@@'));
  if (firstHunk < 0) return 'the fix has no hunk';
  const hunks = readHunks(lines.slice(firstHunk).join('\n'));
  return typeof hunks === 'string' ? `the fix cannot be read: ${hunks}` : hunks;
}

/** A code fence longer than any run of backticks in the text (CommonMark), at least three. */
export function fenceFor(text: string): string {
  const longest = Math.max(0, ...Array.from(text.matchAll(/`+/g), (match) => match[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

/** What every suggestion's hidden marker starts with. */
export const SUGGESTION_MARKER_START = '<!-- svc-scan-action:suggestion:';

/** The hidden marker of a suggestion: the finding's identity, never its id or line (they change between scans). */
export function suggestionMarker(identityKey: string): string {
  return `${SUGGESTION_MARKER_START}${identityKey} -->`;
}

/** A review comment's body: the marker, what the fix is for, and the suggestion block. */
export function suggestionBody(
  finding: ReportedFinding,
  identityKey: string,
  replacement: readonly string[],
): string {
  const content = replacement.join('\n');
  const fence = fenceFor(content);
  const cwe = finding.cwe ? ` (${escapeMarkdownInline(finding.cwe)})` : '';
  return [
    suggestionMarker(identityKey),
    `**Suggested fix** for ${finding.severity} ${escapeMarkdownInline(truncate(finding.title, 200))}${cwe}`,
    '',
    `${fence}suggestion`,
    content,
    fence,
  ].join('\n');
}

/** Longest diff shown folded in a summary or comment; the service holds the whole fix. */
const FOLDED_DIFF_MAX = 4_000;

/** A fix that cannot be a suggestion, shown folded with the reason. */
export function foldedFix(finding: ReportedFinding, unifiedDiff: string, reason: string): string {
  const diff = truncate(unifiedDiff.replace(/\r?\n$/, ''), FOLDED_DIFF_MAX);
  const fence = fenceFor(diff);
  return [
    `<details><summary>Fix for ${escapeMarkdownInline(truncate(finding.title, 200))}: ${escapeMarkdownInline(reason)}</summary>`,
    '',
    `${fence}diff`,
    diff,
    fence,
    '',
    '</details>',
  ].join('\n');
}
