import { describe, expect, it } from 'vitest';
import type { Finding } from '../../../src/client/types.ts';
import {
  compareFindings,
  countAtOrAbove,
  type FindingComparison,
} from '../../../src/new-findings/new-findings.ts';
import { PullRequestDiff, type PullRequestFile } from '../../../src/new-findings/pr-diff.ts';
import type { Severity } from '../../../src/domain/severity.ts';
import { aFinding } from '../support/findings.ts';

/** A finding of one kind (title and CWE) at `file:line`. */
function at(location: string, severity: Severity = 'high', title = 'SQL injection', cwe = 'CWE-89'): Finding {
  const [file_path = '', line = '0'] = location.split(':');
  return aFinding({ file_path, line: Number(line), severity, title, cwe });
}

/** A patch that inserts `count` lines after base line `after` (with one line of context either side). */
function insertion(after: number, count: number): string {
  const added = Array.from({ length: count }, (_, i) => `+inserted ${i + 1}`);
  return [`@@ -${after},2 +${after},${count + 2} @@`, ` line ${after}`, ...added, ` line ${after + 1}`].join(
    '\n',
  );
}

/** A patch that rewrites base line `line` (one line of context either side). */
function rewrite(line: number): string {
  return [`@@ -${line - 1},3 +${line - 1},3 @@`, ` before`, `-old ${line}`, `+new ${line}`, ` after`].join(
    '\n',
  );
}

const modified = (filename: string, patch?: string, changes = 1): PullRequestFile => ({
  filename,
  status: 'modified',
  changes,
  ...(patch === undefined ? {} : { patch }),
});

/** Where each finding went: `file:line` of the new, existing (head) and fixed (baseline) findings. */
function outcome(result: FindingComparison<Finding>) {
  const where = (finding: Finding) => `${finding.file_path}:${finding.line}`;
  return {
    new: result.new.map((entry) => where(entry.finding)),
    existing: result.existing.map((entry) => `${where(entry.baseline)}>${where(entry.finding)}`),
    fixed: result.fixed.map((entry) => where(entry.baseline)),
  };
}

interface Case {
  name: string;
  baseline: Finding[];
  head: Finding[];
  files: PullRequestFile[] | null;
  expected: { new: string[]; existing: string[]; fixed: string[] };
  coarse?: string[];
}

const cases: Case[] = [
  {
    name: 'a finding moved 40 lines down by an insertion above it is existing',
    baseline: [at('src/db.ts:57')],
    head: [at('src/db.ts:97')],
    files: [modified('src/db.ts', insertion(11, 40))],
    expected: { new: [], existing: ['src/db.ts:57>src/db.ts:97'], fixed: [] },
  },
  {
    name: 'a finding left where the insertion pushed another of its kind is matched to the one that maps there',
    baseline: [at('a.ts:5'), at('a.ts:20')],
    head: [at('a.ts:5'), at('a.ts:23')],
    files: [modified('a.ts', insertion(10, 3))],
    expected: { new: [], existing: ['a.ts:5>a.ts:5', 'a.ts:20>a.ts:23'], fixed: [] },
  },
  {
    name: 'a finding in a file renamed without a patch is existing at its new path',
    baseline: [at('src/legacy/auth.js:12', 'medium')],
    head: [at('src/auth/session.js:12', 'medium')],
    files: [{ filename: 'src/auth/session.js', status: 'renamed', previous_filename: 'src/legacy/auth.js' }],
    expected: { new: [], existing: ['src/legacy/auth.js:12>src/auth/session.js:12'], fixed: [] },
  },
  {
    name: 'a finding in a renamed file with a patch follows both the rename and the hunks',
    baseline: [at('old.ts:30')],
    head: [at('new.ts:35')],
    files: [{ filename: 'new.ts', status: 'renamed', previous_filename: 'old.ts', patch: insertion(3, 5) }],
    expected: { new: [], existing: ['old.ts:30>new.ts:35'], fixed: [] },
  },
  {
    name: 'the same finding under the old path in the head is new: the file moved away',
    baseline: [at('old.ts:3')],
    head: [at('old.ts:3')],
    files: [
      { filename: 'new.ts', status: 'renamed', previous_filename: 'old.ts' },
      { filename: 'old.ts', status: 'added' },
    ],
    expected: { new: ['old.ts:3'], existing: [], fixed: ['old.ts:3'] },
  },
  {
    name: 'duplicates of one kind in one file pair in order when all moved',
    baseline: [at('a.ts:10'), at('a.ts:20'), at('a.ts:30')],
    head: [at('a.ts:32'), at('a.ts:12'), at('a.ts:22')],
    files: [modified('a.ts', insertion(5, 2))],
    expected: { new: [], existing: ['a.ts:30>a.ts:32', 'a.ts:10>a.ts:12', 'a.ts:20>a.ts:22'], fixed: [] },
  },
  {
    name: 'duplicates of one kind: the one whose line was rewritten is fixed, the others existing',
    baseline: [at('a.ts:10'), at('a.ts:20'), at('a.ts:30')],
    head: [at('a.ts:10'), at('a.ts:30')],
    files: [modified('a.ts', rewrite(20))],
    expected: { new: [], existing: ['a.ts:10>a.ts:10', 'a.ts:30>a.ts:30'], fixed: ['a.ts:20'] },
  },
  {
    name: 'one more of a kind in a file than the baseline had is new',
    baseline: [at('a.ts:10')],
    head: [at('a.ts:10'), at('a.ts:40')],
    files: [],
    expected: { new: ['a.ts:40'], existing: ['a.ts:10>a.ts:10'], fixed: [] },
  },
  {
    name: 'a finding on a line the pull request rewrote is new, and its baseline finding fixed',
    baseline: [at('a.ts:20')],
    head: [at('a.ts:20')],
    files: [modified('a.ts', rewrite(20))],
    expected: { new: ['a.ts:20'], existing: [], fixed: ['a.ts:20'] },
  },
  {
    name: 'a finding moved into a changed hunk is new, even with its baseline finding nearby',
    baseline: [at('a.ts:40')],
    head: [at('a.ts:12')],
    files: [modified('a.ts', insertion(10, 5))],
    expected: { new: ['a.ts:12'], existing: [], fixed: ['a.ts:40'] },
  },
  {
    name: 'on an unchanged line, the nearest unmatched baseline finding of the kind matches',
    baseline: [at('a.ts:10'), at('a.ts:20')],
    head: [at('a.ts:15'), at('a.ts:21')],
    files: [],
    expected: { new: [], existing: ['a.ts:10>a.ts:15', 'a.ts:20>a.ts:21'], fixed: [] },
  },
  {
    name: 'the closest pair is taken first, so the farther head finding is the new one',
    baseline: [at('a.ts:20')],
    head: [at('a.ts:15'), at('a.ts:21')],
    files: [],
    expected: { new: ['a.ts:15'], existing: ['a.ts:20>a.ts:21'], fixed: [] },
  },
  {
    name: 'a finding the pull request fixed is fixed',
    baseline: [at('a.ts:5'), at('b.ts:9', 'low', 'Weak hash', 'CWE-328')],
    head: [at('a.ts:5')],
    files: [],
    expected: { new: [], existing: ['a.ts:5>a.ts:5'], fixed: ['b.ts:9'] },
  },
  {
    name: 'another kind at the same place is not the same finding',
    baseline: [at('a.ts:5', 'high', 'SQL injection', 'CWE-89')],
    head: [at('a.ts:5', 'high', 'SQL injection', 'CWE-564')],
    files: [],
    expected: { new: ['a.ts:5'], existing: [], fixed: ['a.ts:5'] },
  },
  {
    name: 'every baseline finding of a removed file is fixed',
    baseline: [at('gone.ts:1'), at('gone.ts:2', 'low')],
    head: [],
    files: [{ filename: 'gone.ts', status: 'removed' }],
    expected: { new: [], existing: [], fixed: ['gone.ts:1', 'gone.ts:2'] },
  },
  {
    name: 'every finding of an added file is new',
    baseline: [],
    head: [at('new.ts:1'), at('new.ts:900')],
    files: [{ filename: 'new.ts', status: 'added' }],
    expected: { new: ['new.ts:1', 'new.ts:900'], existing: [], fixed: [] },
  },
  {
    name: 'a file whose patch GitHub left out is matched by kind and file, and is coarse',
    baseline: [at('big.ts:10'), at('big.ts:500', 'low', 'Weak hash', 'CWE-328')],
    head: [at('big.ts:7000')],
    files: [modified('big.ts', undefined, 40_000)],
    expected: { new: [], existing: ['big.ts:10>big.ts:7000'], fixed: ['big.ts:500'] },
    coarse: ['big.ts'],
  },
  {
    name: 'with no files list, every file with findings is coarse',
    baseline: [at('a.ts:10'), at('b.ts:4', 'medium')],
    head: [at('a.ts:99'), at('c.ts:1', 'low')],
    files: null,
    expected: { new: ['c.ts:1'], existing: ['a.ts:10>a.ts:99'], fixed: ['b.ts:4'] },
    coarse: ['a.ts', 'b.ts', 'c.ts'],
  },
];

describe('compareFindings', () => {
  it.each(cases)('$name', ({ baseline, head, files, expected, coarse = [] }) => {
    const diff = files ? PullRequestDiff.fromFiles(files) : PullRequestDiff.unavailable('no files list');
    const result = compareFindings(head, baseline, diff);
    expect(outcome(result)).toEqual(expected);
    expect(result.coarseFiles.map((file) => file.path)).toEqual(coarse);
  });

  it('counts a finding that got more severe as new at its new severity, and its baseline finding not fixed', () => {
    const result = compareFindings(
      [at('a.ts:10', 'critical')],
      [at('a.ts:10', 'low')],
      PullRequestDiff.fromFiles([]),
    );
    expect(result.new).toEqual([
      expect.objectContaining({
        severity: 'critical',
        reason: 'more-severe',
        baseline: expect.objectContaining({ severity: 'low' }),
      }),
    ]);
    expect(result.fixed).toEqual([]);
    expect(result.counts.new.critical).toBe(1);
  });

  it('counts a finding that got less severe as existing', () => {
    const result = compareFindings(
      [at('a.ts:10', 'low')],
      [at('a.ts:10', 'critical')],
      PullRequestDiff.fromFiles([]),
    );
    expect(result.new).toEqual([]);
    expect(result.existing).toEqual([
      expect.objectContaining({ severity: 'low', baselineSeverity: 'critical' }),
    ]);
    expect(result.counts.existing.low).toBe(1);
  });

  it('pairs coarse findings so that as few as possible got more severe', () => {
    const diff = PullRequestDiff.unavailable('no files list');
    const result = compareFindings(
      [at('a.ts:1', 'high'), at('a.ts:2', 'low')],
      [at('a.ts:50', 'low'), at('a.ts:60', 'critical')],
      diff,
    );
    expect(result.new).toEqual([]);
    expect(result.existing.map((entry) => [entry.severity, entry.baselineSeverity])).toEqual([
      ['high', 'critical'],
      ['low', 'low'],
    ]);
    const worse = compareFindings([at('a.ts:1', 'high'), at('a.ts:2', 'low')], [at('a.ts:50', 'low')], diff);
    expect(worse.new.map((entry) => [entry.severity, entry.reason])).toEqual([['high', 'unmatched']]);
    expect(worse.existing).toHaveLength(1);
  });

  it('matches kinds case-insensitively with white space collapsed', () => {
    const result = compareFindings(
      [at('a.ts:3', 'high', '  SQL\tInjection ', 'cwe-89')],
      [at('a.ts:3', 'high', 'sql injection', 'CWE-89')],
      PullRequestDiff.fromFiles([]),
    );
    expect(result.existing).toHaveLength(1);
  });

  it('counts a severity it does not know as critical, so it can only make the gate stricter', () => {
    const unknown = { ...at('a.ts:3'), severity: 'catastrophic' } as unknown as Finding;
    const result = compareFindings([unknown], [], PullRequestDiff.fromFiles([]));
    expect(result.new[0]?.severity).toBe('critical');
    expect(result.counts.new.critical).toBe(1);
  });

  it('leaves out findings below the floor after matching, so a finding that crossed it is neither new nor fixed', () => {
    const diff = PullRequestDiff.fromFiles([]);
    const result = compareFindings(
      [at('a.ts:1', 'low'), at('b.ts:1', 'high'), at('c.ts:1', 'info')],
      [at('a.ts:1', 'high'), at('b.ts:1', 'info'), at('d.ts:1', 'low'), at('e.ts:1', 'medium')],
      diff,
      { floor: 'medium' },
    );
    expect(outcome(result)).toEqual({ new: ['b.ts:1'], existing: [], fixed: ['e.ts:1'] });
  });

  it('lists each outcome most severe first, in the order given within a severity', () => {
    const result = compareFindings(
      [at('a.ts:1', 'low'), at('b.ts:1', 'critical'), at('c.ts:1', 'low'), at('d.ts:1', 'high')],
      [],
      PullRequestDiff.fromFiles([]),
    );
    expect(outcome(result).new).toEqual(['b.ts:1', 'd.ts:1', 'a.ts:1', 'c.ts:1']);
  });
});

describe('compareFindings: the issue acceptance case', () => {
  // A PR that moves an old high finding 40 lines down, renames another file with an old finding, fixes one
  // finding and adds one new medium.
  const baseline = [
    at('src/db/users.ts:57', 'high', 'SQL injection', 'CWE-89'),
    at('src/legacy/auth.js:12', 'medium', 'Hard-coded credential', 'CWE-798'),
    at('src/api/upload.ts:33', 'medium', 'Path traversal', 'CWE-22'),
  ];
  const head = [
    at('src/db/users.ts:97', 'high', 'SQL injection', 'CWE-89'),
    at('src/auth/session.js:12', 'medium', 'Hard-coded credential', 'CWE-798'),
    at('src/api/search.ts:18', 'medium', 'Cross-site scripting', 'CWE-79'),
  ];
  const files: PullRequestFile[] = [
    modified('src/db/users.ts', insertion(11, 40)),
    { filename: 'src/auth/session.js', status: 'renamed', previous_filename: 'src/legacy/auth.js' },
    modified('src/api/upload.ts', rewrite(33)),
    modified('src/api/search.ts', insertion(16, 3)),
  ];

  it('with fail-on medium: exactly 1 new (the medium), 1 fixed, 2 existing, 1 new failing', () => {
    const result = compareFindings(head, baseline, PullRequestDiff.fromFiles(files));
    expect(result.new.map((entry) => [entry.finding.title, entry.severity, entry.reason])).toEqual([
      ['Cross-site scripting', 'medium', 'touched-line'],
    ]);
    expect(result.fixed.map((entry) => entry.baseline.title)).toEqual(['Path traversal']);
    expect(result.existing.map((entry) => entry.finding.title)).toEqual([
      'SQL injection',
      'Hard-coded credential',
    ]);
    expect(countAtOrAbove(result.counts.new, 'medium')).toBe(1);
    expect(countAtOrAbove(result.counts.existing, 'medium')).toBe(2);
    expect(countAtOrAbove(result.counts.new, 'high')).toBe(0);
    expect(countAtOrAbove(result.counts.new, 'none')).toBe(0);
    expect(result.coarseFiles).toEqual([]);
  });
});
