import { parsePatch } from 'diff/lib/patch/parse.js';

/**
 * A pull request's diff as GitHub's files list gives it (`GET /repos/{owner}/{repo}/pulls/{n}/files`): which
 * base file became which head file, and, for each file whose `patch` GitHub sent, how its lines moved. Each
 * `patch` holds only hunks, no file headers; GitHub leaves it out for binary files and for diffs too large to
 * show, and then nothing is known of the file's lines.
 */

/** The fields of one entry of the files list that the diff needs; GitHub sends more. */
export interface PullRequestFile {
  filename: string;
  /** added, removed, modified, renamed, copied, changed or unchanged. */
  status?: string;
  previous_filename?: string;
  /** Absent for binary files and for diffs too large to show. */
  patch?: string | null;
  /** Additions plus deletions; tells a rename without changes from one whose patch was left out. */
  changes?: number;
}

type DiffLineKind = 'context' | 'added' | 'removed';

interface DiffLine {
  kind: DiffLineKind;
  /** Number on the base side; null for an added line. */
  baseLine: number | null;
  /** Number on the head side; null for a removed line. */
  headLine: number | null;
  /** The line without its marker, exactly as the patch shows it (a CRLF file keeps its `\r`). */
  text: string;
  /** The patch says `\ No newline at end of file` after this line. */
  noNewlineAtEnd: boolean;
}

export interface DiffHunk {
  baseStart: number;
  baseCount: number;
  headStart: number;
  headCount: number;
  lines: readonly DiffLine[];
}

/**
 * What is known of how a file's lines moved:
 * - `hunks`: its patch was read; lines outside the hunks moved by the hunks above them;
 * - `identity`: the file did not change (or was renamed without changes): every line keeps its number;
 * - `created`: the file is new in the pull request (added, or copied from another): it has no base side, and
 *   every head line is one the pull request wrote;
 * - `unknown`: no patch (binary, too large), a patch that could not be read, or a file the diff does not
 *   list when the list is incomplete: only which file became which is known.
 */
type LineMapping =
  | { kind: 'hunks'; hunks: readonly DiffHunk[] }
  | { kind: 'identity' }
  | { kind: 'created'; hunks: readonly DiffHunk[] }
  | { kind: 'unknown'; reason: string };

export interface FileDiff {
  /** The file in the head commit; null when the pull request removes it. */
  headPath: string | null;
  /** The file in the base commit; null when the pull request creates it. */
  basePath: string | null;
  status: string;
  mapping: LineMapping;
}

/** A hunk with the tables that answer line questions in constant time. */
interface IndexedHunk {
  hunk: DiffHunk;
  baseEnd: number;
  headEnd: number;
  /** Head line of each base line of the hunk, 0 when the pull request removed or rewrote it. */
  headOfBase: Int32Array;
  /** 1 for each head line of the hunk that the pull request added. */
  addedAtHead: Uint8Array;
}

/** The line questions of one file, answered from its mapping. */
export class FileLines {
  readonly diff: FileDiff;
  readonly #hunks: readonly IndexedHunk[];

  constructor(diff: FileDiff) {
    this.diff = diff;
    const { mapping } = diff;
    this.#hunks = mapping.kind === 'hunks' || mapping.kind === 'created' ? mapping.hunks.map(indexHunk) : [];
  }

  /** True when the lines of this file cannot be followed: matching falls back to kind and file. */
  get coarse(): boolean {
    return this.diff.mapping.kind === 'unknown';
  }

  /**
   * The head line that a base line became: its new number when the pull request left it unchanged, null when
   * it removed or rewrote it (or removed the file), undefined when the file's lines cannot be followed.
   */
  headLineOf(baseLine: number): number | null | undefined {
    const { mapping } = this.diff;
    if (this.diff.headPath === null || mapping.kind === 'created') return null;
    if (mapping.kind === 'unknown') return undefined;
    if (mapping.kind === 'identity') return baseLine;
    const hunks = this.#hunks;
    // The last hunk that starts at or before the line.
    let low = 0;
    let high = hunks.length - 1;
    let found = -1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      if ((hunks[middle] as IndexedHunk).hunk.baseStart <= baseLine) {
        found = middle;
        low = middle + 1;
      } else high = middle - 1;
    }
    if (found < 0) return baseLine;
    const indexed = hunks[found] as IndexedHunk;
    if (baseLine >= indexed.baseEnd) return baseLine + indexed.headEnd - indexed.baseEnd;
    const head = indexed.headOfBase[baseLine - indexed.hunk.baseStart] ?? 0;
    return head === 0 ? null : head;
  }

  /** True when the pull request wrote this head line (a `+` line, or any line of a created file). */
  isAddedLine(headLine: number): boolean {
    const { mapping } = this.diff;
    if (mapping.kind === 'created' && mapping.hunks.length === 0) return true;
    const hunks = this.#hunks;
    let low = 0;
    let high = hunks.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const indexed = hunks[middle] as IndexedHunk;
      if (headLine < indexed.hunk.headStart) high = middle - 1;
      else if (headLine >= indexed.headEnd) low = middle + 1;
      else return indexed.addedAtHead[headLine - indexed.hunk.headStart] === 1;
    }
    // A created file's lines outside its hunks (there are none when GitHub sent the whole patch).
    return mapping.kind === 'created';
  }

  /** The hunks of the patch, in order; empty when there was none. */
  get hunks(): readonly DiffHunk[] {
    return this.#hunks.map((indexed) => indexed.hunk);
  }
}

function indexHunk(hunk: DiffHunk): IndexedHunk {
  const headOfBase = new Int32Array(hunk.baseCount);
  const addedAtHead = new Uint8Array(hunk.headCount);
  for (const line of hunk.lines) {
    if (line.kind === 'context' && line.baseLine !== null && line.headLine !== null)
      headOfBase[line.baseLine - hunk.baseStart] = line.headLine;
    else if (line.kind === 'added' && line.headLine !== null) addedAtHead[line.headLine - hunk.headStart] = 1;
  }
  return {
    hunk,
    baseEnd: hunk.baseStart + hunk.baseCount,
    headEnd: hunk.headStart + hunk.headCount,
    headOfBase,
    addedAtHead,
  };
}

export interface PullRequestDiffOptions {
  /**
   * False when the files list may leave files out (GitHub lists at most 3,000): a file it does not list may
   * have changed, so its lines cannot be followed. True (the default) when the list is whole: a file it does
   * not list is unchanged.
   */
  complete?: boolean;
}

/** The whole pull request: every listed file, and the answer for files it does not list. */
export class PullRequestDiff {
  readonly files: readonly FileDiff[];
  readonly complete: boolean;
  /** Why nothing is known of any file's lines, when there was no files list at all. */
  readonly unavailable: string | undefined;
  readonly #byBase = new Map<string, FileLines>();
  readonly #byHead = new Map<string, FileLines>();
  readonly #unlisted = new Map<string, FileLines>();

  private constructor(files: readonly FileDiff[], complete: boolean, unavailable: string | undefined) {
    this.files = files;
    this.complete = complete;
    this.unavailable = unavailable;
    for (const file of files) {
      const lines = new FileLines(file);
      if (file.basePath !== null && !this.#byBase.has(file.basePath)) this.#byBase.set(file.basePath, lines);
      if (file.headPath !== null && !this.#byHead.has(file.headPath)) this.#byHead.set(file.headPath, lines);
    }
  }

  /** Reads GitHub's files list. Entries that are not well formed are left out, and the list is then incomplete. */
  static fromFiles(files: readonly unknown[], options: PullRequestDiffOptions = {}): PullRequestDiff {
    const diffs: FileDiff[] = [];
    let complete = options.complete ?? true;
    for (const entry of files) {
      const diff = fileDiffOf(entry);
      if (diff) diffs.push(diff);
      else complete = false;
    }
    return new PullRequestDiff(diffs, complete, undefined);
  }

  /** No files list (the token cannot read it): every file's lines are unknown. */
  static unavailable(reason: string): PullRequestDiff {
    return new PullRequestDiff([], false, reason);
  }

  /** The lines of the base file at `basePath`: where they went in the head commit. */
  base(basePath: string): FileLines {
    return this.#byBase.get(basePath) ?? this.#unlistedFile(basePath);
  }

  /** The lines of the head file at `headPath`: which of them the pull request wrote. */
  head(headPath: string): FileLines {
    return this.#byHead.get(headPath) ?? this.#unlistedFile(headPath);
  }

  #unlistedFile(path: string): FileLines {
    let lines = this.#unlisted.get(path);
    if (!lines) {
      const reason =
        this.unavailable ?? 'the files list of the pull request is incomplete and does not list it';
      lines = new FileLines({
        headPath: path,
        basePath: path,
        status: 'unlisted',
        mapping: this.complete ? { kind: 'identity' } : { kind: 'unknown', reason },
      });
      this.#unlisted.set(path, lines);
    }
    return lines;
  }
}

function fileDiffOf(entry: unknown): FileDiff | undefined {
  if (typeof entry !== 'object' || entry === null) return undefined;
  const file = entry as Partial<Record<keyof PullRequestFile, unknown>>;
  if (typeof file.filename !== 'string' || file.filename === '') return undefined;
  const status = typeof file.status === 'string' ? file.status : 'modified';
  const patch = typeof file.patch === 'string' && file.patch !== '' ? file.patch : undefined;
  const previous =
    typeof file.previous_filename === 'string' && file.previous_filename !== ''
      ? file.previous_filename
      : undefined;
  const changes = typeof file.changes === 'number' ? file.changes : undefined;
  const path = file.filename;

  if (status === 'removed') return { headPath: null, basePath: path, status, mapping: { kind: 'identity' } };
  if (status === 'added' || status === 'copied') {
    // A copy's patch (when any) is against its source, which stays where it was: the copy itself is new.
    const hunks = patch === undefined ? [] : readHunks(patch);
    return {
      headPath: path,
      basePath: null,
      status,
      mapping: { kind: 'created', hunks: Array.isArray(hunks) ? hunks : [] },
    };
  }
  const basePath = status === 'renamed' && previous !== undefined ? previous : path;
  let mapping: LineMapping;
  if (patch !== undefined) {
    const hunks = readHunks(patch);
    mapping = Array.isArray(hunks) ? { kind: 'hunks', hunks } : { kind: 'unknown', reason: hunks };
  } else if (status === 'unchanged' || changes === 0 || (status === 'renamed' && changes === undefined)) {
    // Nothing changed in the file (a rename, a mode change): every line keeps its number.
    mapping = { kind: 'identity' };
  } else {
    mapping = { kind: 'unknown', reason: 'GitHub sent no patch for it (binary, or too large to show)' };
  }
  return { headPath: path, basePath, status, mapping };
}

/** The hunks of one file's patch, or why they cannot be read. */
export function readHunks(patch: string): DiffHunk[] | string {
  let parsed;
  try {
    parsed = parsePatch(patch);
  } catch (error) {
    return `its patch cannot be read (${error instanceof Error ? error.message : String(error)})`;
  }
  const [only, ...others] = parsed;
  if (!only || others.length > 0 || only.oldFileName !== undefined || only.newFileName !== undefined)
    return 'its patch is not the hunks of one file';
  if (only.hunks.length === 0) return 'its patch has no hunks';
  const hunks: DiffHunk[] = [];
  let offset = 0;
  let previousBaseEnd = 1;
  for (const raw of only.hunks) {
    const { oldStart, oldLines, newStart, newLines } = raw;
    if (![oldStart, oldLines, newStart, newLines].every((n) => Number.isSafeInteger(n) && n >= 0))
      return 'its patch has a hunk header without line numbers';
    // Hunks must come in order, apart, and agree with the shift of the hunks above them.
    if (oldStart < previousBaseEnd || newStart - oldStart !== offset)
      return 'its hunks overlap or disagree on line numbers';
    hunks.push(hunkOf(oldStart, oldLines, newStart, newLines, raw.lines));
    previousBaseEnd = oldStart + oldLines;
    offset = newStart + newLines - previousBaseEnd;
  }
  return hunks;
}

function hunkOf(
  baseStart: number,
  baseCount: number,
  headStart: number,
  headCount: number,
  rawLines: readonly string[],
): DiffHunk {
  const lines: DiffLine[] = [];
  let base = baseStart;
  let head = headStart;
  for (const raw of rawLines) {
    const marker = raw[0];
    if (marker === '\\') {
      const last = lines.at(-1);
      if (last) last.noNewlineAtEnd = true;
      continue;
    }
    // jsdiff reads an empty line inside a hunk as a context line whose space was stripped.
    const text = raw.slice(1);
    if (marker === '+')
      lines.push({ kind: 'added', baseLine: null, headLine: head++, text, noNewlineAtEnd: false });
    else if (marker === '-')
      lines.push({ kind: 'removed', baseLine: base++, headLine: null, text, noNewlineAtEnd: false });
    else lines.push({ kind: 'context', baseLine: base++, headLine: head++, text, noNewlineAtEnd: false });
  }
  return { baseStart, baseCount, headStart, headCount, lines };
}
