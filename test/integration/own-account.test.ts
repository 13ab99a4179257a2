import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { APP_TOKEN, startGitHubEmulator, type GitHubEmulator } from '../../github-emulator/index.ts';
import { pullRequestEvent } from '../fixtures/events.ts';
import { seedWithPullRequest } from '../support/github-side.ts';
import { HEAD_SHA, runMainAgainst, startFastE2e, type InProcessRun } from '../support/in-process-action.ts';
import { KEYS } from './support.ts';

/**
 * The action edits only the pull request comment its token's account wrote, told by the account's id: a person
 * whose login is the App's slug or `github-actions` is another account, whatever marker their comment carries.
 * When GitHub names no account for the token, the workflow token's is known on github.com only; elsewhere
 * nothing is edited, and the log says why.
 */
const REPOSITORY = 'acme/vulnerable-app';
const MARKER = '<!-- svc-scan-action:comment:svc-scan -->';
const MARKED = `${MARKER}\n**svc-scan: passed**`;
let service: Emulator;
let github: GitHubEmulator;

beforeEach(async () => {
  [service, github] = await Promise.all([startFastE2e(), startGitHubEmulator({ log: () => undefined })]);
});
afterEach(async () => {
  await Promise.all([service.close(), github.close()]);
});

/** The pull request with one comment carrying the report's marker, written by `author`. */
function seedMarkedComment(author: string): void {
  const [repository] = seedWithPullRequest(REPOSITORY, 42, HEAD_SHA).repositories;
  const [pull] = repository?.pulls ?? [];
  github.seed({
    repositories: [{ ...repository!, pulls: [{ ...pull!, comments: [{ user: author, body: MARKED }] }] }],
  });
}

interface Place {
  apiUrl: string;
  serverUrl: string;
}

/** One run on pull request 42 with `token` as github-token; the emulator's own token is the workflow's. */
function runOnPullRequest(token: string, place?: Place): Promise<InProcessRun> {
  return runMainAgainst(
    service,
    {
      'api-key': KEYS.member,
      'github-token': token,
      'workflow-token': github.token,
      repository: REPOSITORY,
      gate: 'all',
    },
    {
      env: {
        GITHUB_API_URL: place?.apiUrl ?? github.url,
        GITHUB_SERVER_URL: place?.serverUrl ?? 'https://github.com',
        GITHUB_REPOSITORY: REPOSITORY,
      },
      event: pullRequestEvent({ repository: REPOSITORY, number: 42, headSha: HEAD_SHA }),
    },
  );
}

/** The marked comments, each as its author's login and whether it still reads as seeded. */
function markedComments(): [string, boolean][] {
  const comments = github.state().issue_comments as { body: string; user: { login: string } }[];
  return comments
    .filter((comment) => comment.body.startsWith(MARKER))
    .map((comment) => [comment.user.login, comment.body === MARKED]);
}

const edits = (): number =>
  github.calls().filter((call) => call.operationId === 'issues/update-comment').length;

describe('a comment carrying the marker', () => {
  it.each([
    ["the workflow's token", 'github-actions', () => github.token],
    ["an App's token", 'svc-scan-app', () => APP_TOKEN],
  ])('is never edited with %s when a person whose login is %s wrote it', async (_token, person, token) => {
    seedMarkedComment(person);
    await runOnPullRequest(token());
    await runOnPullRequest(token());
    const bot = token() === APP_TOKEN ? 'svc-scan-app[bot]' : 'github-actions[bot]';
    // The person's stays as written; the action posted its own and edited that on the second run.
    expect(markedComments()).toEqual([
      [person, true],
      [bot, false],
    ]);
    expect(edits()).toBe(1);
  });

  it("is the workflow token's own on github.com when GitHub names no account for the token", async () => {
    seedMarkedComment('github-actions[bot]');
    github.setViewerRefused(true);
    await runOnPullRequest(github.token);
    expect(markedComments()).toEqual([['github-actions[bot]', false]]);
    expect(edits()).toBe(1);
  });

  it('is never edited on GitHub Enterprise Server when GitHub names no account for the token, and the log says why', async () => {
    seedMarkedComment('github-actions[bot]');
    github.setViewerRefused(true);
    const { toolkit } = await runOnPullRequest(github.token, {
      apiUrl: github.ghesUrl,
      serverUrl: 'https://ghes.example.com',
    });
    expect(edits()).toBe(0);
    expect(markedComments()).toEqual([
      ['github-actions[bot]', true],
      ['github-actions[bot]', false],
    ]);
    expect(toolkit.log).toContainEqual(
      expect.stringMatching(
        /^Could not tell which account the token acts as \(GitHub did not name the token's account \(.*Resource not accessible by integration.*\), and the workflow token's account id is known in advance only on github\.com, not on https:\/\/ghes\.example\.com\): a new comment is posted rather than editing one that may be someone else's\.$/,
      ),
    );
  });
});
