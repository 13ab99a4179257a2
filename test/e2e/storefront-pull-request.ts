import { readFileSync } from 'node:fs';
import { afterEach, beforeEach } from 'vitest';
import { startGitHubEmulator, type GitHubEmulator, type GitHubSeed } from '../../github-emulator/index.ts';
import type { Emulator } from '../../emulator/index.ts';
import type { ActionRunResult } from '../../scripts/action-runner.ts';
import { pullRequestEvent } from '../fixtures/events.ts';
import { KEYS, runAgainst } from './support.ts';

/**
 * Pull request 42 of initech/storefront (test/fixtures/pull-request-new-findings.json): the service emulator's
 * e2e scenario holds scans of its merge base and head; a GitHub emulator of its own per test holds the pull
 * request. `run` runs the bundled action on it, with `fail-on: medium` and the GitHub emulator's token.
 */
const seed = JSON.parse(
  readFileSync(new URL('../fixtures/pull-request-new-findings.json', import.meta.url), 'utf8'),
) as GitHubSeed & { repositories: { pulls: { base: { sha: string }; head: { sha: string } }[] }[] };
const pull = seed.repositories[0]!.pulls[0]!;
const REPOSITORY = 'initech/storefront';

export function useStorefrontPullRequest(emulator: { readonly current: Emulator }): {
  readonly github: GitHubEmulator;
  run(inputs?: Record<string, string>): Promise<ActionRunResult>;
} {
  let github: GitHubEmulator | undefined;
  beforeEach(async () => {
    github = await startGitHubEmulator({ seed, log: () => undefined });
  });
  afterEach(async () => {
    await github?.close();
  });
  return {
    get github() {
      return github!;
    },
    run: (inputs = {}) =>
      runAgainst(
        emulator.current,
        {
          'api-key': KEYS.initech,
          repository: REPOSITORY,
          'fail-on': 'medium',
          'github-token': github!.token,
          ...inputs,
        },
        {
          repository: REPOSITORY,
          sha: pull.head.sha,
          env: { GITHUB_API_URL: github!.url },
          event: pullRequestEvent({
            repository: REPOSITORY,
            number: 42,
            headSha: pull.head.sha,
            baseSha: pull.base.sha,
          }),
        },
      ),
  };
}
