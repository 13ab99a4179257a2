// Looked up, not imported: an ES import of node:crypto evaluates its every export (WebCrypto, keys, X.509)
// before the first input is read.
const { createHash } = process.getBuiltinModule('node:crypto');

/**
 * What makes two findings of different scans the same finding. Finding ids are per scan, so identity is by
 * content: the kind of a finding (its title and CWE, compared case-insensitively with white space collapsed),
 * its file, and, among the findings of that kind in that file, its place in line order. The line itself is not
 * part of it: lines move when code above them changes.
 */

/** The fields identity reads; the client's `Finding` has them. */
export interface IdentifiableFinding {
  title: string;
  file_path: string;
  line: number;
  cwe?: string | null;
}

/** Keeps apart the parts of a key; it cannot occur in a normalised title. */
const SEPARATOR = '\u0000';

function normalise(text: string): string {
  return text.replace(/\s+/gu, ' ').trim().toLowerCase();
}

/** The kind of a finding: `title` and `cwe` normalised, as one string. */
export function kindOf(title: string, cwe: string | null | undefined): string {
  return `${normalise(title.replaceAll(SEPARATOR, ' '))}${SEPARATOR}${normalise((cwe ?? '').replaceAll(SEPARATOR, ' '))}`;
}

/**
 * Kinds of many findings, numbered: scans repeat a few titles many times, so each distinct title and CWE pair is
 * normalised once, and a lookup allocates nothing. Spellings of one kind get one number.
 */
export class KindNumbers {
  readonly #byTitle = new Map<string, Map<string, number>>();
  readonly #byKind = new Map<string, number>();
  readonly #kinds: string[] = [];

  numberOf(finding: Pick<IdentifiableFinding, 'title' | 'cwe'>): number {
    const cwe = finding.cwe ?? '';
    let byCwe = this.#byTitle.get(finding.title);
    if (!byCwe) {
      byCwe = new Map();
      this.#byTitle.set(finding.title, byCwe);
    }
    let number = byCwe.get(cwe);
    if (number === undefined) {
      const kind = kindOf(finding.title, cwe);
      number = this.#byKind.get(kind);
      if (number === undefined) {
        number = this.#kinds.length;
        this.#kinds.push(kind);
        this.#byKind.set(kind, number);
      }
      byCwe.set(cwe, number);
    }
    return number;
  }

  /** The normalised kind of a number given out. */
  kind(number: number): string {
    return this.#kinds[number] ?? '';
  }
}

export interface FindingIdentity {
  /** The normalised kind (see kindOf). */
  kind: string;
  file: string;
  /** 0 for the first finding of this kind in this file in line order, 1 for the next, and so on. */
  occurrence: number;
  /**
   * A digest of kind, file and occurrence: 32 hexadecimal characters, safe in any text (an HTML comment, a
   * URL), and the same in every scan that reports the same findings of that kind in that file.
   */
  key: string;
}

/**
 * The identity of every finding of one scan, in the order given. Occurrences count the findings of a kind in a
 * file in line order (findings on the same line in the order given), so pass the scan's whole list: a finding
 * left out shifts the occurrences of the ones after it.
 */
export function findingIdentities(findings: readonly IdentifiableFinding[]): FindingIdentity[] {
  const kinds = new KindNumbers();
  const groups = new Map<string, number[]>();
  const kindOfIndex: string[] = [];
  findings.forEach((finding, index) => {
    const kind = kinds.kind(kinds.numberOf(finding));
    kindOfIndex.push(kind);
    const group = `${kind}${SEPARATOR}${finding.file_path}`;
    const members = groups.get(group);
    if (members) members.push(index);
    else groups.set(group, [index]);
  });
  const occurrences = new Int32Array(findings.length);
  for (const members of groups.values()) {
    // Stable: findings on one line keep the order given.
    members.sort(
      (a, b) => (findings[a] as IdentifiableFinding).line - (findings[b] as IdentifiableFinding).line,
    );
    members.forEach((index, occurrence) => (occurrences[index] = occurrence));
  }
  return findings.map((finding, index) => {
    const kind = kindOfIndex[index] as string;
    const occurrence = occurrences[index] as number;
    return {
      kind,
      file: finding.file_path,
      occurrence,
      key: identityKey(kind, finding.file_path, occurrence),
    };
  });
}

export function identityKey(kind: string, file: string, occurrence: number): string {
  return createHash('sha256')
    .update(JSON.stringify([kind, file, occurrence]))
    .digest('hex')
    .slice(0, 32);
}
