import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GitHubEmulator, GitHubSeed } from '../../github-emulator/index.ts';
import { api, HEAD_SHA, readAllPages, REPO, responseProblems, startGitHub } from './helpers.ts';

let github: GitHubEmulator;
beforeEach(async () => {
  github = await startGitHub();
});
afterEach(async () => {
  await github.close();
});

const REVIEWS = `${REPO}/pulls/7/reviews`;
// src/auth/login.ts in the default seed: head lines 10-17 in one hunk; 11, 12 and 14 are added.
const suggestion = (extra: Record<string, unknown>) => ({
  path: 'src/auth/login.ts',
  body: '```suggestion\nconst row = await query(user);\n```',
  ...extra,
});

describe('pull request files', () => {
  it('list with patch, status and previous_filename, in the shape GitHub documents', async () => {
    const response = await api(github, 'GET', `${REPO}/pulls/7/files`);
    expect(response.status).toBe(200);
    expect(responseProblems('pulls/list-files', response.body)).toEqual([]);
    expect(
      response.body.map((file: { filename: string; status: string }) => [file.filename, file.status]),
    ).toEqual([
      ['src/auth/login.ts', 'modified'],
      ['src/config/secrets.ts', 'added'],
      ['src/util/crypto.ts', 'renamed'],
    ]);
    expect(response.body[0]).toMatchObject({ additions: 3, deletions: 1, changes: 4 });
    expect(response.body[0].patch).toMatch(/^@@ -10,6 \+10,8 @@/);
    expect(response.body[2]).toMatchObject({ previous_filename: 'src/crypto.ts' });
    expect(response.body[2]).not.toHaveProperty('patch');
  });

  it('page through 250 files', async () => {
    const files = Array.from({ length: 250 }, (_, i) => ({
      filename: `f${i}.ts`,
      patch: '@@ -0,0 +1 @@\n+x',
    }));
    github.seed(seedWith({ files }));
    const all = await readAllPages(github, `${REPO}/pulls/7/files?per_page=100`);
    expect(all.pages).toBe(3);
    expect(all.items.map((file: { filename: string }) => file.filename)).toEqual(
      files.map((file) => file.filename),
    );
  });
});

describe('pull request reviews', () => {
  it('post a review with suggestions in one request; its comments are listed with their placement', async () => {
    const response = await api(github, 'POST', REVIEWS, {
      body: {
        event: 'COMMENT',
        commit_id: HEAD_SHA,
        comments: [
          suggestion({ line: 11, side: 'RIGHT' }),
          suggestion({ start_line: 11, line: 12, side: 'RIGHT' }),
        ],
      },
    });
    expect(response.status).toBe(200);
    expect(responseProblems('pulls/create-review', response.body)).toEqual([]);
    expect(response.body).toMatchObject({ state: 'COMMENTED', commit_id: HEAD_SHA, body: '' });

    const listed = await api(github, 'GET', `${REPO}/pulls/7/comments`);
    expect(responseProblems('pulls/list-review-comments', listed.body)).toEqual([]);
    const ours = listed.body.filter(
      (comment: { pull_request_review_id: number }) => comment.pull_request_review_id === response.body.id,
    );
    expect(
      ours.map((c: { line: number; start_line: number | null; side: string }) => [
        c.start_line,
        c.line,
        c.side,
      ]),
    ).toEqual([
      [null, 11, 'RIGHT'],
      [11, 12, 'RIGHT'],
    ]);
    expect(ours[1].diff_hunk.split('\n').at(-1)).toBe('+  if (!row) return unauthorized();');
    expect(listed.body[0]).toMatchObject({ user: { login: 'monalisa' }, body: 'Why check the row here?' });
  });

  it.each([
    [
      'a line outside every hunk',
      { line: 40 },
      "Pull request review thread line must be part of the diff and Pull request review thread diff hunk can't be blank",
    ],
    [
      'a deleted line on the RIGHT side',
      { line: 9 },
      "Pull request review thread line must be part of the diff and Pull request review thread diff hunk can't be blank",
    ],
    [
      'a range whose start is outside the hunk',
      { start_line: 8, line: 12 },
      'Pull request review thread start line must be part of the same hunk as the line.',
    ],
    [
      'a range that runs backwards',
      { start_line: 12, line: 11 },
      'Pull request review thread start line must precede the end line.',
    ],
    ['a file the pull request does not change', { path: 'README.md', line: 1 }, 'Path could not be resolved'],
    [
      'a file without a patch',
      { path: 'src/util/crypto.ts', line: 1 },
      "Pull request review thread line must be part of the diff and Pull request review thread diff hunk can't be blank",
    ],
  ])('refuse %s with 422, posting nothing', async (_name, placement, sentence) => {
    const response = await api(github, 'POST', REVIEWS, {
      body: { event: 'COMMENT', comments: [suggestion({ line: 11 }), suggestion(placement)] },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: 'Unprocessable Entity',
      errors: [sentence],
      documentation_url: 'https://docs.github.com/rest/pulls/reviews#create-a-review-for-a-pull-request',
      status: '422',
    });
    expect(github.state().reviews).toEqual([]);
  });

  it('place a comment on a LEFT (base side) line and by diff position', async () => {
    const left = await api(github, 'POST', REVIEWS, {
      body: {
        event: 'COMMENT',
        comments: [{ path: 'src/auth/login.ts', line: 11, side: 'LEFT', body: 'was here' }],
      },
    });
    expect(left.status).toBe(200);
    const byPosition = await api(github, 'POST', REVIEWS, {
      body: { event: 'COMMENT', comments: [{ path: 'src/config/secrets.ts', position: 1, body: 'secret' }] },
    });
    expect(byPosition.status).toBe(200);
    const comments = github.state().review_comments.slice(-2);
    expect(comments.map((c) => [c.path, c.line, c.side, c.position])).toEqual([
      ['src/auth/login.ts', 11, 'LEFT', 2],
      ['src/config/secrets.ts', 1, 'RIGHT', 1],
    ]);
  });

  it('refuse an empty COMMENT review like GitHub, and keep a review without event pending and unlisted', async () => {
    const empty = await api(github, 'POST', REVIEWS, { body: { event: 'COMMENT' } });
    expect(empty.status).toBe(422);
    expect(empty.body.message).toBe('Unprocessable Entity');
    const pending = await api(github, 'POST', REVIEWS, { body: { comments: [suggestion({ line: 11 })] } });
    expect(pending.body.state).toBe('PENDING');
    expect(pending.body).not.toHaveProperty('submitted_at');
    const listed = await api(github, 'GET', `${REPO}/pulls/7/comments`);
    expect(listed.body).toHaveLength(1);
  });

  it('refuse a review event outside the schema', async () => {
    const response = await api(github, 'POST', REVIEWS, { body: { event: 'SHIP_IT' } });
    expect(response.status).toBe(422);
    expect(response.body.message).toMatch(
      /^Invalid request\.\n\nFor 'properties\/event', "SHIP_IT" is not a member of/,
    );
  });

  it('page review comments through every page, newest first on request', async () => {
    for (let i = 0; i < 7; i++) {
      await api(github, 'POST', REVIEWS, {
        body: { event: 'COMMENT', comments: [suggestion({ line: 11 }), suggestion({ line: 14 })] },
      });
    }
    const all = await readAllPages(github, `${REPO}/pulls/7/comments?per_page=4`);
    expect(all.pages).toBe(4);
    expect(all.items).toHaveLength(15);
    const desc = await api(github, 'GET', `${REPO}/pulls/7/comments?direction=desc&per_page=100`);
    expect(desc.body.map((c: { id: number }) => c.id)).toEqual(
      all.items.map((c: { id: number }) => c.id).reverse(),
    );
  });
});

describe('compare', () => {
  it('gives the merge base of a pull request by branch names and by SHAs, also under /api/v3', async () => {
    const byBranch = await api(github, 'GET', `${REPO}/compare/main...feature/login`);
    expect(byBranch.status).toBe(200);
    expect(responseProblems('repos/compare-commits-with-basehead', byBranch.body)).toEqual([]);
    expect(byBranch.body.merge_base_commit.sha).toBe('9a8b7c6d5e4f30211203948576a5b4c3d2e1f0ab');
    expect(byBranch.body).toMatchObject({ status: 'diverged', ahead_by: 1, behind_by: 1 });
    expect(byBranch.body.files).toHaveLength(3);
    const bySha = await api(
      github,
      'GET',
      `${REPO}/compare/b4a5e6d7c8b9a0f1e2d3c4b5a6978877665544aa...${HEAD_SHA}`,
      { base: github.ghesUrl },
    );
    expect(bySha.body.merge_base_commit.sha).toBe('9a8b7c6d5e4f30211203948576a5b4c3d2e1f0ab');
    expect(bySha.body.url.startsWith(`${github.ghesUrl}/repos/`)).toBe(true);
  });

  it('is 404 for a ref it does not know', async () => {
    expect((await api(github, 'GET', `${REPO}/compare/main...nope`)).status).toBe(404);
  });
});

function seedWith(
  pull: Partial<
    GitHubSeed['repositories'][number]['pulls'] extends readonly (infer P)[] | undefined ? P : never
  >,
): GitHubSeed {
  return {
    repositories: [
      {
        full_name: 'octo-org/webapp',
        pulls: [
          {
            number: 7,
            base: { ref: 'main', sha: 'a'.repeat(40) },
            head: { ref: 'topic', sha: HEAD_SHA },
            ...pull,
          },
        ],
      },
    ],
  };
}
