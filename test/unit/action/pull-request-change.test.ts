import { describe, expect, it } from 'vitest';
import {
  MERGE_GROUP_COMPARISON_PERMISSIONS,
  PULL_REQUEST_FILES_PERMISSIONS,
  pullRequestChange,
} from '../../../src/action/pull-request-change.ts';
import { NOOP_LOGGER } from '../../../src/client/logger.ts';
import { GitHubError } from '../../../src/github/github-client.ts';
import { permissionPlanOf } from '../../../src/github/token-permissions.ts';
import type { GitHubSide } from '../../../src/report/github-side.ts';

/** GitHub refusing every read with a 403, as it refuses a token without the scope. */
const refusing = {
  client: {
    request: () => Promise.reject(new GitHubError('Resource not accessible by integration', 403)),
    listAll: () => Promise.reject(new GitHubError('Resource not accessible by integration', 403)),
  },
  environment: { owner: 'acme', repo: 'app', sha: 'b'.repeat(40) },
} as unknown as GitHubSide;

const CHECK_RUN = { feature: 'the check run', needs: [{ scope: 'checks', access: 'write' }] } as const;
const signal = new AbortController().signal;

describe('a refused read of the change under review', () => {
  it("names the permission the pull request's files need, and all the run's plan needs", async () => {
    const plan = permissionPlanOf([CHECK_RUN, PULL_REQUEST_FILES_PERMISSIONS]);
    const pullRequest = { number: 7, baseSha: 'a'.repeat(40), headSha: 'b'.repeat(40), mergeGroup: false };
    const diff = await pullRequestChange(pullRequest, refusing, NOOP_LOGGER, plan).diff(signal);
    expect(diff.unavailable).toBe(
      "the pull request's files could not be read: Resource not accessible by integration (add " +
        "`pull-requests: read` to the job's `permissions:`; this run's settings need `checks: write`, " +
        '`pull-requests: read` in all)',
    );
  });

  it("names the permission the merge group's comparison needs, from its declaration", async () => {
    const group = { number: undefined, baseSha: 'a'.repeat(40), headSha: 'b'.repeat(40), mergeGroup: true };
    const plan = permissionPlanOf([MERGE_GROUP_COMPARISON_PERMISSIONS]);
    const diff = await pullRequestChange(group, refusing, NOOP_LOGGER, plan).diff(signal);
    expect(diff.unavailable).toContain("(add `contents: read` to the job's `permissions:`)");
  });
});
