import { createPrng } from '../emulator/prng.ts';
import type { MatchableFinding } from '../src/new-findings/new-findings.ts';
import type { PullRequestFile } from '../src/new-findings/pr-diff.ts';

/**
 * A pull request over a large repository, for the matching benchmark: `count` baseline findings in files of
 * about 20 findings each, 40 kinds, and a head scan that differs as a busy pull request would make it differ.
 * Of the files: a tenth get lines inserted above most of their findings (which move), a tenth have one
 * finding's line rewritten (fixed, and a new finding written there), 2% are renamed without a patch, 1% are
 * removed (their findings fixed), 1% have no patch (matched coarsely), and 1% get a finding more severe. New
 * files bring as many new findings as the removed ones took away, so the head has about `count` findings too.
 * Built here rather than by the code under test, so a wrong mapping shows in the outcome counts.
 */

export interface MatchingWorkload {
  baseline: MatchableFinding[];
  head: MatchableFinding[];
  files: PullRequestFile[];
  /** What the matching must find, from how the workload was made. */
  expected: { new: number; fixed: number; existing: number; coarseFiles: number };
}

const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
const KINDS = Array.from({ length: 40 }, (_, i) => ({
  title: `Rule ${i} finding title`,
  cwe: `CWE-${100 + i}`,
}));
const PER_FILE = 20;
const LINES_PER_FILE = 4_000;

export function matchingWorkload(count: number, seed = 1): MatchingWorkload {
  const random = createPrng(seed);
  const workload: MatchingWorkload = {
    baseline: [],
    head: [],
    files: [],
    expected: { new: 0, fixed: 0, existing: 0, coarseFiles: 0 },
  };
  const fileCount = Math.max(1, Math.ceil(count / PER_FILE));
  let removedFindings = 0;
  for (let file = 0; file < fileCount; file++) {
    const path = `src/module-${file % 97}/file-${file}.ts`;
    const findings = fileFindings(random, path, Math.min(PER_FILE, count - file * PER_FILE));
    workload.baseline.push(...findings);
    removedFindings += changeFile(workload, path, findings, file % 100);
  }
  addNewFiles(workload, random, removedFindings);
  return workload;
}

type Prng = ReturnType<typeof createPrng>;

function fileFindings(random: Prng, path: string, inFile: number): MatchableFinding[] {
  // Distinct lines, sorted: one finding per line keeps the expected counts exact.
  const lines = new Set<number>();
  while (lines.size < inFile) lines.add(100 + random.int(LINES_PER_FILE - 200));
  return [...lines]
    .sort((a, b) => a - b)
    .map((line) => {
      const kind = random.pick(KINDS);
      return { ...kind, file_path: path, line, severity: SEVERITIES[1 + random.int(4)] as string };
    });
}

/** Changes one file as `change` (0 to 99) picks, into the head; answers how many findings went with it. */
function changeFile(
  { head, files, expected }: MatchingWorkload,
  path: string,
  findings: readonly MatchableFinding[],
  change: number,
): number {
  const [first, ...rest] = findings;
  if (change < 10) {
    // Insert 25 lines after line 50: every finding moves 25 lines down.
    files.push({ filename: path, status: 'modified', patch: insertion(50, 25) });
    for (const finding of findings) head.push({ ...finding, line: finding.line + 25 });
    expected.existing += findings.length;
  } else if (change < 20) {
    // Rewrite the line of the first finding: fixed, and a new finding on the rewritten line.
    if (!first) return 0;
    files.push({ filename: path, status: 'modified', patch: rewrite(first.line) });
    head.push({ ...first, title: 'Rule 99 new finding', cwe: 'CWE-999' }, ...rest);
    expected.fixed += 1;
    expected.new += 1;
    expected.existing += rest.length;
  } else if (change < 22) {
    const renamed = path.replace('.ts', '.renamed.ts');
    files.push({ filename: renamed, status: 'renamed', previous_filename: path });
    for (const finding of findings) head.push({ ...finding, file_path: renamed });
    expected.existing += findings.length;
  } else if (change < 23) {
    files.push({ filename: path, status: 'removed' });
    expected.fixed += findings.length;
    return findings.length;
  } else if (change < 24) {
    files.push({ filename: path, status: 'modified', changes: 30_000 });
    for (const finding of findings) head.push({ ...finding, line: finding.line + 3 });
    expected.existing += findings.length;
    expected.coarseFiles += 1;
  } else if (change < 25) {
    if (!first) return 0;
    // Baseline findings are high or less: turned critical, the first one is new.
    head.push({ ...first, severity: 'critical' }, ...rest);
    expected.new += 1;
    expected.existing += rest.length;
  } else {
    head.push(...findings);
    expected.existing += findings.length;
  }
  return 0;
}

/** New files bring as many findings as the removed files took away. */
function addNewFiles({ head, files, expected }: MatchingWorkload, random: Prng, count: number): void {
  for (let index = 0; index < count; index++) {
    const path = `src/added/new-${Math.floor(index / PER_FILE)}.ts`;
    if (index % PER_FILE === 0) files.push({ filename: path, status: 'added' });
    head.push({
      ...random.pick(KINDS),
      file_path: path,
      line: 1 + (index % PER_FILE) * 7,
      severity: 'medium',
    });
    expected.new += 1;
  }
}

function insertion(after: number, count: number): string {
  const added = Array.from({ length: count }, (_, i) => `+  const added${i} = ${i};`);
  return [`@@ -${after},2 +${after},${count + 2} @@`, ` line ${after}`, ...added, ` line ${after + 1}`].join(
    '\n',
  );
}

function rewrite(line: number): string {
  return [`@@ -${line - 1},3 +${line - 1},3 @@`, ' before', `-old ${line}`, `+new ${line}`, ' after'].join(
    '\n',
  );
}
