/**
 * The first thing a new user runs: starts the service's emulator with the demo scenario and GitHub's emulator
 * with the pull request, runs the bundled action against both exactly as the GitHub runner would on that pull
 * request, and prints what GitHub would show; then the organization's night, `svc fleet scan` with a GitHub App
 * (scripts/demo-fleet-night.ts). Its options run another event, other inputs, or a real service
 * (docs/running-locally.md); `--help` lists them.
 */
import { startEmulator } from '../emulator/index.ts';
import { startGitHubEmulator, type GitHubEmulator } from '../github-emulator/index.ts';
import { pullRequestEvent, pushEvent, scheduleEvent } from '../test/fixtures/events.ts';
import {
  loadInputDefaults,
  runAction,
  type ActionRunOptions,
  type ActionRunResult,
} from './action-runner.ts';
import { DEMO_USAGE, DemoUsageError, parseDemoArguments, type DemoOptions } from './demo-options.ts';
import { fleetNight } from './demo-fleet-night.ts';
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

/** The service the demo runs against: its emulator, or a real one named by --api-url. */
interface DemoService {
  baseUrl: string;
  apiKey: string;
  describe: string;
  close: () => Promise<void>;
}

/** The key for a real service: checked before anything starts, so that a refusal leaves nothing running. */
function realServiceKey(options: DemoOptions): string | undefined {
  if (options.apiUrl === undefined) return undefined;
  const apiKey = options.inputs['api-key'] ?? process.env.SVC_API_KEY ?? '';
  if (apiKey === '')
    throw new DemoUsageError('--api-url needs a key: set SVC_API_KEY, or give --input api-key=…');
  return apiKey;
}

async function startService(options: DemoOptions, apiKey: string | undefined): Promise<DemoService> {
  if (options.apiUrl !== undefined && apiKey !== undefined) {
    const describe = `The service at ${options.apiUrl} (--api-url).`;
    return { baseUrl: options.apiUrl, apiKey, describe, close: () => Promise.resolve() };
  }
  const emulator = await startEmulator({ port: 0, scenario: 'demo' });
  const describe = `The emulator of the service listens on ${emulator.baseUrl} (scenario: demo).`;
  return { baseUrl: emulator.baseUrl, apiKey: emulator.apiKey, describe, close: () => emulator.close() };
}

/** A name action.yml does not declare is refused: the runner would pass it and the action never read it. */
async function refuseUnknownInputs(inputs: Record<string, string>): Promise<void> {
  const declared = Object.keys(await loadInputDefaults());
  const unknown = Object.keys(inputs).filter((name) => !declared.includes(name));
  if (unknown.length > 0)
    throw new DemoUsageError(
      `--input ${unknown.join(', ')}: action.yml has no such input (${declared.join(', ')}).`,
    );
}

/** What the runner hands the step for each event: the payload, the commit and the ref. */
function eventRun(
  event: DemoOptions['event'],
): Pick<ActionRunOptions, 'event' | 'sha' | 'env'> & { says: string } {
  if (event === 'pull_request')
    return {
      event: pullRequestEvent({
        repository: DEMO_REPOSITORY,
        number: DEMO_PULL_REQUEST,
        headSha: DEMO_HEAD_SHA,
        baseSha: DEMO_BASE_SHA,
      }),
      env: { GITHUB_REF: `refs/pull/${DEMO_PULL_REQUEST}/merge` },
      says: `for pull request ${DEMO_REPOSITORY}#${DEMO_PULL_REQUEST}`,
    };
  const payload = event === 'push' ? pushEvent(DEMO_REPOSITORY, DEMO_BASE_SHA) : scheduleEvent();
  return {
    event: payload,
    sha: DEMO_BASE_SHA,
    env: { GITHUB_REF: 'refs/heads/main' },
    says: `for a ${event} on ${DEMO_REPOSITORY}'s main at ${DEMO_BASE_SHA.slice(0, 7)}`,
  };
}

/** The demo's inputs, then the ones given with --input. */
function demoInputs(
  options: DemoOptions,
  service: DemoService,
  github: GitHubEmulator,
): Record<string, string> {
  return {
    'api-url': service.baseUrl,
    'api-key': service.apiKey,
    'github-token': github.token,
    'ai-analysis': 'true',
    frameworks: 'owasp-top-10, pci-dss-4',
    'poll-interval': options.apiUrl === undefined ? '0.1' : '2',
    'upload-sarif': 'true',
    ...options.inputs,
  };
}

async function runDemo(options: DemoOptions): Promise<void> {
  const apiKey = realServiceKey(options);
  await refuseUnknownInputs(options.inputs);
  const [service, github] = await Promise.all([
    startService(options, apiKey),
    startGitHubEmulator({ seed: DEMO_SEED, log: () => undefined }),
  ]);
  try {
    const inputs = demoInputs(options, service, github);
    const { says, ...run } = eventRun(options.event);
    console.log(bold('svc-scan-action demo'));
    console.log(service.describe);
    console.log(
      `GitHub's API, emulated, listens on ${github.url} with pull request ${DEMO_REPOSITORY}#${DEMO_PULL_REQUEST}.`,
    );
    console.log(`Running dist/index.js as the runner does, ${says}, with:`);
    for (const [name, value] of Object.entries(inputs)) {
      console.log(`  ${name}: ${SECRET_INPUTS.has(name) ? '***' : value}`);
    }
    const result = await runAction({
      ...run,
      inputs,
      repository: DEMO_REPOSITORY,
      env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: '1', ...run.env },
      // No checkout: the policy file is read through GitHub's contents API, as in the documented workflows.
      workspace: { checkedOutAt: null },
      timeoutMs: 15 * 60_000,
    });
    printRun(result, github);
    // The second act follows the first on the emulated service, with the demo's own inputs.
    if (
      options.event !== 'pull_request' ||
      options.apiUrl !== undefined ||
      Object.keys(options.inputs).length > 0
    )
      return;
    console.log(rule('A second push to the pull request'));
    await secondPush(github, inputs, (line) => {
      console.log(line);
    });
    console.log(rule("The organization's night: svc fleet scan in GitHub App mode"));
    await fleetNight(service, (line) => {
      console.log(line);
    });
  } finally {
    await Promise.all([service.close(), github.close()]);
  }
}

try {
  const options = parseDemoArguments(process.argv.slice(2));
  if (options.help) console.log(DEMO_USAGE);
  else await runDemo(options);
} catch (error) {
  if (!(error instanceof DemoUsageError)) throw error;
  console.error(`${error.message}\n\n${DEMO_USAGE}`);
  process.exitCode = 2;
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
