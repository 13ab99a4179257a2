import { PullRequestDiff } from '../new-findings/pr-diff.ts';
import { GitHubError } from '../github/github-client.ts';
import type { BaselineCommit, ChangeUnderReview } from '../run/run-context.ts';
import type { Logger } from '../client/index.ts';
import type { GitHubSide } from '../report/github-side.ts';
import { permissionsAdvice } from '../report/reporter.ts';
import type { FeaturePermissions, PermissionPlan } from '../github/token-permissions.ts';

/** Reading a pull request's files, to tell the findings it introduces. */
export const PULL_REQUEST_FILES_PERMISSIONS: FeaturePermissions = {
  feature: "the pull request's files",
  needs: [{ scope: 'pull-requests', access: 'read' }],
};

/** Comparing a merge group's head with its base, to tell the findings it introduces. */
export const MERGE_GROUP_COMPARISON_PERMISSIONS: FeaturePermissions = {
  feature: "the merge group's comparison",
  needs: [{ scope: 'contents', access: 'read' }],
};

/** GitHub lists at most 3,000 files of a pull request; a list that long may leave some out. */
const MAX_PULL_REQUEST_FILES = 3_000;
/** The compare API gives at most 300 files of a comparison. */
const MAX_COMPARED_FILES = 300;

/** The pull request or merge group a run judges, as the workflow's event names it. */
export interface PullRequestContext {
  number: number | undefined;
  /** The pull request's base commit, or the merge group's, from the event. */
  baseSha: string | undefined;
  /** The scanned head commit. */
  headSha: string;
  /** A merge queue's group: its base is the baseline itself, and its diff is the comparison of the two. */
  mergeGroup: boolean;
}

/**
 * The pull request as the run reads it through GitHub: its merge base from the compare API and its files
 * with their patches. Without a token (no `github`), the base commit from the event and no diff.
 */
export function pullRequestChange(
  pullRequest: PullRequestContext,
  github: GitHubSide | undefined,
  log: Logger,
  permissions: PermissionPlan | undefined,
): ChangeUnderReview {
  if (pullRequest.mergeGroup) return mergeGroupChange(pullRequest, github, permissions);
  return {
    headSha: pullRequest.headSha,
    baselineCommit: (signal) => findBaselineCommit(pullRequest, github, log, signal),
    diff: (signal) => readDiff(pullRequest, github, signal, permissions),
  };
}

/** What a refused read asks of the job: the feature's declared permission, and all the run's plan needs. */
function refusalAdvice(
  error: GitHubError,
  feature: FeaturePermissions,
  permissions: PermissionPlan | undefined,
): string {
  return error.refused ? ` (${permissionsAdvice(feature, { permissions })})` : '';
}

/**
 * A merge queue's group is judged as a pull request is: its head against its base, which the queue built it on
 * (the merge base is the base itself), through the files of the comparison of the two.
 */
function mergeGroupChange(
  group: PullRequestContext,
  github: GitHubSide | undefined,
  permissions: PermissionPlan | undefined,
): ChangeUnderReview {
  const base = group.baseSha;
  return {
    headSha: group.headSha,
    baselineCommit: () =>
      Promise.resolve(base ? { sha: base, source: "the merge group's base commit" } : undefined),
    diff: async (signal) => {
      if (!github || !base) return PullRequestDiff.unavailable('no GitHub token to compare the merge group');
      try {
        const response = await github.client.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
          owner: github.environment.owner,
          repo: github.environment.repo,
          basehead: `${base}...${group.headSha}`,
        });
        const files = (response.data as { files?: unknown }).files;
        const list = Array.isArray(files) ? (files as unknown[]) : [];
        return PullRequestDiff.fromFiles(list, { complete: list.length < MAX_COMPARED_FILES });
      } catch (error) {
        if (!(error instanceof GitHubError)) throw error;
        signal.throwIfAborted();
        const advice = refusalAdvice(error, MERGE_GROUP_COMPARISON_PERMISSIONS, permissions);
        return PullRequestDiff.unavailable(
          `the merge group's comparison could not be read: ${error.message}${advice}`,
        );
      }
    },
  };
}

/**
 * The pull request's merge base, from GitHub's compare API; the pull request's base commit when the token
 * cannot read it (or GitHub is not reachable). Undefined without a base commit.
 */
async function findBaselineCommit(
  pullRequest: PullRequestContext,
  github: GitHubSide | undefined,
  log: Logger,
  signal: AbortSignal,
): Promise<BaselineCommit | undefined> {
  const base = pullRequest.baseSha;
  if (!base) return undefined;
  if (github) {
    try {
      const response = await github.client.request('GET /repos/{owner}/{repo}/compare/{basehead}', {
        owner: github.environment.owner,
        repo: github.environment.repo,
        basehead: `${base}...${pullRequest.headSha}`,
        per_page: 1,
      });
      const sha = (response.data as { merge_base_commit?: { sha?: unknown } }).merge_base_commit?.sha;
      if (typeof sha === 'string' && sha !== '')
        return { sha, source: "the merge base, from GitHub's compare API" };
    } catch (error) {
      if (!(error instanceof GitHubError)) throw error;
      signal.throwIfAborted();
      log.info(`Could not read the merge base (${error.message}); comparing with the pull request's base.`);
    }
  }
  return { sha: base, source: "the pull request's base commit" };
}

/** The pull request's files from GitHub; when they cannot be read, every file is matched coarsely. */
async function readDiff(
  pullRequest: PullRequestContext,
  github: GitHubSide | undefined,
  signal: AbortSignal,
  permissions: PermissionPlan | undefined,
): Promise<PullRequestDiff> {
  const number = pullRequest.number;
  if (!github || number === undefined)
    return PullRequestDiff.unavailable('no GitHub token to read the pull request');
  try {
    const files = await github.client.listAll<unknown>(
      'GET /repos/{owner}/{repo}/pulls/{pull_number}/files',
      { owner: github.environment.owner, repo: github.environment.repo, pull_number: number },
    );
    return PullRequestDiff.fromFiles(files, { complete: files.length < MAX_PULL_REQUEST_FILES });
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    signal.throwIfAborted();
    const advice = refusalAdvice(error, PULL_REQUEST_FILES_PERMISSIONS, permissions);
    return PullRequestDiff.unavailable(
      `the pull request's files could not be read: ${error.message}${advice}`,
    );
  }
}
