import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { APP_TOKEN, USER_TOKEN, type GitHubEmulator } from '../../github-emulator/index.ts';
import { api, HEAD_SHA, links, readAllPages, REPO, responseProblems, startGitHub } from './helpers.ts';

let github: GitHubEmulator;
beforeEach(async () => {
  github = await startGitHub();
});
afterEach(async () => {
  await github.close();
});

const COMMENTS = `${REPO}/issues/7/comments`;

describe('issue comments', () => {
  it("list other people's comments, then create and update the token's own", async () => {
    const before = await api(github, 'GET', COMMENTS);
    expect(before.status).toBe(200);
    expect(responseProblems('issues/list-comments', before.body)).toEqual([]);
    expect(before.body.map((comment: { user: { login: string } }) => comment.user.login)).toEqual([
      'hubot',
      'monalisa',
    ]);

    const created = await api(github, 'POST', COMMENTS, { body: { body: '<!-- svc-scan -->\nGate failed' } });
    expect(created.status).toBe(201);
    expect(responseProblems('issues/create-comment', created.body)).toEqual([]);
    expect(created.body.user).toMatchObject({ login: 'github-actions[bot]', type: 'Bot' });
    expect(created.headers.get('location')).toBe(created.body.url);
    expect(created.body.html_url).toBe(
      `https://github.com/octo-org/webapp/pull/7#issuecomment-${created.body.id}`,
    );

    const updated = await api(github, 'PATCH', `${REPO}/issues/comments/${created.body.id}`, {
      body: { body: '<!-- svc-scan -->\nGate passed' },
    });
    expect(updated.status).toBe(200);
    expect(responseProblems('issues/update-comment', updated.body)).toEqual([]);
    const after = await api(github, 'GET', COMMENTS);
    expect(after.body.map((comment: { body: string }) => comment.body)).toEqual([
      'Deploy preview ready.',
      'Looks good once CI is green.',
      '<!-- svc-scan -->\nGate passed',
    ]);
  });

  it("are written by the caller's account: the workflow's bot, an App's bot, a person", async () => {
    const authors: unknown[] = [];
    for (const token of [undefined, APP_TOKEN, USER_TOKEN]) {
      const comment = await api(github, 'POST', COMMENTS, { body: { body: 'hello' }, token });
      expect(responseProblems('issues/create-comment', comment.body)).toEqual([]);
      const review = await api(github, 'POST', `${REPO}/pulls/7/reviews`, {
        token,
        body: {
          commit_id: HEAD_SHA,
          event: 'COMMENT',
          comments: [{ path: 'src/auth/login.ts', line: 12, side: 'RIGHT', body: 'look' }],
        },
      });
      expect(responseProblems('pulls/create-review', review.body)).toEqual([]);
      authors.push([comment.body.user.login, comment.body.user.type, review.body.user.login]);
    }
    expect(authors).toEqual([
      ['github-actions[bot]', 'Bot', 'github-actions[bot]'],
      ['svc-scan-app[bot]', 'Bot', 'svc-scan-app[bot]'],
      ['monalisa', 'User', 'monalisa'],
    ]);
    const reviewComments = await api(github, 'GET', `${REPO}/pulls/7/comments`);
    expect(
      reviewComments.body
        .filter((comment: { body: string }) => comment.body === 'look')
        .map((comment: { user: { login: string } }) => comment.user.login),
    ).toEqual(['github-actions[bot]', 'svc-scan-app[bot]', 'monalisa']);
  });

  it('page like GitHub: 30 by default, per_page up to 100, Link rel next/last/prev/first through every page', async () => {
    for (let i = 0; i < 103; i++) await api(github, 'POST', COMMENTS, { body: { body: `comment ${i}` } });
    const first = await api(github, 'GET', COMMENTS);
    expect(first.body).toHaveLength(30);
    const rels = links(first.headers.get('link'));
    expect(Object.keys(rels).sort()).toEqual(['last', 'next']);
    expect(new URL(rels.next!).searchParams.get('page')).toBe('2');
    expect(new URL(rels.last!).searchParams.get('page')).toBe('4');

    const middle = await api(github, 'GET', `${COMMENTS}?page=2`);
    expect(Object.keys(links(middle.headers.get('link'))).sort()).toEqual(['first', 'last', 'next', 'prev']);

    const all = await readAllPages(github, `${COMMENTS}?per_page=20`);
    expect(all.pages).toBe(6);
    expect(all.items).toHaveLength(105);
    expect(new Set(all.items.map((comment: { id: number }) => comment.id)).size).toBe(105);

    const capped = await api(github, 'GET', `${COMMENTS}?per_page=500`);
    expect(capped.body).toHaveLength(100);
    expect(new URL(links(capped.headers.get('link')).next!).searchParams.get('per_page')).toBe('100');
    expect((await api(github, 'GET', `${COMMENTS}?page=9`)).body).toEqual([]);
  });

  it('refuse a per_page that is not an integer', async () => {
    const response = await api(github, 'GET', `${COMMENTS}?per_page=ten`);
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(
      'Invalid request.\n\nFor \'properties/per_page\', "ten" is not an integer.',
    );
  });

  it('hold a body to 65,536 characters and refuse a blank one, as GitHub words it', async () => {
    expect((await api(github, 'POST', COMMENTS, { body: { body: 'a'.repeat(65_536) } })).status).toBe(201);
    expect((await api(github, 'POST', COMMENTS, { body: { body: '🌈'.repeat(65_536) } })).status).toBe(201);
    const long = await api(github, 'POST', COMMENTS, { body: { body: 'a'.repeat(65_537) } });
    expect(long.status).toBe(422);
    expect(long.body).toEqual({
      message: 'Validation Failed',
      errors: [
        {
          resource: 'IssueComment',
          code: 'unprocessable',
          field: 'data',
          message: 'Body is too long (maximum is 65536 characters)',
        },
      ],
      documentation_url: 'https://docs.github.com/rest/issues/comments#create-an-issue-comment',
      status: '422',
    });
    const blank = await api(github, 'POST', COMMENTS, { body: { body: '  ' } });
    expect(blank.body.errors[0].message).toBe('Body cannot be blank');
    const missing = await api(github, 'POST', COMMENTS, { body: {} });
    expect(missing.body.message).toBe('Invalid request.\n\n"body" wasn\'t supplied.');
  });

  it('are 404 on a pull request or comment that does not exist', async () => {
    expect((await api(github, 'GET', `${REPO}/issues/99/comments`)).status).toBe(404);
    expect((await api(github, 'PATCH', `${REPO}/issues/comments/123`, { body: { body: 'x' } })).status).toBe(
      404,
    );
  });
});
