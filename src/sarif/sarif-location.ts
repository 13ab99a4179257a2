import { repositoryRelativeUri } from '../domain/identity/artifact-uri.ts';
import { normaliseTitle, parseCwe, ruleIdFor } from '../domain/identity/rule-identity.ts';
import { TEXT_BUDGETS } from '../domain/identity/sarif-limits.ts';
import { cleanText, type Scrub } from '../domain/identity/sarif-text.ts';

/** Where code scanning files a finding: the rule id and the repository-relative path the SARIF writer gives it. */
export interface SarifPlace {
  ruleId: string;
  /**
   * Undefined when the service's path cannot be made a safe repository-relative one (no location is written), and
   * when it holds a `\`: the writer folds it to `/`, so code scanning files `src\db.ts` as `src/db.ts`, whose
   * alert may be another file's. A finding without a path is never matched to an alert.
   */
  path: string | undefined;
  line: number;
}

/** The same rule id and path as the writer computes, so a finding can be matched to its code scanning alert. */
export function sarifPlaceOf(
  finding: { title: string; cwe?: string | null | undefined; filePath: string; line: number },
  scrub: Scrub,
): SarifPlace {
  const title = cleanText(finding.title, TEXT_BUDGETS.message, scrub);
  const uri = repositoryRelativeUri(scrub(finding.filePath));
  return placeOfResult(ruleIdFor(parseCwe(finding.cwe), normaliseTitle(title)), uri, finding);
}

/** The place of a result the writer wrote, from the rule id and the artifact URI it gave it. */
export function placeOfResult(
  ruleId: string,
  uri: string | undefined,
  finding: { filePath: string; line: number },
): SarifPlace {
  return {
    ruleId,
    path: uri === undefined || finding.filePath.includes('\\') ? undefined : decodeURIComponent(uri),
    line: finding.line,
  };
}
