/**
 * The hunks of a file's `patch` as GitHub's pulls files list gives it (a unified diff without file headers):
 * which head-side (RIGHT) and base-side (LEFT) lines each hunk shows, and each line's diff position (1 for the
 * line below the first `@@`), which is what review comments are placed by.
 */

export type Side = 'LEFT' | 'RIGHT';

interface DiffLine {
  readonly kind: ' ' | '+' | '-';
  readonly text: string;
  /** Line number on the base side; undefined for an added line. */
  readonly left: number | undefined;
  /** Line number on the head side; undefined for a deleted line. */
  readonly right: number | undefined;
  /** Lines below the first hunk header, counting later hunk headers too, as GitHub counts `position`. */
  readonly position: number;
}

export interface Hunk {
  readonly header: string;
  /** Position of the header line (0 for the first hunk). */
  readonly headerPosition: number;
  readonly lines: readonly DiffLine[];
}

const HEADER = /^@@ -(\d+)(?:,\d+)? \+(\d+)(?:,\d+)? @@/;

export function parseHunks(patch: string): Hunk[] {
  const hunks: { header: string; headerPosition: number; lines: DiffLine[] }[] = [];
  let left = 0;
  let right = 0;
  let position = -1;
  for (const raw of patch.split('\n')) {
    const line = raw.endsWith('\r') ? raw.slice(0, -1) : raw;
    const header = HEADER.exec(line);
    if (header) {
      position++;
      left = Number(header[1]);
      right = Number(header[2]);
      hunks.push({ header: line, headerPosition: position, lines: [] });
      continue;
    }
    const hunk = hunks.at(-1);
    if (hunk === undefined || line.startsWith('\\')) continue;
    const kind = line[0] === '+' || line[0] === '-' ? line[0] : ' ';
    position++;
    hunk.lines.push({
      kind,
      text: line.slice(1),
      left: kind === '+' ? undefined : left,
      right: kind === '-' ? undefined : right,
      position,
    });
    if (kind !== '+') left++;
    if (kind !== '-') right++;
  }
  return hunks;
}

/** The hunk that shows `line` on `side`, with the index of that line in it. */
export function findLine(
  hunks: readonly Hunk[],
  line: number,
  side: Side,
): { hunk: Hunk; index: number } | undefined {
  for (const hunk of hunks) {
    const index = hunk.lines.findIndex(
      (diffLine) => (side === 'RIGHT' ? diffLine.right : diffLine.left) === line,
    );
    if (index >= 0) return { hunk, index };
  }
  return undefined;
}

export function findPosition(
  hunks: readonly Hunk[],
  position: number,
): { hunk: Hunk; index: number } | undefined {
  for (const hunk of hunks) {
    const index = hunk.lines.findIndex((diffLine) => diffLine.position === position);
    if (index >= 0) return { hunk, index };
  }
  return undefined;
}

/** What GitHub calls a review comment's `diff_hunk`: the hunk's header and its lines down to the commented one. */
export function diffHunkText(hunk: Hunk, index: number): string {
  const lines = hunk.lines.slice(0, index + 1).map((line) => `${line.kind}${line.text}`);
  return [hunk.header, ...lines].join('\n');
}

export function countChanges(patch: string): { additions: number; deletions: number } {
  let additions = 0;
  let deletions = 0;
  for (const hunk of parseHunks(patch)) {
    for (const line of hunk.lines) {
      if (line.kind === '+') additions++;
      else if (line.kind === '-') deletions++;
    }
  }
  return { additions, deletions };
}
