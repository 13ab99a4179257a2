import type { Finding } from '../../client/types.ts';
import { repositoryRelativeUri } from './artifact-uri.ts';
import { FingerprintIssuer, fingerprintOf, type FingerprintOccurrence } from './finding-fingerprint.ts';
import { normaliseTitle, parseCwe, ruleIdFor } from './rule-identity.ts';
import { TEXT_BUDGETS } from './sarif-limits.ts';
import { cleanText, type Scrub } from './sarif-text.ts';

const keep: Scrub = (text) => text;

/**
 * The fingerprint the SARIF file gives each finding (`partialFingerprints`), for findings read in the same order
 * (most severe first, then the service's order): the policy suppresses by it, and the check run and `svc scan
 * --json` show it to copy. A test holds it to the SARIF writer's. One instance per list, since a fingerprint
 * counts the findings of its kind before it.
 */
export class FindingFingerprinter {
  readonly #issuer = new FingerprintIssuer();
  readonly #scrub: Scrub;
  /** Rule ids by CWE and normalised title: the findings of one kind share one, worked out once. */
  readonly #ruleIds = new BoundedMemo<string>();
  /** Path keys by the finding's file: a scan's findings share few files. */
  readonly #pathKeys = new BoundedMemo<string>();

  constructor(scrub: Scrub = keep) {
    this.#scrub = scrub;
  }

  of(finding: Finding): string {
    return fingerprintOf(this.occurrenceOf(finding));
  }

  /** Counts the finding towards the fingerprints of its kind after it; fingerprintOf gives its own when needed. */
  occurrenceOf(finding: Finding): FingerprintOccurrence {
    const title = cleanText(
      typeof finding.title === 'string' ? finding.title : '',
      TEXT_BUDGETS.message,
      this.#scrub,
    );
    const normalisedTitle = normaliseTitle(title);
    const cwe = parseCwe(finding.cwe);
    const ruleId = this.#ruleIds.get(`${cwe ?? ''}\u0000${normalisedTitle}`, () =>
      ruleIdFor(cwe, normalisedTitle),
    );
    const pathKey = finding.malformed?.includes('file_path')
      ? cleanText(finding.file_path, TEXT_BUDGETS.message, this.#scrub)
      : this.#pathKeys.get(finding.file_path, () => this.#pathKeyOf(finding.file_path));
    return this.#issuer.occurrence(ruleId, pathKey, normalisedTitle);
  }

  /** The file as the SARIF file's location gives it, or its cleaned text when it is no repository path. */
  #pathKeyOf(filePath: string): string {
    const uri = repositoryRelativeUri(this.#scrub(filePath));
    return uri ?? cleanText(filePath, TEXT_BUDGETS.message, this.#scrub);
  }
}

/**
 * A memo of at most MEMO_ENTRIES values, emptied when full: it saves the work of a scan's repeated keys without
 * holding one entry for each finding of a large scan.
 */
class BoundedMemo<T> {
  readonly #values = new Map<string, T>();

  get(key: string, make: () => T): T {
    const known = this.#values.get(key);
    if (known !== undefined) return known;
    if (this.#values.size >= MEMO_ENTRIES) this.#values.clear();
    const value = make();
    this.#values.set(key, value);
    return value;
  }
}

const MEMO_ENTRIES = 1_000;
