import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubEmulator, type GitHubEmulator, type GitHubSeed } from '../../github-emulator/index.ts';
import { pullRequestEvent } from '../fixtures/events.ts';
import { KEYS, runAgainst, useEmulator } from './support.ts';

/**
 * Fixes posted as one-click suggestions on pull request 42 of initech/storefront: its one new medium finding
 * (src/api/search.ts line 18, a line the pull request wrote) has a fix that fits the pull request's hunk.
 */
const seed = JSON.parse(
  readFileSync(new URL('../fixtures/pull-request-new-findings.json', import.meta.url), 'utf8'),
) as GitHubSeed & { repositories: { pulls: { base: { sha: string }; head: { sha: string } }[] }[] };
const pull = seed.repositories[0]!.pulls[0]!;
const REPOSITORY = 'initech/storefront';

const emulator = useEmulator();
let github: GitHubEmulator;
beforeEach(async () => {
  github = await startGitHubEmulator({ seed, log: () => undefined });
});
afterEach(async () => {
  await github.close();
});

function run(inputs: Record<string, string> = {}) {
  return runAgainst(
    emulator.current,
    {
      'api-key': KEYS.initech,
      repository: REPOSITORY,
      'fail-on': 'medium',
      'github-token': github.token,
      ...inputs,
    },
    {
      repository: REPOSITORY,
      sha: pull.head.sha,
      env: { GITHUB_API_URL: github.url },
      event: pullRequestEvent({
        repository: REPOSITORY,
        number: 42,
        headSha: pull.head.sha,
        baseSha: pull.base.sha,
      }),
    },
  );
}

describe('fix suggestions', () => {
  it('posts the fix of the new failing finding as a suggestion in one review, and none again on a re-run', async () => {
    const first = await run();
    expect(first.outputs['suggestions-posted']).toBe('1');
    const reviews = github.calls().filter((call) => call.operationId === 'pulls/create-review');
    expect(reviews).toHaveLength(1);
    expect(reviews[0]?.status).toBe(200);
    const [comment] = github.state().review_comments as {
      path: string;
      line: number;
      side: string;
      body: string;
    }[];
    expect(comment).toMatchObject({ path: 'src/api/search.ts', line: 18, side: 'RIGHT' });
    expect(comment?.body).toMatch(/^<!-- svc-scan-action:suggestion:[0-9a-f]{32} -->/);
    expect(comment?.body).toContain(
      '```suggestion\n  const html = `<h1>Results for ${escapeHtml(query)}</h1><ul>${items}</ul>`;\n```',
    );

    const second = await run();
    expect(second.outputs['suggestions-posted']).toBe('0');
    expect(github.calls().filter((call) => call.operationId === 'pulls/create-review')).toHaveLength(1);
  });

  it('shows the fixes folded, with the reason, when the token may not review', async () => {
    github.setTokenMode('read-only');
    const result = await run();
    expect(result.outputs['suggestions-posted']).toBe('0');
    expect(result.stdout.match(/may not review the pull request/g)).toHaveLength(1);
    expect(result.summary).toMatch(
      /<details><summary>Fix for .*: the token may not post suggestions<\/summary>/,
    );
    expect(result.summary).toContain('```diff');
  });

  it('posts nothing with suggest-fixes: false', async () => {
    const result = await run({ 'suggest-fixes': 'false' });
    expect(github.calls().filter((call) => call.operationId === 'pulls/create-review')).toEqual([]);
    expect(result.outputs['suggestions-posted']).toBe('0');
  });
});
