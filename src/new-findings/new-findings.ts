import type { IdentifiableFinding } from '../domain/identity/finding-identity.ts';
import { FindingGroups } from './finding-groups.ts';
import { countedSeverity } from '../domain/finding-tally.ts';
import { nearestPairs } from './nearest-pairs.ts';
import type { PullRequestDiff } from './pr-diff.ts';
import {
  SEVERITIES,
  isAtOrAbove,
  isSeverity,
  severityRank,
  zeroCounts,
  type Severity,
  type SeverityCounts,
} from '../domain/severity.ts';

/**
 * What a pull request introduces: the head scan's findings against the baseline scan's (of the merge base),
 * through the pull request's diff.
 *
 * - Same finding: the same kind (title and CWE, see finding-identity.ts) in the same file, following renames.
 * - A head finding on a line the pull request wrote (a `+` line) is new: the pull request touched it.
 * - A head finding on an unchanged line is existing when a baseline finding of its kind in its file, not yet
 *   matched, maps through the diff to that line; failing that, the one that maps nearest. Baseline findings on
 *   lines the pull request removed or rewrote map nowhere and match nothing.
 * - A matched finding that got more severe is new at its new severity (its baseline finding is not fixed);
 *   one that got less severe is existing.
 * - Fixed: baseline findings left unmatched, including every one of a file the pull request removes.
 * - A file whose lines cannot be followed (no patch, or no files list at all) is matched by kind and file only,
 *   and named in `coarseFiles`.
 */

/** The fields matching reads; the client's `Finding` has them. */
export interface MatchableFinding extends IdentifiableFinding {
  /** Typed loosely: a severity the action does not know counts as UNKNOWN_SEVERITY_COUNTS_AS. */
  severity: string;
}

/**
 * Why a head finding is new: it is on a line the pull request wrote; nothing of its kind in the baseline
 * matched it; or it matched a baseline finding that was less severe.
 */
type NewReason = 'touched-line' | 'unmatched' | 'more-severe';

interface NewFinding<F> {
  finding: F;
  severity: Severity;
  reason: NewReason;
  /** The baseline finding it matched, when it got more severe. */
  baseline?: F;
}

interface ExistingFinding<F> {
  finding: F;
  severity: Severity;
  baseline: F;
  baselineSeverity: Severity;
}

interface FixedFinding<F> {
  baseline: F;
  severity: Severity;
}

interface CoarseFile {
  /** The file in the head commit. */
  path: string;
  reason: string;
}

export interface FindingComparison<F> {
  /** Each list most severe first; within a severity, in the order the findings were given. */
  new: NewFinding<F>[];
  existing: ExistingFinding<F>[];
  fixed: FixedFinding<F>[];
  counts: { new: SeverityCounts; existing: SeverityCounts; fixed: SeverityCounts };
  /** Files matched by kind and file only, by path. */
  coarseFiles: CoarseFile[];
}

export interface CompareOptions {
  /**
   * Findings below this severity are matched like the others, then left out of the result (new and existing
   * by their head severity, fixed by their baseline severity), so a finding that crossed it is neither new nor
   * fixed. Default: every severity.
   */
  floor?: Severity;
}

export function compareFindings<F extends MatchableFinding>(
  head: readonly F[],
  baseline: readonly F[],
  diff: PullRequestDiff,
  options: CompareOptions = {},
): FindingComparison<F> {
  const grouped = groupFindings(head, baseline, diff);
  const { partnerOfHead, basePaired, coarseFiles } = pairWithinGroups(grouped, head, baseline);
  const result = new ComparisonBuilder<F>(options.floor ?? 'info');
  for (let index = 0; index < head.length; index++) {
    const partner = partnerOfHead[index] as number;
    const finding = head[index] as F;
    if (partner >= 0) result.matched(finding, baseline[partner] as F);
    else result.new(finding, grouped.touched[index] === 1 ? 'touched-line' : 'unmatched');
  }
  for (let index = 0; index < baseline.length; index++)
    if (basePaired[index] === 0) result.fixed(baseline[index] as F);
  return result.build(coarseFiles);
}

interface GroupedFindings {
  /** The findings of a kind in a file (the head's path), by index in their list. */
  groups: FindingGroups;
  /** The head line each grouped baseline finding maps to (files whose lines are followed). */
  mappedLine: Float64Array;
  /** Head findings on lines the pull request wrote: new, never grouped. */
  touched: Uint8Array;
}

/**
 * Each baseline finding that maps to the head (its file kept, its line not removed or rewritten) and each head
 * finding on a line the pull request did not write, grouped by kind and the head's path.
 */
function groupFindings<F extends MatchableFinding>(
  head: readonly F[],
  baseline: readonly F[],
  diff: PullRequestDiff,
): GroupedFindings {
  const groups = new FindingGroups(head.length, baseline.length);
  const mappedLine = new Float64Array(baseline.length);
  const touched = new Uint8Array(head.length);
  for (let index = 0; index < baseline.length; index++) {
    const finding = baseline[index] as F;
    const lines = diff.base(finding.file_path);
    const path = lines.diff.headPath;
    // A removed file, or a removed or rewritten line: nothing can match it.
    const line = path === null ? null : lines.headLineOf(finding.line);
    if (path === null || line === null) continue;
    mappedLine[index] = line ?? finding.line;
    groups.addBaseline(index, finding, path, lines);
  }
  for (let index = 0; index < head.length; index++) {
    const finding = head[index] as F;
    const lines = diff.head(finding.file_path);
    if (!lines.coarse && lines.isAddedLine(finding.line)) touched[index] = 1;
    else groups.addHead(index, finding, finding.file_path, lines);
  }
  return { groups, mappedLine, touched };
}

/**
 * Within each group, head findings paired with baseline findings: the nearest lines where lines are followed,
 * by severity where they are not (those files are named, by path).
 */
function pairWithinGroups<F extends MatchableFinding>(
  { groups, mappedLine }: GroupedFindings,
  head: readonly F[],
  baseline: readonly F[],
): { partnerOfHead: Int32Array; basePaired: Uint8Array; coarseFiles: CoarseFile[] } {
  // The baseline finding each head finding matched (-1: none).
  const partnerOfHead = new Int32Array(head.length).fill(-1);
  const basePaired = new Uint8Array(baseline.length);
  const coarseFiles = new Map<string, string>();
  groups.forEach((heads, bases, path, lines) => {
    const { mapping } = lines.diff;
    if (mapping.kind === 'unknown') coarseFiles.set(path, mapping.reason);
    if (heads.length === 0 || bases.length === 0) return;
    const pairs: [number, number][] =
      heads.length === 1 && bases.length === 1
        ? [[heads[0] as number, bases[0] as number]]
        : mapping.kind === 'unknown'
          ? severityPairs(heads, bases, head, baseline)
          : nearestPairs(
              Array.from(heads, (index) => (head[index] as F).line),
              Array.from(bases, (index) => mappedLine[index] as number),
            ).map(([h, b]): [number, number] => [heads[h] as number, bases[b] as number]);
    for (const [headIndex, baseIndex] of pairs) {
      partnerOfHead[headIndex] = baseIndex;
      basePaired[baseIndex] = 1;
    }
  });
  const coarse = [...coarseFiles].map(([path, reason]) => ({ path, reason }));
  coarse.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  return { partnerOfHead, basePaired, coarseFiles: coarse };
}

/**
 * Lines not followed: any baseline finding of the kind in the file will do, so the pairs are chosen to leave as
 * few findings more severe than their baseline as possible: the most severe head findings first, each with the
 * least severe baseline finding that is at least as severe; then what is left, most severe with most severe.
 */
function severityPairs(
  headIndexes: Int32Array,
  baseIndexes: Int32Array,
  head: readonly MatchableFinding[],
  baseline: readonly MatchableFinding[],
): [number, number][] {
  const bucketsOf = (indexes: Int32Array, list: readonly MatchableFinding[]): number[][] => {
    const buckets: number[][] = SEVERITIES.map(() => []);
    for (const index of indexes) buckets[rankOf(list[index] as MatchableFinding)]?.push(index);
    // Lowest line last, so pop() takes it first.
    const line = (index: number): number => (list[index] as MatchableFinding).line;
    for (const bucket of buckets) bucket.sort((a, b) => line(b) - line(a) || b - a);
    return buckets;
  };
  const heads = bucketsOf(headIndexes, head);
  const bases = bucketsOf(baseIndexes, baseline);
  const pairs: [number, number][] = [];
  const leftover: number[] = [];
  heads.forEach((bucket, rank) => {
    for (let index = bucket.pop(); index !== undefined; index = bucket.pop()) {
      let match: number | undefined;
      for (let baseRank = rank; baseRank >= 0 && match === undefined; baseRank--)
        match = bases[baseRank]?.pop();
      if (match === undefined) leftover.push(index);
      else pairs.push([index, match]);
    }
  });
  const remaining = bases.flatMap((bucket) => bucket.reverse());
  leftover.forEach((index, position) => {
    const match = remaining[position];
    if (match !== undefined) pairs.push([index, match]);
  });
  return pairs;
}

/** countedSeverity without its allocations for the five known spellings, which is nearly every finding. */
function severityOf(raw: string): Severity {
  return isSeverity(raw) ? raw : countedSeverity(raw);
}

function rankOf(finding: MatchableFinding): number {
  return severityRank(severityOf(finding.severity));
}

/** Collects the result by severity (most severe first, in the order added within one) and counts it. */
class ComparisonBuilder<F extends MatchableFinding> {
  readonly #floor: Severity;
  readonly #new: NewFinding<F>[][] = SEVERITIES.map(() => []);
  readonly #existing: ExistingFinding<F>[][] = SEVERITIES.map(() => []);
  readonly #fixed: FixedFinding<F>[][] = SEVERITIES.map(() => []);

  constructor(floor: Severity) {
    this.#floor = floor;
  }

  new(finding: F, reason: NewReason, baseline?: F): void {
    const severity = severityOf(finding.severity);
    if (!isAtOrAbove(severity, this.#floor)) return;
    this.#new[severityRank(severity)]?.push({ finding, severity, reason, ...(baseline ? { baseline } : {}) });
  }

  fixed(baseline: F): void {
    const severity = severityOf(baseline.severity);
    if (isAtOrAbove(severity, this.#floor)) this.#fixed[severityRank(severity)]?.push({ baseline, severity });
  }

  matched(finding: F, baseline: F): void {
    const severity = severityOf(finding.severity);
    const baselineSeverity = severityOf(baseline.severity);
    if (severityRank(severity) < severityRank(baselineSeverity)) {
      this.new(finding, 'more-severe', baseline);
      return;
    }
    if (isAtOrAbove(severity, this.#floor))
      this.#existing[severityRank(severity)]?.push({ finding, severity, baseline, baselineSeverity });
  }

  build(coarseFiles: CoarseFile[]): FindingComparison<F> {
    const counted = (buckets: readonly (readonly unknown[])[]): SeverityCounts => {
      const counts = zeroCounts();
      SEVERITIES.forEach((severity, rank) => (counts[severity] = buckets[rank]?.length ?? 0));
      return counts;
    };
    return {
      new: this.#new.flat(),
      existing: this.#existing.flat(),
      fixed: this.#fixed.flat(),
      counts: { new: counted(this.#new), existing: counted(this.#existing), fixed: counted(this.#fixed) },
      coarseFiles,
    };
  }
}

/** How many of the counted findings are at or above `floor` (with `none`, none are). */
export function countAtOrAbove(counts: SeverityCounts, floor: Severity | 'none'): number {
  if (floor === 'none') return 0;
  return SEVERITIES.filter((severity) => isAtOrAbove(severity, floor)).reduce(
    (sum, severity) => sum + counts[severity],
    0,
  );
}
