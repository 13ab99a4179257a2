import { spawn } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it, vi } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import { NODE_BINARY, PROJECT_ROOT } from '../../scripts/action-runner.ts';

// Each demo starts both emulators and runs the bundled action in child processes. The limit guards against a hang,
// wide enough for a machine whose one core is shared with other work (a run takes a few seconds).
vi.setConfig({ testTimeout: 90_000 });

/** `npm run demo`, the first thing a new user runs: it must show what GitHub would show, check run and comment. */
function runDemo(
  args: string[] = [],
  env: Record<string, string> = {},
): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      NODE_BINARY,
      ['--experimental-strip-types', join(PROJECT_ROOT, 'scripts', 'demo.ts'), ...args],
      {
        env: { PATH: process.env.PATH ?? '', ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}

it('tells the pull request story: gated on new findings, two fixes suggested, one folded with its reason', async () => {
  const { exitCode, stdout, stderr } = await runDemo();
  expect(stderr).toBe('');
  expect(exitCode).toBe(0);
  // The baseline is yesterday's nightly scan of the merge base: nothing more is scanned.
  expect(stdout).toMatch(
    /^Baseline: scan scan_webapp_nightly of 8e1d4b7a2c9f06e3d5b8a1f4c7e2d9b6a3f0c5e8, the merge base/m,
  );
  expect(stdout).not.toContain('it cost a scan');
  expect(stdout).toMatch(
    /^Gate failed: 3 new findings are high or above \(fail-on: high\): 1 critical, 2 high; 4 existing findings high or above do not fail the gate\.$/m,
  );
  const outputs = Object.fromEntries(
    ['new-findings', 'new-failing-findings', 'fixed-findings', 'existing-findings', 'suggestions-posted'].map(
      (name) => [name, new RegExp(`^${name} +(\\S+)$`, 'm').exec(stdout)?.[1]],
    ),
  );
  expect(outputs).toEqual({
    'new-findings': '4',
    'new-failing-findings': '3',
    'fixed-findings': '1',
    'existing-findings': '16',
    'suggestions-posted': '2',
  });
  expect(stdout).toMatch(/^Check run "svc-scan" on 3f9c2e1: failure$/m);
  // Its title counts what the verdict counts; the suppressed finding's notice is counted apart.
  expect(stdout).toMatch(/^ {2}Failed: 3 new findings at or above fail-on$/m);
  expect(stdout).toContain(
    '20 of 20 reported findings are annotated on their lines. 1 suppressed finding is shown as a notice.',
  );
  expect(stdout).toMatch(
    /^Check run svc-scan: 20 findings annotated, and 1 suppressed finding as a notice\. https:/m,
  );
  expect(stdout).toContain('ignore\\[0\\] (CWE-798, in docs/\\*\\*); reason: The deployment guide shows');
  // The repository's policy: one suppression with its reason, one entry that matched nothing.
  expect(stdout).toMatch(/^Policy: \.github\/svc-scan\.yml at 3f9c2e1b7a4d \(the pull request's head\)/m);
  expect(stdout).toMatch(/^suppressed-findings +1$/m);
  expect(stdout).toMatch(/\[notice\] docs\/deploy\.md:58 SUPPRESSED low: Example AWS access key/);
  expect(stdout).toContain('documented example key, not a credential');
  expect(stdout).toMatch(
    /Unused suppressions.*ignore\[1\] \(CWE-95, in src\/server\/templates\/\*\*\).*removed in #38/,
  );
  expect(stdout).toMatch(/^ {4}\[failure\] src\/server\/db\/users\.ts:57 CRITICAL: SQL injection/m);
  // The existing SHA-1 finding moved 6 lines down with the pull request's insertion above it.
  expect(stdout).toContain('Weak password hashing with SHA-1 — [`src/server/db/users.ts:81`]');
  expect(stdout).toContain('This pull request fixes 1 finding');
  // The counts say what the policy left out of them, in the log and the summary, as the README does.
  const note = '(and 1 suppressed by the policy, not counted)';
  expect(stdout).toContain(`Findings: 1 critical, 6 high, 7 medium, 6 low, 4 info ${note}. Risk score: 82.`);
  expect(stdout).toContain(`· 24 findings ${note} ·`);
  expect(stdout).toMatch(/^total-findings +24$/m);
  const docs = await readFile(join(PROJECT_ROOT, 'docs', 'running-locally.md'), 'utf8');
  expect(docs.replace(/\s+/g, ' ')).toContain(`the head's 24 findings ${note}`);
  // A fixed finding is linked to its line at the base commit, where it still is.
  expect(stdout).toContain(
    '(https://github.com/octo-org/webapp/blob/8e1d4b7a2c9f06e3d5b8a1f4c7e2d9b6a3f0c5e8/src/server/session.ts#L35)',
  );
  // The comment lists 10 of the 16 existing findings, and says where the other 6 are.
  expect(stdout).toContain(
    '_6 more existing findings are not listed here: see the [job summary](https://github.com/octo-org/webapp/actions/runs/1)._',
  );
  // Two suggestions in one review, each on the lines the fix replaces.
  expect(stdout).toMatch(/^Review by @github-actions\[bot\] on octo-org\/webapp#42: COMMENTED$/m);
  expect(stdout).toMatch(/^ {2}src\/server\/db\/users\.ts:57-58 \(RIGHT\)$/m);
  expect(stdout).toMatch(/^ {2}src\/server\/views\/search\.tsx:88 \(RIGHT\)$/m);
  expect(stdout).toContain('+       <h2>Results for {query}</h2>');
  // The CSRF fix changes a line the pull request did not touch: folded, with the reason, in comment and summary.
  const folded =
    '<summary>Fix for Missing CSRF protection on account settings form: the lines it changes are outside the pull request&#39;s diff</summary>';
  expect(stdout.split(folded)).toHaveLength(3);
  expect(stdout).toContain('### AI analysis');
  expect(stdout).toContain('### Compliance');
  expect(stdout).toMatch(/^_Credits: \*\*\d+\*\* remaining; this run used \*\*\d+\*\*\._$/m);
  expect(stdout).toMatch(/── Exit code 1: the step failed/);
  expect(stdout).not.toContain('Could not write');
  expect(stdout).toMatch(/^Uploaded \d+ results to code scanning for refs\/pull\/42\/head at 3f9c2e1b/m);
});

it("tells the second push: one finding fixed, its alert fixed, its thread replied to and left to its account by an App's token, a dismissal of a new finding not honoured", async () => {
  const { stdout } = await runDemo();
  const act = stdout.slice(
    stdout.indexOf('── A second push to the pull request'),
    stdout.indexOf("── The organization's night"),
  );
  const [actions = '', app = ''] = act.split('The same run with a GitHub App’s token');
  // @monalisa's dismissal of the CSRF alert does not take it out of the gate: the pull request writes it, so
  // both new high findings still fail it (the SQL injection's fix leaves the CSRF and cross-site scripting).
  expect(act).toMatch(
    /@monalisa dismissed code scanning alert #\d+ \(missing CSRF protection\) as a false positive/,
  );
  expect(actions).toContain(
    '1 code scanning alert of svc-scan dismissed on GitHub: each covers a finding only at its place, no more severe than its rule, and never a new one.',
  );
  expect(actions).toMatch(/Gate failed: 2 new findings are high or above \(fail-on: high\): 2 high;/);
  // The SQL injection, fixed by 7b41d0e: its alert closed as fixed, its thread replied to by the Actions token.
  expect(actions).toMatch(
    /#1 cwe-89\/sql-injection-in-user-search-query src\/server\/db\/users\.ts:57: fixed$/m,
  );
  expect(actions).toMatch(
    /cwe-352\/missing-csrf-protection-on-account-settings-form .*: dismissed by @monalisa \(false positive\)$/m,
  );
  expect(actions).toContain('Review threads of fixed findings: 0 resolved, 1 replied to, 1 left to resolve.');
  // An App's token answers only its own account's threads: the workflow bot's is left to it.
  expect(app).toContain(
    "Review threads left to the account that started them: 2 carry the action's marker, started by another account than the token's (svc-scan-app[bot])",
  );
  expect(app).not.toContain('Review threads of fixed findings');
});

it("tells the organization's night: svc fleet scan with a GitHub App, each repository by its own policy, each Security tab filled", async () => {
  const { stdout } = await runDemo();
  const night = stdout.slice(
    stdout.indexOf("── The organization's night: svc fleet scan in GitHub App mode"),
  );
  expect(night).toContain('svc fleet scan --github-app-id 101 --upload-sarif --fail-on high');
  expect(night).toContain('3 repositories: 1 failed the gate, 2 passed, 0 not judged.');
  // fail-on: none is held to the fleet's floor; the infrastructure team's suppression passes its only high.
  expect(night).toMatch(
    /^\| `octo-org\/webapp` \|.*`\.github\/svc-scan\.yml` \(blob `[0-9a-f]{12}`\); fail-on high \|/m,
  );
  expect(night).toMatch(/^\| `octo-org\/infrastructure` \|.*fail-on high; 1 suppressed by 1 entry \|/m);
  expect(night).toMatch(/^\| `octo-org\/api-gateway` \|.*\| none \(fail-on high\) \|/m);
  expect(night).toContain('Code scanning: 3 uploads processed');
  for (const [name, branch, head] of [
    ['octo-org/webapp', 'main', '5e1f0c3'],
    ['octo-org/infrastructure', 'trunk', '7c2a4e6'],
    ['octo-org/api-gateway', 'main', '9d4b6f8'],
  ] as const)
    expect(night).toMatch(
      new RegExp(
        `^ {2}${name} +\\d+ open alerts on refs/heads/${branch} at ${head}, category svc-scan/${name}$`,
        'm',
      ),
    );
  expect(night).not.toContain('PRIVATE KEY');
});

it('runs a push with the inputs given, and no second act', async () => {
  const { exitCode, stdout, stderr } = await runDemo(['--event', 'push', '--input', 'fail-on=critical']);
  expect(stderr).toBe('');
  expect(exitCode).toBe(0);
  expect(stdout).toMatch(
    /^Running dist\/index\.js as the runner does, for a push on octo-org\/webapp's main at 5d2a9c7, with:$/m,
  );
  expect(stdout).toMatch(/^ {2}fail-on: critical$/m);
  // A push judges every finding of the commit, under its own policy, read through the contents API.
  expect(stdout).toMatch(/^Gate failed: 1 finding is critical \(fail-on: critical\): 1 critical\.$/m);
  expect(stdout).toMatch(/^Policy: \.github\/svc-scan\.yml at 5d2a9c7e1b4f \(the scanned commit\)/m);
  expect(stdout).toMatch(/^Check run "svc-scan" on 5d2a9c7: failure$/m);
  expect(stdout).not.toContain('A second push');
  expect(stdout).not.toContain("The organization's night");
});

it('runs a schedule against a service named by --api-url, with the key from SVC_API_KEY', async () => {
  const service = await startEmulator({ scenario: 'demo', log: () => undefined });
  try {
    const args = ['--event', 'schedule', '--api-url', service.baseUrl, '--input', 'poll-interval=0.1'];
    const { exitCode, stdout, stderr } = await runDemo(args, {
      SVC_API_KEY: service.apiKey,
    });
    expect(stderr).toBe('');
    expect(exitCode).toBe(0);
    expect(stdout).toContain(`The service at ${service.baseUrl} (--api-url).`);
    expect(stdout).toContain("for a schedule on octo-org/webapp's main at 5d2a9c7");
    expect(stdout).toMatch(/^Gate failed: 7 findings are high or above \(fail-on: high\)/m);
    expect(stdout).not.toContain(service.apiKey);
    expect(service.stats().scans_created).toBeGreaterThan(0);
  } finally {
    await service.close();
  }
});

it.each([
  [['--event', 'pr'], "--event 'pr' is not one of pull_request, push, schedule."],
  [['--input', 'failon=high'], '--input failon: action.yml has no such input'],
  [['--input', 'fail-on'], "--input 'fail-on' is not NAME=VALUE"],
  [['--api-url', 'https://scanner.example/api/v1'], '--api-url needs a key: set SVC_API_KEY'],
])('refuses %j before starting anything, with the usage', async (args, message) => {
  const { exitCode, stdout, stderr } = await runDemo(args);
  expect(exitCode).toBe(2);
  expect(stdout).toBe('');
  expect(stderr).toContain(message);
  expect(stderr).toContain('Usage: npm run demo -- [options]');
});
