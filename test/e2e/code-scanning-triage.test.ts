import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { USER_TOKEN, startGitHubEmulator, type GitHubEmulator } from '../../github-emulator/index.ts';
import { mergeGroupEvent, pullRequestEvent, pushEvent, scheduleEvent } from '../fixtures/events.ts';
import { seedWithPullRequest } from '../support/github-side.ts';
import { KEYS, runAgainst, runUploadingOn, useEmulator } from './support.ts';

/**
 * Triage both ways on pull request 42 of acme/vulnerable-app, uploading to GitHub's emulated code scanning: a
 * person's dismissal takes its finding out of the gate; the policy's suppressions dismiss their alerts, which are
 * reopened when the entry goes; a person's dismissal is never touched; delegated dismissal files requests.
 */
const emulator = useEmulator();
let github: GitHubEmulator;
const HEAD = 'e'.repeat(40);
const REPOSITORY = 'acme/vulnerable-app';
const POLICY =
  "version: 1\nignore:\n  - cwe: CWE-798\n    reason: a test fixture's token\n    expires: '2099-12-31'\n";

beforeEach(async () => {
  github = await startGitHubEmulator({ log: () => undefined });
  github.seed(seedWithPullRequest(REPOSITORY, 42, HEAD));
});
afterEach(async () => {
  await github.close();
});

function run(inputs: Record<string, string> = {}, policy?: string) {
  return runAgainst(
    emulator.current,
    {
      'api-key': KEYS.member,
      'github-token': github.token,
      repository: REPOSITORY,
      gate: 'all',
      'upload-sarif': 'true',
      ...inputs,
    },
    {
      repository: REPOSITORY,
      sha: HEAD,
      env: { GITHUB_API_URL: github.url },
      event: pullRequestEvent({ repository: REPOSITORY, number: 42, headSha: HEAD }),
      workspace: policy === undefined ? {} : { files: { '.github/svc-scan.yml': policy } },
    },
  );
}

/** A push to the default branch, main, at HEAD: code scanning files its alerts under refs/heads/main. */
function runOnMain(policy?: string) {
  return runOn('refs/heads/main', pushEvent(REPOSITORY, HEAD), policy);
}

/** A run that is no pull request's, uploading under `ref`, with the policy in its workspace. */
function runOn(ref: string, event: ReturnType<typeof pushEvent>, policy?: string) {
  return runUploadingOn(emulator.current, github, {
    repository: REPOSITORY,
    sha: HEAD,
    ref,
    event,
    workspace: policy === undefined ? {} : { files: { '.github/svc-scan.yml': policy } },
  });
}

async function defaultBranchAlert(rule: RegExp): Promise<Alert> {
  const response = await fetch(`${github.url}/repos/${REPOSITORY}/code-scanning/alerts?per_page=100`, {
    headers: { authorization: `Bearer ${USER_TOKEN}` },
  });
  const found = ((await response.json()) as Alert[]).find((alert) => rule.test(alert.rule.id));
  if (!found) throw new Error(`no alert of ${String(rule)} on the default branch`);
  return found;
}

interface Alert {
  number: number;
  state: string;
  html_url: string;
  rule: { id: string };
  dismissed_by: { login: string } | null;
  dismissed_comment: string | null;
}

async function alertOf(rule: RegExp): Promise<Alert> {
  const response = await fetch(
    `${github.url}/repos/${REPOSITORY}/code-scanning/alerts?ref=refs/pull/42/head&per_page=100`,
    { headers: { authorization: `Bearer ${USER_TOKEN}` } },
  );
  const alerts = (await response.json()) as Alert[];
  const found = alerts.find((alert) => rule.test(alert.rule.id));
  if (!found) throw new Error(`no alert of ${String(rule)}`);
  return found;
}

async function dismissAsPerson(alert: Alert, reason: string, comment: string): Promise<void> {
  const response = await fetch(`${github.url}/repos/${REPOSITORY}/code-scanning/alerts/${alert.number}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${USER_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ state: 'dismissed', dismissed_reason: reason, dismissed_comment: comment }),
  });
  expect(response.status).toBe(200);
}

describe('a dismissal in the Security tab', () => {
  it('takes its finding out of the gate, listed with who, when, why and a link', async () => {
    const first = await run();
    const sqli = await alertOf(/^cwe-89\//);
    await dismissAsPerson(sqli, 'false positive', 'the ORM parameterises this query');
    const second = await run();
    expect(Number(second.outputs['failing-findings'])).toBe(Number(first.outputs['failing-findings']) - 1);
    expect(second.outputs['suppressed-findings']).toBe('1');
    expect(second.summary).toMatch(
      new RegExp(`code scanning alert #${sqli.number} dismissed by @(&#8203;)?monalisa on 2026-`),
    );
    expect(second.summary).toContain('as false positive');
    expect(second.summary).toContain(sqli.html_url);
    expect(second.summary).toContain('the ORM parameterises this query');
  });

  it('covers nothing on a pull request without a baseline to tell new findings from old, and says so', async () => {
    const first = await run();
    await dismissAsPerson(await alertOf(/^cwe-89\//), 'false positive', 'the ORM parameterises this query');
    const second = await run({ 'baseline-scan': 'never' });
    expect(second.outputs['failing-findings']).toBe(first.outputs['failing-findings']);
    expect(second.outputs['suppressed-findings']).toBe('0');
    expect(second.summary).toContain(
      'Without a comparison with the baseline, no dismissed code scanning alert takes a finding out of the gate',
    );
  });

  it('counts as before with code-scanning-triage: false', async () => {
    const first = await run();
    await dismissAsPerson(await alertOf(/^cwe-89\//), 'false positive', 'no');
    const second = await run({ 'code-scanning-triage': 'false' });
    expect(second.outputs['failing-findings']).toBe(first.outputs['failing-findings']);
    expect(second.outputs['suppressed-findings']).toBe('0');
  });

  it('counts as before, said, when the token may not read alerts', async () => {
    const first = await run();
    await dismissAsPerson(await alertOf(/^cwe-89\//), 'false positive', 'no');
    github.setTokenMode('no-security-events');
    const second = await run();
    expect(second.outputs['failing-findings']).toBe(first.outputs['failing-findings']);
    expect(second.annotations.map((a) => a.message).join('\n')).toMatch(
      /Could not read the dismissed code scanning alerts .*the gate counts their findings: give the job `security-events: read`/,
    );
  });
});

describe("the policy's suppressions in code scanning", () => {
  it("dismiss their alert with the policy's reason, and reopen it when the entry goes", async () => {
    const suppressed = await run({}, POLICY);
    expect(suppressed.stdout).toContain('Code scanning alerts: 1 dismissed for the policy, 0 reopened');
    const token = await alertOf(/^cwe-798\//);
    expect(token.state).toBe('dismissed');
    expect(token.dismissed_comment).toBe(
      "svc-scan policy ignore[0] (CWE-798): a test fixture's token, expires 2099-12-31",
    );
    const without = await run({}, 'version: 1\n');
    expect(without.stdout).toContain('Code scanning alerts: 0 dismissed for the policy, 1 reopened');
    expect((await alertOf(/^cwe-798\//)).state).toBe('open');
  });

  it("leave an alert the default branch has to the default branch's run: a pull request's policy is not merged", async () => {
    await runOnMain();
    const onPullRequest = await run({}, POLICY);
    expect(onPullRequest.stdout).toContain(
      'Code scanning alerts: 0 dismissed for the policy, 0 reopened (their suppression is gone), 0 dismissal requests filed; 1 the default branch also has are left to its run',
    );
    expect((await alertOf(/^cwe-798\//)).state).toBe('open');
    const merged = await runOnMain(POLICY);
    expect(merged.stdout).toContain('Code scanning alerts: 1 dismissed for the policy, 0 reopened');
    expect((await alertOf(/^cwe-798\//)).state).toBe('dismissed');
  });

  it("never touch a person's dismissal", async () => {
    await run();
    await dismissAsPerson(await alertOf(/^cwe-798\//), 'used in tests', 'fixture');
    await run({}, POLICY);
    await run({}, 'version: 1\n');
    const alert = await alertOf(/^cwe-798\//);
    expect(alert).toMatchObject({
      state: 'dismissed',
      dismissed_by: { login: 'monalisa' },
      dismissed_comment: 'fixture',
    });
  });

  it("never reopen a person's dismissal, though its comment starts with the action's words", async () => {
    await run();
    const words = "svc-scan policy ignore[0] (CWE-798): a test fixture's token";
    await dismissAsPerson(await alertOf(/^cwe-798\//), "won't fix", words);
    const result = await run({}, 'version: 1\n');
    expect(result.stdout).toContain('Code scanning alerts: 0 dismissed for the policy, 0 reopened');
    expect(await alertOf(/^cwe-798\//)).toMatchObject({
      state: 'dismissed',
      dismissed_by: { login: 'monalisa' },
      dismissed_comment: words,
    });
  });

  it('file dismissal requests where delegated dismissal is on, and say so', async () => {
    github.setCodeScanning({ delegatedDismissal: true });
    const result = await run({}, POLICY);
    expect((await alertOf(/^cwe-798\//)).state).toBe('open');
    expect(result.summary).toContain('Delegated alert dismissal is on: 1 dismissal requests');
  });

  it("reopen a dismissal request the action filed once a person approved it: it stays the action's", async () => {
    github.setCodeScanning({ delegatedDismissal: true });
    await run({}, POLICY);
    expect(github.approveDismissalRequests('monalisa')).toBe(1);
    expect(await alertOf(/^cwe-798\//)).toMatchObject({
      state: 'dismissed',
      dismissed_by: { login: 'github-actions[bot]' },
    });
    const without = await run({}, 'version: 1\n');
    expect(without.stdout).toContain('Code scanning alerts: 0 dismissed for the policy, 1 reopened');
    expect((await alertOf(/^cwe-798\//)).state).toBe('open');
  });
});

describe("the default branch's alerts belong to the default branch's run", () => {
  it("a push to another branch whose policy suppresses CWE-798 leaves main's alert, and says what it would have done", async () => {
    await runOnMain();
    const token = await defaultBranchAlert(/^cwe-798\//);
    const push = pushEvent(REPOSITORY, HEAD);
    const onBranch = await runOn(
      'refs/heads/feature/x',
      { ...push, payload: { ...(push.payload as object), ref: 'refs/heads/feature/x' } },
      POLICY,
    );
    expect(onBranch.stdout).toContain(
      `Code scanning alerts: 0 dismissed for the policy, 0 reopened (their suppression is gone), 0 dismissal requests filed; 1 the default branch also has are left to its run, under the policy merged there (this run is not the default branch's; it would have dismissed #${token.number}).`,
    );
    expect((await defaultBranchAlert(/^cwe-798\//)).state).toBe('open');
  });

  it("a merge queue's group leaves main's alert to main's run", async () => {
    await runOnMain();
    const queued = await runOn(
      `refs/heads/gh-readonly-queue/main/pr-42-${'b'.repeat(40)}`,
      mergeGroupEvent({ repository: REPOSITORY, headSha: HEAD, baseSha: 'b'.repeat(40) }),
      POLICY,
    );
    expect(queued.stdout).toContain('1 the default branch also has are left to its run');
    expect((await defaultBranchAlert(/^cwe-798\//)).state).toBe('open');
  });

  it('a schedule on the default branch triages, learning the default branch from GitHub (its payload has none)', async () => {
    await runOnMain();
    github.clearCalls();
    const scheduled = await runOn('refs/heads/main', scheduleEvent(), POLICY);
    expect(scheduled.stdout).toContain('Code scanning alerts: 1 dismissed for the policy, 0 reopened');
    expect((await defaultBranchAlert(/^cwe-798\//)).state).toBe('dismissed');
    expect(github.calls().filter((call) => call.operationId === 'repos/get')).toHaveLength(1);
  });
});
