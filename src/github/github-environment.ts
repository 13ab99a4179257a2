import type { WorkflowEvent } from './event.ts';

/** Where GitHub is and what the workflow runs on, as the runner describes it (GitHub Enterprise Server too). */
export interface GitHubEnvironment {
  /** GITHUB_API_URL: https://api.github.com, or https://HOST/api/v3 on GitHub Enterprise Server. */
  apiUrl: string;
  /** GITHUB_SERVER_URL: https://github.com, or the Enterprise Server's address; links to files start here. */
  serverUrl: string;
  /** The workflow's own repository, owner and name. */
  owner: string | undefined;
  repo: string | undefined;
  /** The commit the workflow runs on: the pull request's head on pull request events, else GITHUB_SHA. */
  sha: string | undefined;
  /** The pull request's number on pull_request and pull_request_target events. */
  pullRequest: number | undefined;
  /** The pull request's base commit, the fallback baseline when the merge base cannot be read. */
  baseSha: string | undefined;
  /** The workflow run's page, where the job summary is shown. */
  runUrl: string | undefined;
}

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

interface PullRequestPayload {
  pull_request?: { number?: unknown; head?: { sha?: unknown }; base?: { sha?: unknown } };
}

export function readGitHubEnvironment(env: NodeJS.ProcessEnv, event: WorkflowEvent): GitHubEnvironment {
  const serverUrl = (env.GITHUB_SERVER_URL || 'https://github.com').replace(/\/+$/, '');
  const [owner, repo] = (env.GITHUB_REPOSITORY ?? '').split('/');
  const payload = event.payload as PullRequestPayload;
  const isPullRequest = PULL_REQUEST_EVENTS.has(event.name);
  const number = isPullRequest ? payload.pull_request?.number : undefined;
  const headSha = isPullRequest ? payload.pull_request?.head?.sha : undefined;
  const baseSha = isPullRequest ? payload.pull_request?.base?.sha : undefined;
  const runId = env.GITHUB_RUN_ID;
  const attempt = env.GITHUB_RUN_ATTEMPT;
  return {
    apiUrl: (env.GITHUB_API_URL || 'https://api.github.com').replace(/\/+$/, ''),
    serverUrl,
    owner: owner || undefined,
    repo: repo || undefined,
    sha: typeof headSha === 'string' && headSha !== '' ? headSha : env.GITHUB_SHA || undefined,
    pullRequest:
      typeof number === 'number' && Number.isSafeInteger(number) && number > 0 ? number : undefined,
    baseSha: typeof baseSha === 'string' && /^[0-9a-f]{7,64}$/i.test(baseSha) ? baseSha : undefined,
    runUrl:
      owner && repo && runId
        ? `${serverUrl}/${owner}/${repo}/actions/runs/${runId}${attempt ? `/attempts/${attempt}` : ''}`
        : undefined,
  };
}
