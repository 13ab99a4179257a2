import { TEXT_BUDGETS } from '../domain/identity/sarif-limits.ts';

/** The tool's name in the SARIF run, whichever face wrote it: code scanning lists and filters alerts by it. */
export const SARIF_TOOL_NAME = 'svc-scan';

/** Where code scanning links the tool's name, whichever face wrote the log. */
export const SARIF_TOOL_INFORMATION_URI = 'https://github.com/svc-scan/svc-scan-action';

/**
 * The category of a run that `sarif-category` does not name: the tool's name and the scanned repository
 * (`svc-scan/<owner>/<name>`), so that runs over several repositories never replace each other.
 */
export function defaultSarifCategory(repository: string): string {
  return `${SARIF_TOOL_NAME}/${repository}`;
}

/**
 * The `sarif-category` input, checked before any request. It becomes `runs[0].automationDetails.id`, with a `/`
 * appended when it has none at the end: code scanning reads what precedes the last `/` as the category and the
 * rest as the run's id, so `svc-scan/acme/web` alone would be the category `svc-scan/acme`, shared by every
 * repository of acme. One category holds one run: two uploads in one category replace each other, so matrix
 * jobs over several repositories (or several configurations) each need their own.
 *
 * Returns what is wrong with the value, or undefined when it can be used.
 */
export function sarifCategoryProblem(category: string): string | undefined {
  // The writer appends a `/`: the whole must fit the writer's budget, so that nothing is cut.
  const max = TEXT_BUDGETS.category - 1;
  if (category.length > max) return `at most ${max} characters, such as svc-scan/acme/web`;
  if (/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/u.test(category)) return 'one line without control or invisible characters';
  if (!/[^/\s]/u.test(category))
    return 'a category with a name in it, such as svc-scan/acme/web (slashes alone leave it empty)';
  return undefined;
}
