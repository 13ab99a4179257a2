import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Emulator } from '../../emulator/index.ts';
import type { WorkflowEventFixture } from '../../scripts/action-runner.ts';
import { runPost } from '../../src/action/post.ts';
import { runMain } from '../../src/action/run.ts';
import { startE2e } from '../emulator/helpers.ts';
import { FakeToolkit } from './fake-toolkit.ts';

/**
 * The action run in-process through its public entry points (runMain, runPost) with a FakeToolkit, against
 * the service emulator over real HTTP: the same code paths as dist/ on a runner, with coverage and without a
 * child process.
 */

/**
 * The e2e scenario with service time running 100,000 times faster than real time: a 10 s scan is over within
 * the first poll interval, and a scan that never finishes still never does. The action's own waits are real.
 */
export function startFastE2e(): Promise<Emulator> {
  return startE2e({ timeScale: 0.00001 });
}

/** An empty home directory, so no test reads a config file of the machine it runs on. */
const HOME = mkdtempSync(join(tmpdir(), 'svc-action-home-'));

export const HEAD_SHA = 'a1b2c3d4e5f60718293a4b5c6d7e8f9012345678';

export interface InProcessRunOptions {
  /** Aborting it is what the runner's SIGINT/SIGTERM does to the main step. */
  signal?: AbortSignal;
  env?: NodeJS.ProcessEnv;
  /** The triggering event, handed over as the runner does: GITHUB_EVENT_NAME and a JSON file. */
  event?: WorkflowEventFixture;
  onLog?: (line: string) => void;
}

export interface InProcessRun {
  toolkit: FakeToolkit;
  env: NodeJS.ProcessEnv;
}

/** Runs the main step with the given inputs over fast polling defaults; inputs given here win. */
export async function runMainAgainst(
  emulator: Emulator,
  inputs: Record<string, string>,
  options: InProcessRunOptions = {},
): Promise<InProcessRun> {
  const toolkit = new FakeToolkit(
    { 'api-url': emulator.baseUrl, 'poll-interval': '0.1', 'wait-timeout': '30', ...inputs },
    options.onLog,
  );
  const env: NodeJS.ProcessEnv = {
    GITHUB_REPOSITORY: 'acme/vulnerable-app',
    GITHUB_SHA: HEAD_SHA,
    ...(options.event ? eventEnv(options.event) : {}),
    ...options.env,
  };
  await runMain({
    toolkit,
    env,
    signal: options.signal ?? new AbortController().signal,
    now: () => performance.now(),
    homeDir: HOME,
  });
  return { toolkit, env };
}

function eventEnv(event: WorkflowEventFixture): NodeJS.ProcessEnv {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-action-event-')), 'event.json');
  writeFileSync(path, JSON.stringify(event.payload));
  return { GITHUB_EVENT_NAME: event.name, GITHUB_EVENT_PATH: path };
}

/** Runs the post step on the state the main step left, as the runner does after the job's other steps. */
export async function runPostAfter(run: InProcessRun): Promise<void> {
  await runPost(run.toolkit, run.env);
}
