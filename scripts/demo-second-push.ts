import { APP_TOKEN, USER_TOKEN, type GitHubEmulator } from '../github-emulator/index.ts';
import { pullRequestEvent } from '../test/fixtures/events.ts';
import { runAction, type ActionRunResult } from './action-runner.ts';
import { DEMO_BASE_SHA, DEMO_POLICY, DEMO_PULL_REQUEST, DEMO_REPOSITORY } from './demo-pull-request.ts';

/**
 * The demo's second act: a push to the pull request fixes the SQL injection another way than the suggestion,
 * and @monalisa dismisses the CSRF alert as a false positive in the Security tab. The CSRF finding is one the pull
 * request writes, so the dismissal does not take it out of the gate (a dismissal covers only what was there
 * before). The workflow's token run closes the SQL injection's alert as fixed and replies once on its suggestion
 * thread. A run with a GitHub App's token answers only the threads its own account started: the workflow bot's
 * thread is left to it (a workflow that passes the App's token from the start has its threads resolved).
 */

export const SECOND_PUSH_SHA = '7b41d0e9c3a85f2164d0b7e3a9c51f8d2e6b4a07';
const PULL_REF = `refs/pull/${DEMO_PULL_REQUEST}/head`;

interface Alert {
  number: number;
  state: string;
  rule: { id: string };
  most_recent_instance: { location: { path: string; start_line: number } };
  dismissed_by: { login: string } | null;
  dismissed_reason: string | null;
}

export async function secondPush(
  github: GitHubEmulator,
  inputs: Record<string, string>,
  say: (line: string) => void,
): Promise<{ actions: ActionRunResult; app: ActionRunResult }> {
  const csrf = (await alerts(github)).find((alert) => alert.rule.id.startsWith('cwe-352/'));
  if (csrf === undefined) throw new Error('the first run uploaded no CSRF alert');
  await call(github, 'PATCH', `/repos/${DEMO_REPOSITORY}/code-scanning/alerts/${csrf.number}`, {
    state: 'dismissed',
    dismissed_reason: 'false positive',
    dismissed_comment: 'The settings form is protected by the SameSite=strict session cookie',
  });
  say(
    `@monalisa dismissed code scanning alert #${csrf.number} (missing CSRF protection) as a false positive: ` +
      'the pull request writes that finding, so the gate still counts it.',
  );
  github.pushToPull(DEMO_REPOSITORY, DEMO_PULL_REQUEST, SECOND_PUSH_SHA, {
    '.github/svc-scan.yml': DEMO_POLICY,
  });
  say(`Pushed ${SECOND_PUSH_SHA.slice(0, 7)}: the SQL injection is fixed another way than the suggestion.`);
  const run = (token: string): Promise<ActionRunResult> =>
    runAction({
      inputs: { ...inputs, 'github-token': token },
      repository: DEMO_REPOSITORY,
      env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: '2' },
      event: pullRequestEvent({
        repository: DEMO_REPOSITORY,
        number: DEMO_PULL_REQUEST,
        headSha: SECOND_PUSH_SHA,
        baseSha: DEMO_BASE_SHA,
      }),
    });
  const actions = await run(github.token);
  say('\nThe run with the workflow’s GITHUB_TOKEN:');
  for (const line of storyLines(actions)) say(`  ${line}`);
  const listed = await alerts(github);
  say(`\nCode scanning alerts of the pull request now (${listed.length}; those not open):`);
  for (const alert of listed.filter((one) => one.state !== 'open')) say(`  ${alertLine(alert)}`);
  const app = await run(APP_TOKEN);
  say('\nThe same run with a GitHub App’s token (actions/create-github-app-token):');
  for (const line of storyLines(app)) say(`  ${line}`);
  return { actions, app };
}

/** The lines of the step log that tell this act: the verdict, code scanning, the threads. */
function storyLines(result: ActionRunResult): string[] {
  return result.stdout
    .split('\n')
    .filter((line) => /^(Gate |Uploaded |Code scanning|Review threads|\d+ code scanning alerts? )/.test(line))
    .concat(`Exit code ${String(result.exitCode)}`);
}

function alertLine(alert: Alert): string {
  const { path, start_line: line } = alert.most_recent_instance.location;
  const by = alert.dismissed_by ? ` by @${alert.dismissed_by.login} (${alert.dismissed_reason ?? ''})` : '';
  return `#${alert.number} ${alert.rule.id} ${path}:${line}: ${alert.state}${by}`;
}

async function alerts(github: GitHubEmulator): Promise<Alert[]> {
  const listed = await call(
    github,
    'GET',
    `/repos/${DEMO_REPOSITORY}/code-scanning/alerts?ref=${PULL_REF}&direction=asc&per_page=100`,
  );
  return listed as Alert[];
}

/** A request as @monalisa, a person with the security manager role. */
async function call(github: GitHubEmulator, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(`${github.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${USER_TOKEN}`, 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.json();
}
