import { parse, validate } from 'graphql';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { schema } from '@octokit/graphql-schema';
import { buildSchema } from 'graphql';
import { APP_TOKEN, startGitHubEmulator, type GitHubEmulator } from '../../github-emulator/index.ts';
import { GitHubClient, GitHubError } from '../../src/github/github-client.ts';
import { dismissAlert, listAlerts, reopenAlert } from '../../src/code-scanning/code-scanning-alerts.ts';
import {
  listReviewThreads,
  replyToReviewThread,
  resolveReviewThread,
  REPLY_TO_THREAD_MUTATION,
  RESOLVE_THREAD_MUTATION,
  REVIEW_THREADS_QUERY,
} from '../../src/fix-suggestions/review-threads.ts';
import { uploadSarif, waitForProcessing } from '../../src/code-scanning/sarif-upload.ts';
import { isTokenAccount, TokenAccount, VIEWER_QUERY } from '../../src/github/token-account.ts';

const SHA = '1f2e3d4c5b6a79880716253443526170f9e8d7c6';
const where = { owner: 'octo-org', repo: 'webapp' };
const noSleep = (): Promise<void> => Promise.resolve();

function log(
  results: { rule: string; path: string; line: number }[],
  category = 'svc-scan/octo-org/webapp/',
): string {
  return JSON.stringify({
    version: '2.1.0',
    runs: [
      {
        tool: { driver: { name: 'svc-scan', rules: [] } },
        automationDetails: { id: category },
        results: results.map((r) => ({
          ruleId: r.rule,
          message: { text: r.rule },
          locations: [
            { physicalLocation: { artifactLocation: { uri: r.path }, region: { startLine: r.line } } },
          ],
        })),
      },
    ],
  });
}

let github: GitHubEmulator;
const dispatcher = new Agent();
beforeAll(async () => {
  github = await startGitHubEmulator({ log: () => undefined });
});
afterAll(async () => {
  await github.close();
  await dispatcher.close();
});
beforeEach(() => {
  // One emulator for the file: each test starts from a new store and an empty call log, in any order.
  github.clearCalls();
  github.setViewerRefused(false);
  github.seed({
    repositories: [
      {
        full_name: 'octo-org/webapp',
        pulls: [
          {
            number: 7,
            base: { ref: 'main', sha: 'b'.repeat(40) },
            head: { ref: 'feature', sha: SHA },
            files: [{ filename: 'a.ts', status: 'added', patch: '@@ -0,0 +1,2 @@\n+one\n+two' }],
            review_comments: [{ user: 'github-actions[bot]', path: 'a.ts', line: 1, body: 'fix it' }],
          },
        ],
      },
    ],
  });
});

function client(token = github.token, apiUrl = github.url): GitHubClient {
  return new GitHubClient({
    token,
    apiUrl,
    dispatcher,
    signal: new AbortController().signal,
    logger: {
      debug: () => undefined,
      info: () => undefined,
      warning: () => undefined,
      startGroup: () => undefined,
      endGroup: () => undefined,
    },
    userAgent: 'svc-scan-action-test',
  });
}

describe('the code scanning upload', () => {
  it('gzips and base64-encodes the log, and waits until GitHub has processed it', async () => {
    github.setCodeScanning({ pendingPolls: 2 });
    const target = { ...where, commitSha: SHA, ref: 'refs/pull/7/head' };
    const id = await uploadSarif(client(), target, log([{ rule: 'r', path: 'a.ts', line: 1 }]));
    const processed = await waitForProcessing(client(), where, id, {
      signal: new AbortController().signal,
      sleep: noSleep,
    });
    expect(processed).toEqual({ status: 'complete', errors: [], analysesUrl: expect.stringContaining(id) });
    const polls = github.calls().filter((call) => call.operationId === 'code-scanning/get-sarif');
    expect(polls).toHaveLength(3);
    expect(github.calls()[0]?.body).toMatchObject({ commit_sha: SHA, ref: 'refs/pull/7/head' });
  });

  it("reports a failed processing with GitHub's errors", async () => {
    github.setCodeScanning({ failWith: ['locationFromSarifResult: expected artifact location'] });
    const id = await uploadSarif(client(), { ...where, commitSha: SHA, ref: 'refs/heads/main' }, log([]));
    const processed = await waitForProcessing(client(), where, id, {
      signal: new AbortController().signal,
      sleep: noSleep,
    });
    expect(processed.status).toBe('failed');
    expect(processed.errors).toEqual(['locationFromSarifResult: expected artifact location']);
  });

  it('stops waiting at the deadline with the last status, still pending', async () => {
    github.setCodeScanning({ pendingPolls: 1_000 });
    const id = await uploadSarif(client(), { ...where, commitSha: SHA, ref: 'refs/heads/main' }, log([]));
    const deadline = new AbortController();
    const sleep = (): Promise<void> => {
      deadline.abort(new Error('deadline'));
      return Promise.reject(new Error('deadline'));
    };
    const processed = await waitForProcessing(client(), where, id, { signal: deadline.signal, sleep });
    expect(processed.status).toBe('pending');
  });

  it('turns a 403 into a GitHubError that says refused', async () => {
    github.setCodeScanning({ advancedSecurity: false });
    const failure = await uploadSarif(
      client(),
      { ...where, commitSha: SHA, ref: 'refs/heads/main' },
      log([]),
    ).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(GitHubError);
    expect((failure as GitHubError).refused).toBe(true);
    expect((failure as GitHubError).message).toMatch(/Advanced Security must be enabled/);
  });
});

describe('alerts', () => {
  it("lists every page of the tool's alerts in one category, and dismisses or files a request", async () => {
    const many = Array.from({ length: 120 }, (_, i) => ({ rule: `r${i}`, path: 'a.ts', line: i + 1 }));
    const id = await uploadSarif(client(), { ...where, commitSha: SHA, ref: 'refs/heads/main' }, log(many));
    await waitForProcessing(client(), where, id, { signal: new AbortController().signal, sleep: noSleep });
    const other = await uploadSarif(
      client(),
      { ...where, commitSha: SHA, ref: 'refs/heads/main' },
      log(many.slice(0, 1), 'other/'),
    );
    await waitForProcessing(client(), where, other, { signal: new AbortController().signal, sleep: noSleep });
    const alerts = await listAlerts(client(), {
      ...where,
      tool: 'svc-scan',
      category: 'svc-scan/octo-org/webapp/',
    });
    expect(alerts).toHaveLength(120);
    expect(await dismissAlert(client(), where, alerts[0]!.number, 'svc-scan policy ignore[0] (x): y')).toBe(
      'dismissed',
    );
    github.setCodeScanning({ delegatedDismissal: true });
    expect(await dismissAlert(client(), where, alerts[1]!.number, 'svc-scan policy ignore[0] (x): y')).toBe(
      'requested',
    );
    const dismissed = await listAlerts(client(), {
      ...where,
      tool: 'svc-scan',
      category: 'svc-scan/octo-org/webapp',
      state: 'dismissed',
    });
    expect(
      dismissed.map((alert) => [alert.number, alert.dismissedBy, alert.dismissedById, alert.dismissedReason]),
    ).toEqual([[alerts[0]!.number, 'github-actions[bot]', 41898282, "won't fix"]]);
    await reopenAlert(client(), where, alerts[0]!.number);
    expect(
      await listAlerts(client(), {
        ...where,
        tool: 'svc-scan',
        category: 'svc-scan/octo-org/webapp',
        state: 'dismissed',
      }),
    ).toEqual([]);
  });
});

describe('review threads over GraphQL', () => {
  it('are listed with viewerCanResolve, refused to the Actions token and resolved by an App token', async () => {
    const actions = client();
    const [thread] = await listReviewThreads(actions, { ...where, pullRequest: 7 });
    expect(thread).toMatchObject({
      isResolved: false,
      viewerCanResolve: false,
      comments: [{ body: 'fix it' }],
    });
    const refused = await resolveReviewThread(actions, thread!.id).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(GitHubError);
    expect((refused as GitHubError).status).toBe(403);
    await replyToReviewThread(actions, thread!.id, 'Fixed in `1f2e3d4`');
    const app = client(APP_TOKEN, `${github.url}/api/v3`);
    const [seen] = await listReviewThreads(app, { ...where, pullRequest: 7 });
    expect(seen).toMatchObject({
      viewerCanResolve: true,
      comments: [{ body: 'fix it' }, { body: 'Fixed in `1f2e3d4`' }],
    });
    await resolveReviewThread(app, seen!.id);
    expect((await listReviewThreads(actions, { ...where, pullRequest: 7 }))[0]?.isResolved).toBe(true);
    expect(github.calls().filter((call) => call.path === '/api/graphql').length).toBeGreaterThan(0);
  });

  it("are asked for with documents GitHub's published schema accepts", () => {
    const published = buildSchema(schema.idl, { assumeValidSDL: true });
    for (const document of [
      REVIEW_THREADS_QUERY,
      RESOLVE_THREAD_MUTATION,
      REPLY_TO_THREAD_MUTATION,
      VIEWER_QUERY,
    ])
      expect(validate(published, parse(document)).map((error) => error.message)).toEqual([]);
  });
});

describe("the token's account", () => {
  const GITHUB_COM = { isWorkflowToken: false, serverUrl: 'https://github.com' };

  it('is read from viewer once, as an id: the one REST and GraphQL give what the token writes', async () => {
    const app = client(APP_TOKEN);
    const account = new TokenAccount(app, GITHUB_COM);
    const [first, second] = await Promise.all([account.identity(), account.identity()]);
    expect(first).toEqual({ known: true, id: expect.any(Number), login: 'svc-scan-app[bot]' });
    expect(second).toBe(first);
    expect(github.calls().filter((call) => call.operationId === 'graphql')).toHaveLength(1);
    const [thread] = await listReviewThreads(app, { ...where, pullRequest: 7 });
    await replyToReviewThread(app, thread!.id, 'Fixed in `1f2e3d4`');
    const [answered] = await listReviewThreads(app, { ...where, pullRequest: 7 });
    const authors = answered!.comments.map((comment) => comment.authorId);
    expect(authors.map((author) => isTokenAccount(first, author))).toEqual([false, true]);
    const comment = await app.request('POST /repos/{owner}/{repo}/issues/{issue_number}/comments', {
      ...where,
      issue_number: 7,
      body: 'hi',
    });
    expect((comment.data as { user: { id: number } }).user.id).toBe(first.known ? first.id : 0);
    expect(await new TokenAccount(client(), GITHUB_COM).identity()).toEqual({
      known: true,
      id: 41898282,
      login: 'github-actions[bot]',
    });
  });

  it('is unknown, with the reason, when viewer cannot be read: then nothing is its own', async () => {
    github.setViewerRefused(true);
    const identity = await new TokenAccount(client(APP_TOKEN), GITHUB_COM).identity();
    expect(identity).toMatchObject({
      known: false,
      reason: expect.stringContaining('Resource not accessible by integration'),
    });
    expect(isTokenAccount(identity, 41898282)).toBe(false);
  });

  it("is github-actions[bot]'s id when viewer cannot be read and the workflow's token runs on github.com", async () => {
    github.setViewerRefused(true);
    const origin = { isWorkflowToken: true, serverUrl: 'https://github.com/' };
    const identity = await new TokenAccount(client(), origin).identity();
    expect(identity).toEqual({ known: true, id: 41898282, login: 'github-actions[bot]' });
    expect(isTokenAccount(identity, 41898282)).toBe(true);
  });

  it('is unknown on GitHub Enterprise Server when viewer cannot be read, even for the workflow token', async () => {
    github.setViewerRefused(true);
    const origin = { isWorkflowToken: true, serverUrl: 'https://ghes.example.com' };
    const identity = await new TokenAccount(client(github.token, github.ghesUrl), origin).identity();
    expect(identity).toMatchObject({
      known: false,
      reason: expect.stringContaining('known in advance only on github.com, not on https://ghes.example.com'),
    });
    expect(isTokenAccount(identity, 41898282)).toBe(false);
  });
});
