/* eslint-disable @typescript-eslint/no-unsafe-return -- the bodies are JSON as the emulator sent it (Json) */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_TOKEN, USER_TOKEN, type GitHubEmulator } from '../../github-emulator/index.ts';
import { api, HEAD_SHA, REPO, startGitHub, type Json } from './helpers.ts';

const THREADS = `query Threads($owner: String!, $name: String!, $number: Int!, $after: String) {
  repository(owner: $owner, name: $name) {
    pullRequest(number: $number) {
      reviewThreads(first: 100, after: $after) {
        pageInfo { hasNextPage endCursor }
        nodes { id isResolved viewerCanResolve comments(first: 50) { nodes { body author { login } } } }
      }
    }
  }
}`;

const RESOLVE = `mutation Resolve($id: ID!) { resolveReviewThread(input: {threadId: $id}) { thread { id isResolved } } }`;
const REPLY = `mutation Reply($id: ID!, $body: String!) {
  addPullRequestReviewThreadReply(input: {pullRequestReviewThreadId: $id, body: $body}) { comment { body } }
}`;

async function graphql(
  github: GitHubEmulator,
  query: string,
  variables: Record<string, unknown>,
  options: { token?: string; base?: string } = {},
): Promise<Json> {
  const response = await api(github, 'POST', `${options.base ?? github.url}/graphql`, {
    body: { query, variables },
    ...(options.token === undefined ? {} : { token: options.token }),
  });
  expect(response.status).toBe(200);
  return response.body;
}

const threadsOf = async (github: GitHubEmulator, token?: string): Promise<Json[]> =>
  (await graphql(github, THREADS, { owner: 'octo-org', name: 'webapp', number: 7 }, { token })).data
    .repository.pullRequest.reviewThreads.nodes;

describe('GraphQL in the GitHub emulator', () => {
  let github: GitHubEmulator;
  beforeEach(async () => {
    github = await startGitHub();
    const review = await api(github, 'POST', `${REPO}/pulls/7/reviews`, {
      body: {
        commit_id: HEAD_SHA,
        event: 'COMMENT',
        comments: [{ path: 'src/auth/login.ts', line: 12, side: 'RIGHT', body: 'suggestion' }],
      },
    });
    if (review.status !== 200) throw new Error(`seeding the review answered ${review.status}`);
  });
  afterEach(() => github.close());

  it("lists a pull request's review threads with their comments and viewerCanResolve", async () => {
    const threads = await threadsOf(github);
    expect(
      threads.map((thread) => [thread.isResolved, thread.viewerCanResolve, thread.comments.nodes[0].body]),
    ).toEqual([
      [false, false, 'Why check the row here?'],
      [false, false, 'suggestion'],
    ]);
    expect((await threadsOf(github, APP_TOKEN)).map((thread) => thread.viewerCanResolve)).toEqual([
      true,
      true,
    ]);
  });

  it('refuses resolveReviewThread to the Actions token, with type FORBIDDEN, and lets it reply', async () => {
    const [, ours] = await threadsOf(github);
    const refused = await graphql(github, RESOLVE, { id: ours.id });
    expect(refused.data).toEqual({ resolveReviewThread: null });
    expect(refused.errors[0]).toMatchObject({
      type: 'FORBIDDEN',
      path: ['resolveReviewThread'],
      message: 'Resource not accessible by integration',
    });
    const replied = await graphql(github, REPLY, { id: ours.id, body: 'Fixed in `abc1234`' });
    expect(replied.data.addPullRequestReviewThreadReply.comment.body).toBe('Fixed in `abc1234`');
    const [, after] = await threadsOf(github);
    expect(after.comments.nodes.map((comment: Json) => [comment.author.login, comment.body])).toEqual([
      ['github-actions', 'suggestion'],
      ['github-actions', 'Fixed in `abc1234`'],
    ]);
    expect(after.isResolved).toBe(false);
  });

  it('resolves with an App token, on the GitHub Enterprise Server address too', async () => {
    const [, ours] = await threadsOf(github);
    const base = github.url + '/api';
    const resolved = await graphql(github, RESOLVE, { id: ours.id }, { token: APP_TOKEN, base });
    expect(resolved).toEqual({
      data: { resolveReviewThread: { thread: { id: ours.id, isResolved: true } } },
    });
    expect((await threadsOf(github)).map((thread) => thread.isResolved)).toEqual([false, true]);
  });

  it("answers viewer with the token's own account, validated like any document", async () => {
    const viewer = 'query Viewer { viewer { login } }';
    const logins = await Promise.all(
      [undefined, APP_TOKEN, USER_TOKEN].map(
        async (token) => (await graphql(github, viewer, {}, { token })).data,
      ),
    );
    expect(logins).toEqual([
      { viewer: { login: 'github-actions[bot]' } },
      { viewer: { login: 'svc-scan-app[bot]' } },
      { viewer: { login: 'monalisa' } },
    ]);
    const wrong = await graphql(github, '{ viewer { nope } }', {});
    expect(wrong.errors[0].message).toMatch(/Cannot query field "nope" on type "User"/);
  });

  it("names the App's bot without [bot] as a comment's author, and a person by their login", async () => {
    const [, ours] = await threadsOf(github);
    await graphql(github, REPLY, { id: ours.id, body: 'from the App' }, { token: APP_TOKEN });
    await graphql(github, REPLY, { id: ours.id, body: 'from a person' }, { token: USER_TOKEN });
    const [, after] = await threadsOf(github);
    expect(after.comments.nodes.map((comment: Json) => comment.author.login)).toEqual([
      'github-actions',
      'svc-scan-app',
      'monalisa',
    ]);
  });

  it("validates every document against GitHub's schema", async () => {
    const wrong = await graphql(github, '{ repository(owner: "octo-org", name: "webapp") { nope } }', {});
    expect(wrong.data).toBeUndefined();
    expect(wrong.errors[0].message).toMatch(/Cannot query field "nope" on type "Repository"/);
    const missingArgument = await graphql(
      github,
      'mutation { resolveReviewThread(input: {}) { clientMutationId } }',
      {},
    );
    expect(missingArgument.errors[0].message).toMatch(/threadId/);
  });

  it('answers an unknown token with 401 and records each call', async () => {
    const response = await api(github, 'POST', '/graphql', {
      body: { query: '{ viewer { login } }' },
      token: 'nope',
    });
    expect(response.status).toBe(401);
    expect(github.calls().at(-1)).toMatchObject({ path: '/graphql', status: 401 });
    await threadsOf(github);
    expect(github.calls().at(-1)).toMatchObject({ operationId: 'graphql', status: 200 });
  });
});
