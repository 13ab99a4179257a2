import { readFileSync } from 'node:fs';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  APP_TOKEN,
  USER_TOKEN,
  startGitHubEmulator,
  type GitHubEmulator,
  type GitHubSeed,
} from '../../github-emulator/index.ts';
import { pullRequestEvent } from '../fixtures/events.ts';
import { KEYS, runAgainst, useEmulator } from './support.ts';

/**
 * The review threads of fixed findings on pull request 42 of initech/storefront: a suggestion thread the action
 * opened in an earlier run for a finding the head no longer reports (seeded), beside the one it opens now for a
 * finding still reported. The workflow's token replies once; an App's token resolves.
 */
const emulator = useEmulator();
const fixture = JSON.parse(
  readFileSync(new URL('../fixtures/pull-request-new-findings.json', import.meta.url), 'utf8'),
) as { repositories: [{ pulls: [{ base: { sha: string }; head: { sha: string } }] }] };
const pull = fixture.repositories[0].pulls[0];
const REPOSITORY = 'initech/storefront';
const GONE = `<!-- svc-scan-action:suggestion:${'f'.repeat(32)} -->\n**Suggested fix** for high SQL injection`;

const APP_LOGIN = 'svc-scan-app[bot]';

function seedWith(
  author = 'github-actions[bot]',
  replies: { user: string; body: string }[] = [],
): GitHubSeed {
  const seed = structuredClone(fixture) as unknown as {
    repositories: [{ pulls: [Record<string, unknown>] }];
  };
  seed.repositories[0].pulls[0].review_comments = [
    { user: author, path: 'src/api/search.ts', line: 17, body: GONE },
    ...replies.map((reply) => ({ ...reply, path: 'src/api/search.ts', line: 17 })),
  ];
  return seed as unknown as GitHubSeed;
}

let github: GitHubEmulator;
beforeEach(async () => {
  github = await startGitHubEmulator({ seed: seedWith(), log: () => undefined });
});
afterEach(async () => {
  await github.close();
});

function run(token: string) {
  return runAgainst(
    emulator.current,
    { 'api-key': KEYS.initech, repository: REPOSITORY, 'fail-on': 'medium', 'github-token': token },
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

async function graphql(token: string, query: string): Promise<unknown> {
  const response = await fetch(`${github.url}/graphql`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ query }),
  });
  return response.json();
}

const mutations = (name: string): number =>
  github.calls().filter((call) => call.operationId === 'graphql' && JSON.stringify(call.body).includes(name))
    .length;

describe("fixed findings' review threads", () => {
  it('get one reply from the Actions token, never two, and the summary says how to let the action resolve them', async () => {
    const first = await run(github.token);
    expect(first.stdout).toContain(
      'Review threads of fixed findings: 0 resolved, 1 replied to, 1 left to resolve.',
    );
    expect(first.summary).toContain('1 review thread of fixed findings is left to resolve');
    expect(first.summary).toContain('actions/create-github-app-token');
    const replies = github
      .state()
      .review_comments.filter((comment) => String(comment.body).startsWith('Fixed in'));
    expect(replies.map((reply) => reply.body)).toEqual([
      expect.stringContaining(`Fixed in \`${pull.head.sha.slice(0, 7)}\``),
    ]);
    expect(mutations('ResolveReviewThread')).toBe(0);
    await run(github.token);
    expect(
      github.state().review_comments.filter((comment) => String(comment.body).startsWith('Fixed in')),
    ).toHaveLength(1);
  });

  it('are left as they are, said, when the token may not even reply (a read-only token)', async () => {
    github.setTokenMode('read-only');
    const result = await run(github.token);
    expect(result.stdout).toContain(
      'Review threads of fixed findings: 0 resolved, 0 replied to, 1 left to resolve.',
    );
    expect(github.state().review_comments.filter((c) => String(c.body).startsWith('Fixed in'))).toEqual([]);
    expect(result.stdout).not.toContain('Could not write');
  });

  it("are resolved with an App's token, and the thread of a finding still reported is left open", async () => {
    github.seed(seedWith(APP_LOGIN));
    const result = await run(APP_TOKEN);
    expect(result.stdout).toContain(
      'Review threads of fixed findings: 1 resolved, 0 replied to, 0 left to resolve.',
    );
    expect(result.summary).not.toContain('left to resolve');
    expect(mutations('ResolveReviewThread')).toBe(1);
    expect(mutations('ReplyToReviewThread')).toBe(0);
    const nodes = (await threads()).map((node) => [
      node.comments.nodes[0]?.body.slice(0, 40),
      node.isResolved,
    ]);
    expect(nodes).toEqual([
      [GONE.slice(0, 40), true],
      [expect.stringMatching(/^<!-- svc-scan-action:suggestion:[0-9a-f]{8}$/), false],
    ]);
  });

  it('are resolved when a person replied, and their words stay', async () => {
    github.seed(seedWith(APP_LOGIN));
    const [thread] = await threads();
    await graphql(
      USER_TOKEN,
      `mutation { addPullRequestReviewThreadReply(input: {pullRequestReviewThreadId: "${thread?.id ?? ''}", body: "I fixed it another way."}) { comment { id } } }`,
    );
    await run(APP_TOKEN);
    expect(mutations('ResolveReviewThread')).toBe(1);
    const [after] = await threads();
    expect(after?.isResolved).toBe(true);
    expect(after?.comments.nodes.map((comment) => comment.body)).toContain('I fixed it another way.');
  });
});

describe("another account's threads", () => {
  it("are never resolved nor answered, though they carry the action's marker", async () => {
    github.seed(seedWith('mallory'));
    const result = await run(APP_TOKEN);
    expect(result.stdout).not.toContain('Review threads of fixed findings');
    expect(result.stdout).toContain(
      "Review threads left to the account that started them: 1 carries the action's marker, started by another account than the token's (svc-scan-app[bot])",
    );
    expect(mutations('ResolveReviewThread') + mutations('ReplyToReviewThread')).toBe(0);
    expect((await threads())[0]?.isResolved).toBe(false);
  });

  it("stay the old account's when the token changes: the workflow's bot's thread is left to it", async () => {
    await run(APP_TOKEN);
    expect(mutations('ResolveReviewThread') + mutations('ReplyToReviewThread')).toBe(0);
    await run(github.token);
    expect(mutations('ReplyToReviewThread')).toBe(1);
  });
});

interface ThreadNode {
  id: string;
  isResolved: boolean;
  comments: { nodes: { body: string }[] };
}

/** The pull request's threads, as a person sees them. */
async function threads(): Promise<ThreadNode[]> {
  const answer = (await graphql(
    USER_TOKEN,
    '{ repository(owner: "initech", name: "storefront") { pullRequest(number: 42) { reviewThreads(first: 10) { nodes { id isResolved comments(first: 5) { nodes { body } } } } } } }',
  )) as { data: { repository: { pullRequest: { reviewThreads: { nodes: ThreadNode[] } } } } };
  return answer.data.repository.pullRequest.reviewThreads.nodes;
}
