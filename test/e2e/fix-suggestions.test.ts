import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { GitHubSeed } from '../../github-emulator/index.ts';
import { useStorefrontPullRequest } from './storefront-pull-request.ts';
import { useEmulator } from './support.ts';

/**
 * Fixes posted as one-click suggestions on pull request 42 of initech/storefront: its one new medium finding
 * (src/api/search.ts line 18, a line the pull request wrote) has a fix that fits the pull request's hunk.
 */
const emulator = useEmulator();
const pullRequest = useStorefrontPullRequest(emulator);
const run = (inputs: Record<string, string> = {}) => pullRequest.run(inputs);

describe('fix suggestions', () => {
  it('posts the fix of the new failing finding as a suggestion in one review, and none again on a re-run', async () => {
    const first = await run();
    expect(first.outputs['suggestions-posted']).toBe('1');
    const reviews = pullRequest.github.calls().filter((call) => call.operationId === 'pulls/create-review');
    expect(reviews).toHaveLength(1);
    expect(reviews[0]?.status).toBe(200);
    const [comment] = pullRequest.github.state().review_comments as {
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
    expect(
      pullRequest.github.calls().filter((call) => call.operationId === 'pulls/create-review'),
    ).toHaveLength(1);
  });

  it("posts its suggestion though another account's review comment carries the same marker", async () => {
    await run();
    const [ours] = pullRequest.github.state().review_comments as { body: string }[];
    const seed = JSON.parse(
      readFileSync(new URL('../fixtures/pull-request-new-findings.json', import.meta.url), 'utf8'),
    ) as { repositories: [{ pulls: [Record<string, unknown>] }] };
    seed.repositories[0].pulls[0].review_comments = [
      { user: 'mallory', path: 'src/api/search.ts', line: 18, body: ours?.body ?? '' },
    ];
    pullRequest.github.seed(seed as unknown as GitHubSeed);
    const again = await run();
    expect(again.outputs['suggestions-posted']).toBe('1');
    const authors = (pullRequest.github.state().review_comments as { user: { login: string } }[]).map(
      (comment) => comment.user.login,
    );
    expect(authors).toEqual(['mallory', 'github-actions[bot]']);
  });

  it('shows the fixes folded, with the reason, when the token may not review', async () => {
    pullRequest.github.setTokenMode('read-only');
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
    expect(pullRequest.github.calls().filter((call) => call.operationId === 'pulls/create-review')).toEqual(
      [],
    );
    expect(result.outputs['suggestions-posted']).toBe('0');
  });
});
