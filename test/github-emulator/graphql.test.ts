/* eslint-disable @typescript-eslint/no-unsafe-return -- the bodies are JSON as the emulator sent it (Json) */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_TOKEN, DEFAULT_SEED, USER_TOKEN, type GitHubEmulator } from '../../github-emulator/index.ts';
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

  it("answers viewer with the token's own account and its id, validated like any document", async () => {
    const viewer = 'query Viewer { viewer { login databaseId } }';
    const tokens = [undefined, APP_TOKEN, USER_TOKEN];
    const viewers = await Promise.all(
      tokens.map(async (token) => (await graphql(github, viewer, {}, { token })).data.viewer),
    );
    expect(viewers.map((account: Json) => account.login)).toEqual([
      'github-actions[bot]',
      'svc-scan-app[bot]',
      'monalisa',
    ]);
    expect(viewers[0].databaseId).toBe(41898282);
    // The id is the one REST gives the comments the same token writes.
    const written = [];
    for (const token of tokens)
      written.push(await api(github, 'POST', `${REPO}/issues/7/comments`, { body: { body: 'hi' }, token }));
    expect(written.map((response) => response.body.user.id)).toEqual(
      viewers.map((account: Json) => account.databaseId),
    );
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

  it("gives a person whose login is an App's slug an id of their own, in GraphQL and REST", async () => {
    const [repository] = DEFAULT_SEED.repositories;
    const [pull] = repository?.pulls ?? [];
    const [seeded] = pull?.review_comments ?? [];
    const person = { user: 'svc-scan-app', body: 'a person' };
    github.seed({
      repositories: [
        {
          ...repository!,
          pulls: [{ ...pull!, comments: [person], review_comments: [{ ...seeded!, ...person }] }],
        },
      ],
    });
    const [thread] = await threadsOf(github);
    await graphql(github, REPLY, { id: thread.id, body: 'the App' }, { token: APP_TOKEN });
    const authors = `query Authors($owner: String!, $name: String!, $number: Int!) {
      repository(owner: $owner, name: $name) { pullRequest(number: $number) { reviewThreads(first: 1) { nodes {
        comments(first: 2) { nodes { author { __typename login ... on Bot { databaseId } ... on User { databaseId } } } }
      } } } }
    }`;
    const answer = await graphql(github, authors, { owner: 'octo-org', name: 'webapp', number: 7 });
    const [personal, bot] = answer.data.repository.pullRequest.reviewThreads.nodes[0].comments.nodes.map(
      (comment: Json) => comment.author,
    );
    const app = (await graphql(github, '{ viewer { databaseId } }', {}, { token: APP_TOKEN })).data.viewer;
    expect([personal.__typename, personal.login, bot.__typename, bot.login]).toEqual([
      'User',
      'svc-scan-app',
      'Bot',
      'svc-scan-app',
    ]);
    expect(bot.databaseId).toBe(app.databaseId);
    expect(personal.databaseId).not.toBe(app.databaseId);
    const [comment] = (await api(github, 'GET', `${REPO}/issues/7/comments`)).body;
    expect(comment.user).toMatchObject({ login: 'svc-scan-app', type: 'User', id: personal.databaseId });
  });

  it('refuses viewer when told to, as GitHub refuses what a token may not read, and answers the rest', async () => {
    const control = await api(github, 'POST', `${github.controlUrl}/viewer`, { body: { refused: true } });
    expect(control.body).toEqual({ refused: true });
    const refused = await graphql(github, '{ viewer { login databaseId } }', {});
    expect(refused.errors[0]).toMatchObject({ type: 'FORBIDDEN', path: ['viewer'] });
    expect(await threadsOf(github)).toHaveLength(2);
    github.setViewerRefused(false);
    expect((await graphql(github, '{ viewer { login } }', {})).data.viewer.login).toBe('github-actions[bot]');
    const wrong = await api(github, 'POST', `${github.controlUrl}/viewer`, { body: { refused: 'yes' } });
    expect(wrong.status).toBe(422);
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
