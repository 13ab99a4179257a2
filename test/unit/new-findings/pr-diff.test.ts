import { describe, expect, it } from 'vitest';
import {
  PullRequestDiff,
  readHunks,
  type DiffHunk,
  type PullRequestFile,
} from '../../../src/new-findings/pr-diff.ts';

/** The head line of every base line from 1 to `upTo` (null: removed or rewritten). */
function headLines(diff: PullRequestDiff, path: string, upTo: number): (number | null | undefined)[] {
  const lines = diff.base(path);
  return Array.from({ length: upTo }, (_, index) => lines.headLineOf(index + 1));
}

function addedLines(diff: PullRequestDiff, path: string, upTo: number): number[] {
  const lines = diff.head(path);
  return Array.from({ length: upTo }, (_, index) => index + 1).filter((line) => lines.isAddedLine(line));
}

const modified = (filename: string, patch: string): PullRequestFile => ({
  filename,
  status: 'modified',
  patch,
});

const TWO_HUNKS = [
  '@@ -1,4 +1,5 @@',
  ' one',
  '+inserted',
  ' two',
  ' three',
  ' four',
  '@@ -10,3 +11,3 @@ function ten() {',
  ' ten',
  '-eleven',
  '+eleven, rewritten',
  ' twelve',
].join('\n');

describe('PullRequestDiff: lines through hunks', () => {
  it('maps unchanged lines to their new numbers, and removed or rewritten lines nowhere, across several hunks', () => {
    const diff = PullRequestDiff.fromFiles([modified('a.ts', TWO_HUNKS)]);
    expect(headLines(diff, 'a.ts', 14)).toEqual([1, 3, 4, 5, 6, 7, 8, 9, 10, 11, null, 13, 14, 15]);
    expect(addedLines(diff, 'a.ts', 20)).toEqual([2, 12]);
    expect(diff.base('a.ts').coarse).toBe(false);
  });

  it('keeps each line of the hunks, with its numbers and text', () => {
    const hunks = readHunks(TWO_HUNKS) as DiffHunk[];
    expect(
      hunks.map(({ baseStart, baseCount, headStart, headCount }) => [
        baseStart,
        baseCount,
        headStart,
        headCount,
      ]),
    ).toEqual([
      [1, 4, 1, 5],
      [10, 3, 11, 3],
    ]);
    expect(hunks[1]?.lines).toEqual([
      { kind: 'context', baseLine: 10, headLine: 11, text: 'ten', noNewlineAtEnd: false },
      { kind: 'removed', baseLine: 11, headLine: null, text: 'eleven', noNewlineAtEnd: false },
      { kind: 'added', baseLine: null, headLine: 12, text: 'eleven, rewritten', noNewlineAtEnd: false },
      { kind: 'context', baseLine: 12, headLine: 13, text: 'twelve', noNewlineAtEnd: false },
    ]);
  });

  it('reads "\\ No newline at end of file" as a mark on the line above, not as a line', () => {
    const patch = '@@ -1,2 +1,2 @@\n a\n-b\n\\ No newline at end of file\n+b;\n\\ No newline at end of file';
    const diff = PullRequestDiff.fromFiles([modified('a.ts', patch)]);
    expect(headLines(diff, 'a.ts', 3)).toEqual([1, null, 3]);
    expect(addedLines(diff, 'a.ts', 3)).toEqual([2]);
    const lines = (readHunks(patch) as DiffHunk[])[0]?.lines ?? [];
    expect(lines.map((line) => [line.kind, line.text, line.noNewlineAtEnd])).toEqual([
      ['context', 'a', false],
      ['removed', 'b', true],
      ['added', 'b;', true],
    ]);
  });

  it('reads a CRLF file, keeping each line text as it is', () => {
    const patch = '@@ -1,3 +1,4 @@ header\r\n one\r\n+two\r\n three\r\n \r\n';
    const diff = PullRequestDiff.fromFiles([modified('win.ts', patch)]);
    expect(headLines(diff, 'win.ts', 4)).toEqual([1, 3, 4, 5]);
    expect(addedLines(diff, 'win.ts', 5)).toEqual([2]);
    expect((readHunks(patch) as DiffHunk[])[0]?.lines.map((line) => line.text)).toEqual([
      'one\r',
      'two\r',
      'three\r',
      '\r',
    ]);
  });

  it('reads hunks without trailing context, pure insertions and pure deletions', () => {
    const noTrailing = '@@ -5,2 +5,3 @@\n five\n-six\n+six a\n+six b';
    expect(headLines(PullRequestDiff.fromFiles([modified('a', noTrailing)]), 'a', 7)).toEqual([
      1,
      2,
      3,
      4,
      5,
      null,
      8,
    ]);
    const insertion = '@@ -3,0 +4,2 @@\n+x\n+y';
    const inserted = PullRequestDiff.fromFiles([modified('a', insertion)]);
    expect(headLines(inserted, 'a', 5)).toEqual([1, 2, 3, 6, 7]);
    expect(addedLines(inserted, 'a', 8)).toEqual([4, 5]);
    const deletion = '@@ -3,2 +2,0 @@\n-x\n-y';
    const deleted = PullRequestDiff.fromFiles([modified('a', deletion)]);
    expect(headLines(deleted, 'a', 5)).toEqual([1, 2, null, null, 3]);
    expect(addedLines(deleted, 'a', 5)).toEqual([]);
  });

  it('reads an empty context line whose space was stripped, and a patch that ends with a newline', () => {
    const patch = '@@ -1,3 +1,4 @@\n a\n\n+c\n d\n';
    expect(headLines(PullRequestDiff.fromFiles([modified('a', patch)]), 'a', 4)).toEqual([1, 2, 4, 5]);
  });
});

describe('PullRequestDiff: files', () => {
  it('follows a rename without a patch line for line', () => {
    const diff = PullRequestDiff.fromFiles([
      { filename: 'src/new.ts', status: 'renamed', previous_filename: 'src/old.ts' },
    ]);
    const lines = diff.base('src/old.ts');
    expect(lines.diff.headPath).toBe('src/new.ts');
    expect([lines.headLineOf(1), lines.headLineOf(500)]).toEqual([1, 500]);
    expect(diff.head('src/new.ts')).toBe(lines);
    expect(lines.coarse).toBe(false);
  });

  it('follows a rename with a patch through its hunks', () => {
    const diff = PullRequestDiff.fromFiles([
      { filename: 'b.ts', status: 'renamed', previous_filename: 'a.ts', patch: TWO_HUNKS },
    ]);
    expect(diff.base('a.ts').headLineOf(12)).toBe(13);
    expect(diff.head('b.ts').isAddedLine(2)).toBe(true);
  });

  it('cannot follow a rename whose patch GitHub left out (it has changes)', () => {
    const diff = PullRequestDiff.fromFiles([
      { filename: 'b.ts', status: 'renamed', previous_filename: 'a.ts', changes: 4000 },
    ]);
    expect(diff.base('a.ts').coarse).toBe(true);
    expect(diff.base('a.ts').headLineOf(3)).toBeUndefined();
    expect(diff.base('a.ts').diff.headPath).toBe('b.ts');
  });

  it('maps nothing of a removed file', () => {
    const diff = PullRequestDiff.fromFiles([{ filename: 'gone.ts', status: 'removed' }]);
    expect(diff.base('gone.ts').diff.headPath).toBeNull();
    expect(diff.base('gone.ts').headLineOf(1)).toBeNull();
  });

  it('takes every line of an added file as added, with or without its patch', () => {
    const diff = PullRequestDiff.fromFiles([
      { filename: 'new.ts', status: 'added', patch: '@@ -0,0 +1,2 @@\n+a\n+b' },
      { filename: 'big.bin', status: 'added' },
      { filename: 'copy.ts', status: 'copied', previous_filename: 'orig.ts' },
    ]);
    expect(addedLines(diff, 'new.ts', 2)).toEqual([1, 2]);
    expect(addedLines(diff, 'big.bin', 3)).toEqual([1, 2, 3]);
    expect(addedLines(diff, 'copy.ts', 2)).toEqual([1, 2]);
    // The source of a copy stays where it was.
    expect(diff.base('orig.ts').diff.headPath).toBe('orig.ts');
    expect(diff.base('orig.ts').headLineOf(4)).toBe(4);
  });

  it('cannot follow a modified file without a patch, but can one with no changes (a mode change)', () => {
    const diff = PullRequestDiff.fromFiles([
      { filename: 'huge.ts', status: 'modified', changes: 20000 },
      { filename: 'script.sh', status: 'modified', changes: 0 },
    ]);
    expect(diff.head('huge.ts').coarse).toBe(true);
    expect(diff.head('huge.ts').diff.mapping).toMatchObject({
      kind: 'unknown',
      reason: expect.stringMatching(/no patch/),
    });
    expect(diff.head('script.sh').coarse).toBe(false);
  });

  it('keeps unlisted files where they are when the list is whole, and cannot follow them otherwise', () => {
    const whole = PullRequestDiff.fromFiles([]);
    expect(whole.base('other.ts').headLineOf(7)).toBe(7);
    expect(whole.head('other.ts').isAddedLine(7)).toBe(false);
    const partial = PullRequestDiff.fromFiles([], { complete: false });
    expect(partial.base('other.ts').coarse).toBe(true);
    const none = PullRequestDiff.unavailable('the token cannot read the pull request files');
    expect(none.head('x.ts').diff.mapping).toEqual({
      kind: 'unknown',
      reason: 'the token cannot read the pull request files',
    });
  });

  it('tells the base and the head side apart when a renamed file is replaced by a new one of the old name', () => {
    const diff = PullRequestDiff.fromFiles([
      { filename: 'moved.ts', status: 'renamed', previous_filename: 'main.ts' },
      { filename: 'main.ts', status: 'added' },
    ]);
    expect(diff.base('main.ts').diff.headPath).toBe('moved.ts');
    expect(diff.head('main.ts').isAddedLine(1)).toBe(true);
  });
});

describe('PullRequestDiff: hostile patches and entries', () => {
  it('reads patch text that looks like diff syntax as the lines it is', () => {
    const patch = [
      '@@ -1,3 +1,5 @@',
      ' @@ -1 +1 @@',
      '+++ b/evil.ts',
      '+diff --git a/x b/x',
      '--- a/evil.ts',
      '+\\ No newline at end of file',
      ' <script>alert(1)</script>',
    ].join('\n');
    const diff = PullRequestDiff.fromFiles([modified('evil.ts', patch)]);
    expect(diff.base('evil.ts').coarse).toBe(false);
    expect(headLines(diff, 'evil.ts', 4)).toEqual([1, null, 5, 6]);
    expect(addedLines(diff, 'evil.ts', 6)).toEqual([2, 3, 4]);
  });

  it.each([
    ['counts that do not match the lines', '@@ -1,2 +1,2 @@\n a\n+b\n+c\n+d'],
    ['a line with no marker', '@@ -1,2 +1,2 @@\n a\n?b'],
    ['no hunk at all', 'just some text'],
    ['file headers (more than hunks)', '--- a/x\n+++ b/x\n@@ -1 +1 @@\n-a\n+b'],
    ['line numbers beyond any file', '@@ -1,1 +99999999999999999999999,1 @@\n-a\n+b'],
    ['hunks out of order', '@@ -10,1 +10,1 @@\n-a\n+b\n@@ -1,1 +1,1 @@\n-a\n+b'],
    ['hunks that disagree on the shift', '@@ -1,1 +1,2 @@\n a\n+b\n@@ -10,1 +10,1 @@\n-a\n+b'],
  ])('cannot follow a file whose patch has %s', (_what, patch) => {
    const diff = PullRequestDiff.fromFiles([modified('a.ts', patch)]);
    expect(diff.head('a.ts').coarse).toBe(true);
    expect(diff.base('a.ts').headLineOf(1)).toBeUndefined();
  });

  it('leaves out entries that are not files, and then cannot follow unlisted files', () => {
    const diff = PullRequestDiff.fromFiles([null, 'x', { status: 'modified' }, modified('a.ts', TWO_HUNKS)]);
    expect(diff.files).toHaveLength(1);
    expect(diff.complete).toBe(false);
    expect(diff.base('a.ts').headLineOf(12)).toBe(13);
    expect(diff.base('b.ts').coarse).toBe(true);
  });

  it('takes the first of two entries for one file', () => {
    const diff = PullRequestDiff.fromFiles([
      modified('a.ts', TWO_HUNKS),
      { filename: 'a.ts', status: 'modified', changes: 9 },
    ]);
    expect(diff.head('a.ts').coarse).toBe(false);
  });
});
