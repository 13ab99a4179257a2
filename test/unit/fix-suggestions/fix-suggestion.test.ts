import { describe, expect, it } from 'vitest';
import {
  fenceFor,
  foldedFix,
  placeFix,
  suggestionBody,
} from '../../../src/fix-suggestions/fix-suggestion.ts';
import { PullRequestDiff } from '../../../src/new-findings/pr-diff.ts';
import { aReportedFinding } from '../support/findings.ts';

// The pull request rewrote lines 11 and 12 of a.ts and left 10 and 13 as context.
const PR = PullRequestDiff.fromFiles([
  {
    filename: 'a.ts',
    status: 'modified',
    patch: '@@ -10,4 +10,4 @@\n ctx10\n-old11\n-old12\n+new11\n+new12\n ctx13',
  },
]);
const lines = PR.head('a.ts');
const fix = (body: string): string => `--- a/a.ts\n+++ b/a.ts\n${body}\n`;

describe('placeFix', () => {
  it.each([
    [
      'one line',
      '@@ -11,1 +11,1 @@\n-new11\n+safe11',
      { startLine: undefined, line: 11, replacement: ['safe11'] },
    ],
    [
      'a run with context',
      '@@ -10,4 +10,3 @@\n ctx10\n-new11\n-new12\n+both\n ctx13',
      { startLine: 11, line: 12, replacement: ['both'] },
    ],
    ['a deletion', '@@ -12,1 +11,0 @@\n-new12', { startLine: undefined, line: 12, replacement: [] }],
  ])('places %s', (_, body, expected) => {
    expect(placeFix(fix(body), 'a.ts', lines)).toEqual({
      ok: true,
      suggestion: { path: 'a.ts', ...expected },
    });
  });

  it.each([
    [
      'several files',
      `${fix('@@ -11,1 +11,1 @@\n-new11\n+x')}--- a/b.ts\n+++ b/b.ts\n@@ -1,1 +1,1 @@\n-a\n+b\n`,
      'several files',
    ],
    ['several hunks', fix('@@ -11,1 +11,1 @@\n-new11\n+x\n@@ -13,1 +13,1 @@\n-ctx13\n+y'), 'several hunks'],
    ['insert-only', fix('@@ -11,0 +12,1 @@\n+inserted'), 'only inserts'],
    ['two runs', fix('@@ -11,3 +11,3 @@\n-new11\n+x\n new12\n-ctx13\n+y'), 'do not form one run'],
    ['outside the diff', fix('@@ -40,1 +40,1 @@\n-far\n+near'), "outside the pull request's diff"],
    ['text that differs', fix('@@ -11,1 +11,1 @@\n-something else\n+x'), 'differs from what the fix expects'],
    ['context outside', fix('@@ -13,2 +13,2 @@\n ctx13\n-line14\n+x'), 'outside'],
  ])('refuses %s', (_, diff, reason) => {
    const placed = placeFix(diff, 'a.ts', lines);
    expect(placed.ok).toBe(false);
    expect(placed.ok ? '' : placed.reason).toContain(reason);
  });

  it('refuses when the diff of the file is not known', () => {
    const placed = placeFix(
      fix('@@ -11,1 +11,1 @@\n-new11\n+x'),
      'b.ts',
      PullRequestDiff.unavailable('no token').head('b.ts'),
    );
    expect(placed).toEqual({ ok: false, reason: "the pull request's diff of b.ts is not available" });
  });

  it('keeps CRLF lines as the patch shows them', () => {
    const crlf = PullRequestDiff.fromFiles([{ filename: 'w.ts', patch: '@@ -1,1 +1,1 @@\n-a\r\n+b\r' }]);
    const placed = placeFix(
      '--- a/w.ts\n+++ b/w.ts\n@@ -1,1 +1,1 @@\n-b\r\n+c\r\n',
      'w.ts',
      crlf.head('w.ts'),
    );
    expect(placed).toEqual({
      ok: true,
      suggestion: { path: 'w.ts', startLine: undefined, line: 1, replacement: ['c\r'] },
    });
  });
});

describe('suggestion and folded bodies', () => {
  it('fences the suggestion longer than any run of backticks in it, so it cannot close early', () => {
    expect(fenceFor('plain')).toBe('```');
    expect(fenceFor('a ```` b')).toBe('`````');
    const body = suggestionBody(aReportedFinding('high', { title: '@octocat <b>x</b>' }), 'k'.repeat(32), [
      'x = "```"',
    ]);
    expect(body).toContain('````suggestion\nx = "```"\n````');
    expect(body).not.toContain('<b>');
    expect(body).not.toMatch(/@octocat/);
  });

  it('folds a fix in details with its reason, escaped', () => {
    const folded = foldedFix(
      aReportedFinding('medium', { title: 'A | B' }),
      '--- a\n+++ b\n@@ -1 +1 @@\n-```\n+x\n',
      'several hunks',
    );
    expect(folded).toMatch(/^<details><summary>Fix for A \\\| B: several hunks<\/summary>/);
    expect(folded).toContain('````diff');
  });
});
