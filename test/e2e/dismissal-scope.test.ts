import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  USER_TOKEN,
  startGitHubEmulator,
  type GitHubEmulator,
  type GitHubSeed,
} from '../../github-emulator/index.ts';
import { pullRequestEvent, pushEvent } from '../fixtures/events.ts';
import { KEYS, runAgainst, runUploadingOn, useEmulator } from './support.ts';

/**
 * What a person's dismissal in the Security tab covers, end to end. The default branch of acme/settings-app has
 * a low "Hard-coded secret" at config/settings.py:12, whose alert a person dismissed as a false positive; pull
 * request 7 rewrites line 12, and the scan of its head reports a critical finding of the same rule there. The
 * dismissal covers neither that new finding nor, on the default branch, a finding more severe than its alert.
 */
const emulator = useEmulator();
let github: GitHubEmulator;
const REPOSITORY = 'acme/settings-app';
const BASE = '5'.repeat(40);
const HEAD = '6'.repeat(40);
const secret = (severity: string, cvss: number) => ({
  severity,
  title: 'Hard-coded secret',
  file_path: 'config/settings.py',
  line: 12,
  module: 'secrets',
  cwe: 'CWE-798',
  cvss_score: cvss,
  description: 'A secret is a string literal in the source.',
});

/** The service: any commit has the low secret; the pull request's head has it critical, on the rewritten line. */
const SCENARIO = {
  name: 'dismissal-scope',
  organizations: [{ id: 'org_acme', name: 'Acme Corp', plan: 'business', credits: 1000, used_credits: 0 }],
  users: [{ id: 'usr_ci', email: 'ci-bot@acme.example', organization_ids: ['org_acme'] }],
  api_keys: [
    {
      id: 'key_e2e_member',
      name: 'CI (member)',
      organization_id: 'org_acme',
      user_id: 'usr_ci',
      role: 'member',
      secret: KEYS.member,
    },
  ],
  repositories: [
    {
      id: 'repo_settings',
      organization_id: 'org_acme',
      full_name: REPOSITORY,
      default_branch: 'main',
      scan: {
        modules: ['secrets'],
        queue_seconds: 1,
        duration_seconds: 10,
        findings: [secret('low', 3.1)],
        refs: { [HEAD]: { findings: [secret('critical', 9.6)] } },
      },
    },
  ],
};

/** GitHub: pull request 7 from feature/keys onto main rewrites line 12 of config/settings.py. */
const SEED: GitHubSeed = {
  repositories: [
    {
      full_name: REPOSITORY,
      pulls: [
        {
          number: 7,
          title: 'Production settings',
          user: 'octocat',
          base: { ref: 'main', sha: BASE },
          head: { ref: 'feature/keys', sha: HEAD },
          merge_base_sha: BASE,
          files: [
            {
              filename: 'config/settings.py',
              status: 'modified',
              patch:
                "@@ -10,5 +10,5 @@ import os\n DEBUG = False\n ALLOWED_HOSTS = ['*']\n-SECRET_KEY = 'dev-only'\n+SECRET_KEY = 'sk_live_4f9a1c'\n DATABASE_URL = os.environ['DATABASE_URL']\n CACHE_TTL = 300",
            },
          ],
        },
      ],
    },
  ],
};

beforeEach(async () => {
  await emulator.current.loadScenario(SCENARIO);
  github = await startGitHubEmulator({ seed: SEED, log: () => undefined });
});
afterEach(async () => {
  await github.close();
});

/** A push to main at the base commit, uploading with the gate off. */
function uploadOnMain() {
  return runUploadingOn(emulator.current, github, {
    repository: REPOSITORY,
    sha: BASE,
    ref: 'refs/heads/main',
    event: pushEvent(REPOSITORY, BASE),
  });
}

/** The default branch's run files the alert; a person then dismisses it as a false positive. */
async function dismissedOnMain(): Promise<void> {
  expect((await uploadOnMain()).exitCode).toBe(0);
  const listed = await fetch(`${github.url}/repos/${REPOSITORY}/code-scanning/alerts`, {
    headers: { authorization: `Bearer ${USER_TOKEN}` },
  });
  const [alert] = (await listed.json()) as {
    number: number;
    rule: { security_severity_level: string };
    most_recent_instance: { location: { path: string; start_line: number } };
  }[];
  expect(alert).toMatchObject({
    rule: { security_severity_level: 'low' },
    most_recent_instance: { location: { path: 'config/settings.py', start_line: 12 } },
  });
  const dismissed = await fetch(`${github.url}/repos/${REPOSITORY}/code-scanning/alerts/${alert!.number}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${USER_TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      state: 'dismissed',
      dismissed_reason: 'false positive',
      dismissed_comment: 'dev key',
    }),
  });
  expect(dismissed.status).toBe(200);
}

function onThePullRequest(inputs: Record<string, string> = {}) {
  return runAgainst(
    emulator.current,
    {
      'api-key': KEYS.member,
      'github-token': github.token,
      repository: REPOSITORY,
      'upload-sarif': 'true',
      ...inputs,
    },
    {
      repository: REPOSITORY,
      sha: HEAD,
      env: { GITHUB_API_URL: github.url },
      event: pullRequestEvent({ repository: REPOSITORY, number: 7, headSha: HEAD, baseSha: BASE }),
    },
  );
}

/** A run on main at `commit` (a push, unless `eventName` says otherwise), its GitHub side the emulator's. */
function onMainAt(commit: string, inputs: Record<string, string>, eventName = 'push') {
  return runAgainst(
    emulator.current,
    { 'api-key': KEYS.member, 'github-token': github.token, repository: REPOSITORY, ...inputs },
    {
      repository: REPOSITORY,
      sha: commit,
      event: { ...pushEvent(REPOSITORY, commit), name: eventName },
      env: { GITHUB_API_URL: github.url, GITHUB_REF: 'refs/heads/main' },
    },
  );
}

describe("a person's dismissal of the default branch's low alert", () => {
  it('does not cover the critical finding a pull request writes on its line: the gate fails', async () => {
    await dismissedOnMain();
    const result = await onThePullRequest();
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({
      result: 'failed',
      'new-findings': '1',
      'new-failing-findings': '1',
      'suppressed-findings': '0',
    });
  });

  it('does not cover it under gate: all either: the comparison still runs to tell it is new', async () => {
    await dismissedOnMain();
    const result = await onThePullRequest({ gate: 'all' });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', 'failing-findings': '1' });
    expect(result.outputs['new-findings'] ?? '').toBe('');
  });

  it('covers the finding it dismissed on a later run of the default branch, never a more severe one there', async () => {
    await dismissedOnMain();
    const gated = { 'fail-on': 'low', 'code-scanning-triage': 'true' };
    const again = await uploadOnMain();
    expect(again.outputs['suppressed-findings']).toBe('1');
    const worse = await onMainAt(HEAD, gated);
    expect(worse.exitCode).toBe(1);
    expect(worse.outputs).toMatchObject({ 'failing-findings': '1', 'suppressed-findings': '0' });
  });
});

describe("a person's dismissal on a run that scans another commit than its own", () => {
  // A workflow_run (or workflow_dispatch) at main scanning a pull request's head by `ref`, as workflows that need
  // secrets for a fork's pull request do: its line 12 may be one the pull request wrote, and nothing compares it.
  const PULL_REQUEST_HEAD = '7'.repeat(40);

  it('covers nothing: the alert is of the workflow commit, and the gate counts the finding', async () => {
    await dismissedOnMain();
    const result = await onMainAt(
      BASE,
      { ref: PULL_REQUEST_HEAD, 'fail-on': 'low', 'code-scanning-triage': 'true' },
      'workflow_run',
    );
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({
      result: 'failed',
      'failing-findings': '1',
      'suppressed-findings': '0',
    });
    expect(result.stdout).toContain(
      "The scanned commit is not the workflow's own: no dismissed code scanning alert takes a finding out of the gate.",
    );
  });
});
