// Looked up, not imported: an ES import of node:crypto evaluates its every export (WebCrypto, keys, X.509)
// before the first input is read.
const { createHash } = process.getBuiltinModule('node:crypto');

/** The key of our fingerprint in `partialFingerprints`; the version changes whenever the inputs of the hash do. */
export const FINGERPRINT_KEY = 'svcScanFindingHash/v1';

/**
 * Code scanning matches a result to an existing alert by its `partialFingerprints`. Ours leaves the line number
 * out, so an alert survives edits above it: the hash covers the rule, the file and the normalised title, and the
 * occurrence of that triple among the results written so far, so two identical findings in one file remain two
 * alerts. The occurrence counts in the order the findings arrive (most severe first, then the service's order);
 * only a map of triple to count is kept.
 * upload-sarif adds its own `primaryLocationLineHash` (a hash of the line's text) when the result has none.
 */
export class FingerprintIssuer {
  readonly #occurrences = new Map<string, number>();

  fingerprint(ruleId: string, path: string, normalisedTitle: string): string {
    return fingerprintOf(this.occurrence(ruleId, path, normalisedTitle));
  }

  /**
   * Counts one more result of the triple and says which it is, without the fingerprint's second hash: a reader
   * that keeps few of the findings it counts hashes only those (fingerprintOf).
   */
  occurrence(ruleId: string, path: string, normalisedTitle: string): FingerprintOccurrence {
    const triple = createHash('sha256')
      .update(`${ruleId}\u0000${path}\u0000${normalisedTitle}`)
      .digest('hex');
    const occurrence = (this.#occurrences.get(triple) ?? 0) + 1;
    this.#occurrences.set(triple, occurrence);
    return { triple, occurrence };
  }
}

/** One result's place among those of its triple (rule, file, normalised title), as FingerprintIssuer counted it. */
export interface FingerprintOccurrence {
  /** The hash of the triple. */
  triple: string;
  /** 1 for the first result of the triple. */
  occurrence: number;
}

/** The fingerprint of one counted occurrence. */
export function fingerprintOf({ triple, occurrence }: FingerprintOccurrence): string {
  return createHash('sha256').update(`${triple}:${occurrence}`).digest('hex').slice(0, 32);
}
