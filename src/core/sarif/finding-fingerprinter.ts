import type { Finding } from '../../client/types.ts';
import { repositoryRelativeUri } from './artifact-uri.ts';
import { FingerprintIssuer } from './finding-fingerprint.ts';
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

  constructor(scrub: Scrub = keep) {
    this.#scrub = scrub;
  }

  of(finding: Finding): string {
    const title = cleanText(
      typeof finding.title === 'string' ? finding.title : '',
      TEXT_BUDGETS.message,
      this.#scrub,
    );
    const normalisedTitle = normaliseTitle(title);
    const ruleId = ruleIdFor(parseCwe(finding.cwe), normalisedTitle);
    const uri = finding.malformed?.includes('file_path')
      ? undefined
      : repositoryRelativeUri(this.#scrub(finding.file_path));
    const pathKey = uri ?? cleanText(finding.file_path, TEXT_BUDGETS.message, this.#scrub);
    return this.#issuer.fingerprint(ruleId, pathKey, normalisedTitle);
  }
}
