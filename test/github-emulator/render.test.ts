import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GitHubEmulator } from '../../github-emulator/index.ts';
import { annotation, api, createCheckRun, REPO, startGitHub } from './helpers.ts';

let github: GitHubEmulator;
beforeEach(async () => {
  github = await startGitHub();
});
afterEach(async () => {
  await github.close();
});

describe('the printer', () => {
  it('shows the check run, its annotations by level, the comments and a suggestion as GitHub would', async () => {
    await createCheckRun(github, {
      conclusion: 'failure',
      output: {
        title: 'Gate failed',
        summary: '2 findings',
        annotations: [annotation(1, 'notice'), annotation(2, 'failure')],
      },
    });
    await api(github, 'POST', `${REPO}/issues/7/comments`, { body: { body: 'svc-scan: failed' } });
    await api(github, 'POST', `${REPO}/pulls/7/reviews`, {
      body: {
        event: 'COMMENT',
        comments: [
          {
            path: 'src/auth/login.ts',
            start_line: 11,
            line: 12,
            body: 'Fix:\n````suggestion\nconst row = await q(user);\n````',
          },
        ],
      },
    });
    const text = github.render();
    expect(text).toContain('Check run "svc-scan" on 1f2e3d4: failure');
    expect(text).toContain('Annotations: 2 (1 failure, 0 warning, 1 notice)');
    expect(text.indexOf('[failure] src/file-2.ts:3')).toBeLessThan(text.indexOf('[notice] src/file-1.ts:2'));
    expect(text).toContain('  @github-actions[bot] (2026-02-01T12:00:00Z)\n    svc-scan: failed');
    expect(text).toContain(
      [
        '  src/auth/login.ts:11-12 (RIGHT)',
        '    Fix:',
        '    Suggested change:',
        "    -   const row = await db.query('SELECT * FROM users WHERE name = $1', [user]);",
        '    -   if (!row) return unauthorized();',
        '    + const row = await q(user);',
      ].join('\n'),
    );
    expect(await (await fetch(`${github.controlUrl}/render`)).text()).toBe(text);
  });
});
