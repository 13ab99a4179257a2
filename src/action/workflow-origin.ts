import { changeOfEvent, type WorkflowEvent } from '../github/event.ts';
import type { RunOrigin } from '../run/settings.ts';

/**
 * The run's origin as the workflow tells it: its repository, commit and workspace, and the change it judges (a
 * pull request, or a merge queue's group, whose head is the commit scanned).
 */
export function workflowOrigin(env: NodeJS.ProcessEnv, event: WorkflowEvent): RunOrigin {
  const change = changeOfEvent(event);
  const sha = env.GITHUB_SHA?.trim();
  return {
    repository: env.GITHUB_REPOSITORY,
    ref: change?.headSha ?? (sha ? sha : undefined),
    workspace: env.GITHUB_WORKSPACE,
    judgesChange: change !== undefined,
    isForkPullRequest: change?.kind === 'pull_request' && change.fromFork,
  };
}
