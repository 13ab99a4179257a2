import { changeOfEvent, type EventChange, type WorkflowEvent } from '../github/event.ts';
import { readGitHubEnvironment, type GitHubEnvironment } from '../github/github-environment.ts';
import type { RunOrigin } from '../run/settings.ts';

/**
 * The run's origin as the workflow tells it: its repository, commit and workspace, and the change it judges (a
 * pull request, or a merge queue's group, whose head is the commit scanned).
 */
export function workflowOrigin(
  env: NodeJS.ProcessEnv,
  event: WorkflowEvent,
  change: EventChange | undefined = changeOfEvent(event),
): RunOrigin {
  const sha = env.GITHUB_SHA?.trim();
  return {
    repository: env.GITHUB_REPOSITORY,
    ref: change?.headSha ?? (sha ? sha : undefined),
    workspace: env.GITHUB_WORKSPACE,
    judgesChange: change !== undefined,
    isForkPullRequest: change?.kind === 'pull_request' && change.fromFork,
  };
}

/** What the workflow's event and environment say, each worked out once: the change, the origin, GitHub's side. */
export interface WorkflowFacts {
  event: WorkflowEvent;
  /** The pull request or merge group the workflow runs for; undefined for any other event. */
  change: EventChange | undefined;
  origin: RunOrigin;
  environment: GitHubEnvironment;
}

export function workflowFacts(env: NodeJS.ProcessEnv, event: WorkflowEvent): WorkflowFacts {
  const change = changeOfEvent(event);
  return {
    event,
    change,
    origin: workflowOrigin(env, event, change),
    environment: readGitHubEnvironment(env, event, change),
  };
}

/** Where the scan is, against the workflow: worked out once, from the inputs (the policy cannot move the scan). */
export interface ScannedPlace {
  /** The scanned repository is the workflow's own (GitHub compares names without regard to case): only it has a policy. */
  ownRepository: boolean;
  /**
   * It is scanned at the commit the workflow runs on (the default): only then do links point at the scanned
   * tree, and only then is the pull request's diff the scanned change.
   */
  atHead: boolean;
}

export function scannedPlace(
  scanned: { repository: string; ref: string | undefined },
  environment: GitHubEnvironment,
): ScannedPlace {
  const { owner, repo, sha } = environment;
  const ownRepository =
    !!owner && !!repo && scanned.repository.toLowerCase() === `${owner}/${repo}`.toLowerCase();
  return {
    ownRepository,
    atHead: ownRepository && !!sha && (scanned.ref === undefined || scanned.ref === sha),
  };
}
