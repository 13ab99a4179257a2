import type { WorkflowEvent } from '../github/event.ts';
import type { RunOrigin } from '../run/settings.ts';

const PULL_REQUEST_EVENTS = ['pull_request', 'pull_request_target'];

interface PullRequestPayload {
  pull_request?: { head?: { sha?: unknown; repo?: { full_name?: unknown; fork?: unknown } | null } };
  repository?: { full_name?: unknown };
}

/** The run's origin as the workflow tells it: its repository, commit and workspace, and its pull request. */
export function workflowOrigin(env: NodeJS.ProcessEnv, event: WorkflowEvent): RunOrigin {
  return {
    repository: env.GITHUB_REPOSITORY,
    ref: defaultRef(env, event),
    workspace: env.GITHUB_WORKSPACE,
    isPullRequest: PULL_REQUEST_EVENTS.includes(event.name),
    isForkPullRequest: isForkPullRequest(event),
  };
}

/** The pull request's head commit on pull request events, else the commit that triggered the workflow. */
function defaultRef(env: NodeJS.ProcessEnv, event: WorkflowEvent): string | undefined {
  if (PULL_REQUEST_EVENTS.includes(event.name)) {
    const sha = (event.payload as PullRequestPayload).pull_request?.head?.sha;
    if (typeof sha === 'string' && sha !== '') return sha;
  }
  const sha = env.GITHUB_SHA?.trim();
  return sha ? sha : undefined;
}

function isForkPullRequest(event: WorkflowEvent): boolean {
  if (!PULL_REQUEST_EVENTS.includes(event.name)) return false;
  const payload = event.payload as PullRequestPayload;
  const head = payload.pull_request?.head?.repo;
  // A head repository that was deleted leaves `repo: null`; it came from a fork all the same.
  if (head === null) return true;
  if (head === undefined) return false;
  const base = payload.repository?.full_name;
  return typeof head.full_name === 'string' && typeof base === 'string' && head.full_name !== base;
}
