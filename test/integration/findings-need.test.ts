import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { startGitHubEmulator, type GitHubEmulator, type TokenMode } from '../../github-emulator/index.ts';
import { pullRequestEvent } from '../fixtures/events.ts';
import { seedWithPullRequest } from '../support/github-side.ts';
import { HEAD_SHA, runMainAgainst, startFastE2e } from '../support/in-process-action.ts';
import { KEYS } from './support.ts';

/**
 * The findings fetched follow the reporters that can still show them: the check run needs up to max-annotations,
 * but once GitHub refuses it at the scan's start, the workflow-command annotations that stand in need far fewer.
 */
const REPOSITORY = 'acme/large-monorepo';
let service: Emulator;
let github: GitHubEmulator;

beforeEach(async () => {
  [service, github] = await Promise.all([startFastE2e(), startGitHubEmulator({ log: () => undefined })]);
  github.seed(seedWithPullRequest(REPOSITORY, 42, HEAD_SHA));
});
afterEach(async () => {
  await Promise.all([service.close(), github.close()]);
});

/** Pages of findings the service answered during one run of the main step. */
async function findingsPagesOfARun(mode: TokenMode): Promise<number> {
  github.setTokenMode(mode);
  service.resetStats();
  const { toolkit } = await runMainAgainst(
    service,
    {
      'api-key': KEYS.member,
      'github-token': github.token,
      repository: REPOSITORY,
      'severity-threshold': 'info',
      'fail-on': 'none',
      'pr-comment': 'never',
    },
    {
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: REPOSITORY },
      event: pullRequestEvent({ repository: REPOSITORY, number: 42, headSha: HEAD_SHA }),
    },
  );
  expect(toolkit.outputs.result).toBe('passed');
  return service.stats().requests['GET /api/v1/findings'] ?? 0;
}

it('fetches for 1,000 annotations with checks: write, and only what workflow commands show without it', async () => {
  const withChecks = await findingsPagesOfARun('full');
  expect(github.state().check_runs[0]?.annotations).toHaveLength(1000);
  const refused = await findingsPagesOfARun('no-checks');
  expect(refused).toBeGreaterThan(0);
  expect(refused).toBeLessThan(withChecks);
});
