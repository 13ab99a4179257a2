/**
 * The first thing a new user runs: starts the service's emulator with the demo scenario and GitHub's emulator
 * with the pull request, runs the bundled action against both exactly as the GitHub runner would on that pull
 * request, and prints what GitHub would show.
 */
import { startEmulator } from '../emulator/index.ts';
import { startGitHubEmulator, type GitHubEmulator } from '../github-emulator/index.ts';
import { pullRequestEvent } from '../test/fixtures/events.ts';
import { runAction, type ActionRunResult } from './action-runner.ts';
import { secondPush } from './demo-second-push.ts';
import {
  DEMO_BASE_SHA,
  DEMO_HEAD_SHA,
  DEMO_PULL_REQUEST,
  DEMO_REPOSITORY,
  DEMO_SEED,
} from './demo-pull-request.ts';

const bold = (s: string): string => (process.stdout.isTTY ? `\x1b[1m${s}\x1b[0m` : s);
const rule = (title: string): string => `\n${bold(`── ${title} `.padEnd(100, '─'))}\n`;

const SECRET_INPUTS = new Set(['api-key', 'github-token']);

const [emulator, github] = await Promise.all([
  startEmulator({ port: 0, scenario: 'demo' }),
  startGitHubEmulator({
    seed: DEMO_SEED,
    log: () => undefined,
  }),
]);
try {
  const inputs = {
    'api-url': emulator.baseUrl,
    'api-key': emulator.apiKey,
    'github-token': github.token,
    'ai-analysis': 'true',
    frameworks: 'owasp-top-10, pci-dss-4',
    'poll-interval': '0.1',
    'upload-sarif': 'true',
  };
  console.log(bold('svc-scan-action demo'));
  console.log(`The emulator of the service listens on ${emulator.baseUrl} (scenario: demo).`);
  console.log(
    `GitHub's API, emulated, listens on ${github.url} with pull request ${DEMO_REPOSITORY}#${DEMO_PULL_REQUEST}.`,
  );
  console.log(`Running dist/index.js as the runner does, for that pull request, with:`);
  for (const [name, value] of Object.entries(inputs)) {
    console.log(`  ${name}: ${SECRET_INPUTS.has(name) ? '***' : value}`);
  }
  const result = await runAction({
    inputs,
    repository: DEMO_REPOSITORY,
    env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: '1' },
    event: pullRequestEvent({
      repository: DEMO_REPOSITORY,
      number: DEMO_PULL_REQUEST,
      headSha: DEMO_HEAD_SHA,
      baseSha: DEMO_BASE_SHA,
    }),
  });
  printRun(result, github);
  console.log(rule('A second push to the pull request'));
  await secondPush(github, inputs, (line) => {
    console.log(line);
  });
} finally {
  await Promise.all([emulator.close(), github.close()]);
}

function printRun(result: ActionRunResult, github: GitHubEmulator): void {
  console.log(rule('Step log'));
  console.log(renderLog(result.stdout));
  const requests = github.calls().map((call) => call.operationId ?? `${call.method} ${call.path}`);
  console.log(rule(`On GitHub: the check run with its annotations, and the pull request's conversation`));
  console.log(`(${requests.length} requests to GitHub's API: ${summarizeRequests(requests)})\n`);
  console.log(github.render().trimEnd());
  console.log(rule(`Annotations in the step's log (${result.annotations.length})`));
  for (const { level, properties, message } of result.annotations) {
    const [first = '', details = ''] = message.split('\n');
    if (properties.file === undefined) {
      console.log(`${level.toUpperCase().padEnd(8)}${'(the step’s result)'.padEnd(40)}${first}`);
      continue;
    }
    console.log(
      `${level.toUpperCase().padEnd(8)}${`${properties.file}:${properties.line ?? ''}`.padEnd(40)}${properties.title ?? first}`,
    );
    if (details) console.log(`${''.padEnd(48)}${details}`);
  }
  console.log(rule('Job summary (markdown)'));
  console.log(result.summary.trim());
  console.log(rule('Outputs'));
  const width = Math.max(...Object.keys(result.outputs).map((name) => name.length)) + 2;
  for (const [name, value] of Object.entries(result.outputs)) console.log(`${name.padEnd(width)}${value}`);
  const verdict = result.exitCode === 0 ? 'the step passed' : 'the step failed (the check turns red)';
  console.log(rule(`Exit code ${String(result.exitCode)}: ${verdict}`));
}

/** `checks/create ×1, checks/update ×2, ...` in the order first made. */
function summarizeRequests(operations: string[]): string {
  const counts = new Map<string, number>();
  for (const operation of operations) counts.set(operation, (counts.get(operation) ?? 0) + 1);
  return [...counts].map(([operation, count]) => `${operation} ×${count}`).join(', ');
}

/** Shows the log as GitHub's log viewer does: groups folded into headings, commands hidden. */
function renderLog(stdout: string): string {
  const shown: string[] = [];
  for (const line of stdout.split('\n')) {
    if (line.startsWith('::group::')) shown.push(`▸ ${line.slice('::group::'.length)}`);
    else if (
      line.startsWith('::endgroup::') ||
      line.startsWith('::add-mask::') ||
      line.startsWith('::debug::')
    )
      continue;
    else if (/^::(error|warning|notice)/.test(line)) continue;
    else if (line.length > 0) shown.push(line);
  }
  return shown.join('\n');
}
