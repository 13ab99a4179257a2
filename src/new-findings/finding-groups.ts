import { KindNumbers, type IdentifiableFinding } from '../domain/identity/finding-identity.ts';
import type { FileLines } from './pr-diff.ts';

/**
 * The findings of a head and a baseline scan grouped by kind and head file, the candidates for one another.
 * Built for 100,000 findings a side: a group is a number, its key a number (file and kind numbered), and its
 * members two slices of one typed array each, so grouping allocates next to nothing per finding.
 */

/** Kinds are numbered below this, so that file number × KIND_LIMIT + kind number is a safe integer. */
const KIND_LIMIT = 2 ** 26;

export class FindingGroups {
  readonly #kinds = new KindNumbers();
  readonly #fileNumbers = new Map<string, number>();
  readonly #groupOfKey = new Map<number, number>();
  readonly #paths: string[] = [];
  readonly #lines: FileLines[] = [];
  readonly #headCounts: number[] = [];
  readonly #baseCounts: number[] = [];
  /** The group of each head and baseline finding; -1 when it was not added. */
  readonly #headGroup: Int32Array;
  readonly #baseGroup: Int32Array;

  constructor(headCount: number, baselineCount: number) {
    if (headCount + baselineCount >= KIND_LIMIT) throw new RangeError('too many findings to group');
    this.#headGroup = new Int32Array(headCount).fill(-1);
    this.#baseGroup = new Int32Array(baselineCount).fill(-1);
  }

  /** `path` is the head file the finding is (or maps to); `lines` that file's lines. */
  addHead(index: number, finding: IdentifiableFinding, path: string, lines: FileLines): void {
    const group = this.#groupOf(finding, path, lines);
    this.#headGroup[index] = group;
    this.#headCounts[group] = (this.#headCounts[group] ?? 0) + 1;
  }

  addBaseline(index: number, finding: IdentifiableFinding, path: string, lines: FileLines): void {
    const group = this.#groupOf(finding, path, lines);
    this.#baseGroup[index] = group;
    this.#baseCounts[group] = (this.#baseCounts[group] ?? 0) + 1;
  }

  /** Each group in the order first seen, its members in the order added (by index). */
  forEach(visit: (heads: Int32Array, bases: Int32Array, path: string, lines: FileLines) => void): void {
    const heads = membersByGroup(this.#headGroup, this.#headCounts, this.#paths.length);
    const bases = membersByGroup(this.#baseGroup, this.#baseCounts, this.#paths.length);
    for (let group = 0; group < this.#paths.length; group++) {
      visit(
        heads.members.subarray(heads.starts[group], heads.starts[group + 1]),
        bases.members.subarray(bases.starts[group], bases.starts[group + 1]),
        this.#paths[group] as string,
        this.#lines[group] as FileLines,
      );
    }
  }

  #groupOf(finding: IdentifiableFinding, path: string, lines: FileLines): number {
    let file = this.#fileNumbers.get(path);
    if (file === undefined) {
      file = this.#fileNumbers.size;
      this.#fileNumbers.set(path, file);
    }
    const key = file * KIND_LIMIT + this.#kinds.numberOf(finding);
    let group = this.#groupOfKey.get(key);
    if (group === undefined) {
      group = this.#paths.length;
      this.#groupOfKey.set(key, group);
      this.#paths.push(path);
      this.#lines.push(lines);
      this.#headCounts.push(0);
      this.#baseCounts.push(0);
    }
    return group;
  }
}

/** Members of every group side by side (a counting sort): group g's are members[starts[g]..starts[g + 1]). */
function membersByGroup(
  groupOf: Int32Array,
  counts: readonly number[],
  groups: number,
): { members: Int32Array; starts: Int32Array } {
  const starts = new Int32Array(groups + 1);
  for (let group = 0; group < groups; group++)
    starts[group + 1] = (starts[group] as number) + (counts[group] ?? 0);
  const next = starts.slice(0, groups);
  const members = new Int32Array(starts[groups] as number);
  for (let index = 0; index < groupOf.length; index++) {
    const group = groupOf[index] as number;
    if (group >= 0) members[(next[group] as number)++] = index;
  }
  return { members, starts };
}
