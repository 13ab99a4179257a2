import { changeOfEvent, type EventChange, type WorkflowEvent } from './event.ts';

/** Where GitHub is and what the workflow runs on, as the runner describes it (GitHub Enterprise Server too). */
export interface GitHubEnvironment {
  /** GITHUB_API_URL: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server. */
  apiUrl: string;
  /** GITHUB_SERVER_URL: https://github.com, or the Enterprise Server's address; links to files start here. */
  serverUrl: string;
  /** The workflow's own repository, owner and name. */
  owner: string | undefined;
  repo: string | undefined;
  /** The commit the workflow runs on: the pull request's or merge group's head, else GITHUB_SHA. */
  sha: string | undefined;
  /** The pull request's number on pull_request and pull_request_target events. */
  pullRequest: number | undefined;
  /** The pull request's base commit (the fallback baseline when the merge base cannot be read), or the merge group's. */
  baseSha: string | undefined;
  /** The workflow runs for a merge queue's group (merge_group): its head is the commit, its base the baseline. */
  mergeGroup: boolean;
  /**
   * The workflow runs for a change under review: a pull request (pull_request, pull_request_target) or a merge
   * queue's group, whatever its payload holds. On pull_request_target GITHUB_REF names the base branch.
   */
  forChange: boolean;
  /** The workflow run's page, where the job summary is shown. */
  runUrl: string | undefined;
  /** GITHUB_REF: the branch or tag of a push, the merge queue's group branch, `refs/pull/N/merge` on a PR. */
  ref: string | undefined;
  /** The repository's default branch, as the event's payload names it (`repository.default_branch`); a schedule's has none. */
  defaultBranch: string | undefined;
}

/** The environment; `change` is the event's, when the caller has it already. */
export function readGitHubEnvironment(
  env: NodeJS.ProcessEnv,
  event: WorkflowEvent,
  change: EventChange | undefined = changeOfEvent(event),
): GitHubEnvironment {
  const serverUrl = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  const runId = env.GITHUB_RUN_ID;
  const attempt = env.GITHUB_RUN_ATTEMPT;
  return {
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    serverUrl,
    owner: owner || undefined,
    repo: repo || undefined,
    sha: change?.headSha ?? (env.GITHUB_SHA || undefined),
    pullRequest: change?.kind === 'pull_request' ? change.number : undefined,
    baseSha: change?.baseSha,
    mergeGroup: change?.kind === 'merge_group',
    forChange: change !== undefined,
    ref: env.GITHUB_REF || undefined,
    defaultBranch: defaultBranchOf(event),
    runUrl:
      owner && repo && runId
        ? `${serverUrl}/${owner}/${repo}/actions/runs/${runId}${attempt ? `/attempts/${attempt}` : ''}`
        : undefined,
  };
}

function defaultBranchOf(event: WorkflowEvent): string | undefined {
  const repository = (event.payload as { repository?: { default_branch?: unknown } } | null)?.repository;
  const branch = repository?.default_branch;
  return typeof branch === 'string' && branch !== '' ? branch : undefined;
}
