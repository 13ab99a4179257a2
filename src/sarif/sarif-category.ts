import { TEXT_BUDGETS } from '../domain/identity/sarif-limits.ts';

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
