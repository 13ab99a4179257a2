import type { OperationContract } from './extract-operations.ts';
import { createCheckRun, getCheckRun, listAnnotations, updateCheckRun } from './handlers/check-runs.ts';
import { getAlert, getSarif, listAlerts, updateAlert, uploadSarif } from './handlers/code-scanning.ts';
import { compareCommits } from './handlers/compare.ts';
import { createInstallationToken, getAuthenticatedApp, getRepoInstallation } from './handlers/apps.ts';
import { getContent } from './handlers/contents.ts';
import { getBlob, getBranch, getCommit, getRef } from './handlers/git.ts';
import { getRepository } from './handlers/repositories.ts';
import { createIssueComment, listIssueComments, updateIssueComment } from './handlers/issue-comments.ts';
import { listPullFiles } from './handlers/pull-files.ts';
import { createReview, listReviewComments } from './handlers/pull-reviews.ts';
import type { OperationId } from './operation-ids.ts';
import type { Handler } from './request-context.ts';

/**
 * Routes are GitHub's own path templates from operations.json, each bound to its handler by operationId.
 * GitHub answers 404 for a path it does not know and for a method a path does not take; so does the emulator.
 */

const HANDLERS: Readonly<Record<OperationId, Handler>> = {
  'checks/create': createCheckRun,
  'checks/update': updateCheckRun,
  'checks/get': getCheckRun,
  'checks/list-annotations': listAnnotations,
  'issues/list-comments': listIssueComments,
  'issues/create-comment': createIssueComment,
  'issues/update-comment': updateIssueComment,
  'pulls/list-files': listPullFiles,
  'pulls/create-review': createReview,
  'pulls/list-review-comments': listReviewComments,
  'repos/compare-commits-with-basehead': compareCommits,
  'repos/get-content': getContent,
  'repos/get': getRepository,
  'code-scanning/upload-sarif': uploadSarif,
  'code-scanning/get-sarif': getSarif,
  'code-scanning/list-alerts-for-repo': listAlerts,
  'code-scanning/get-alert': getAlert,
  'code-scanning/update-alert': updateAlert,
  'git/get-blob': getBlob,
  'git/get-ref': getRef,
  'repos/get-branch': getBranch,
  'repos/get-commit': getCommit,
  'apps/get-authenticated': getAuthenticatedApp,
  'apps/get-repo-installation': getRepoInstallation,
  'apps/create-installation-access-token': createInstallationToken,
};

/**
 * `base...head` may name branches with slashes (`main...feature/login`), as may a branch and a ref
 * (`heads/feature/login`), and a file's path has folders.
 */
const GREEDY_PARAMETERS = new Set(['basehead', 'path', 'branch', 'ref']);

export interface Route {
  readonly operation: OperationContract;
  readonly handler: Handler;
  readonly pattern: RegExp;
  readonly names: readonly string[];
}

export function buildRoutes(operations: Iterable<OperationContract>): Route[] {
  return [...operations].map((operation) => {
    const names: string[] = [];
    const source = operation.path.replace(/\{(\w+)\}|[^{]+/g, (part, name: string | undefined) => {
      if (name === undefined) return part.replace(/[.*+?^$()|[\]\\]/g, '\\$&');
      names.push(name);
      return GREEDY_PARAMETERS.has(name) ? '(.+)' : '([^/]+)';
    });
    return { operation, handler: HANDLERS[operation.operationId], pattern: new RegExp(`^${source}$`), names };
  });
}

export function matchRoute(
  routes: readonly Route[],
  method: string,
  path: string,
): { route: Route; params: Record<string, string> } | undefined {
  for (const route of routes) {
    if (route.operation.method !== method) continue;
    const match = route.pattern.exec(path);
    if (!match) continue;
    try {
      const params = Object.fromEntries(
        route.names.map((name, i) => [name, decodeURIComponent(match[i + 1] ?? '')]),
      );
      if (!pathParametersFit(route.operation, params)) continue;
      return { route, params };
    } catch {
      return undefined;
    }
  }
  return undefined;
}

/** An integer path parameter (`check_run_id`, `pull_number`) that is not one makes the path unknown: 404. */
function pathParametersFit(operation: OperationContract, params: Record<string, string>): boolean {
  return operation.parameters.every(
    (parameter) =>
      parameter.in !== 'path' ||
      parameter.schema.type !== 'integer' ||
      /^\d+$/.test(params[parameter.name] ?? ''),
  );
}
