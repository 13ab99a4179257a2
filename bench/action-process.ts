import { spawn, type ChildProcess, type ChildProcessByStdio } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';
import {
  NODE_BINARY,
  checkOut,
  createRunnerFiles,
  runnerEnvironment,
  parseAnnotations,
  parseKeyValueFile,
  type Annotation,
  type RunnerFiles,
  type WorkflowEventFixture,
} from '../scripts/action-runner.ts';

/**
 * Runs the bundled action the way the GitHub runner does (INPUT_* variables with action.yml's defaults, the
 * output, state and summary files, the event file; nothing else of the parent's environment but PATH), as
 * scripts/action-runner.ts does, but exposes what a benchmark needs: the moment of the spawn, the moment of the
 * exit, a handle to kill it, and its peak resident set size.
 *
 * Peak RSS and CPU time come from GNU time (`/usr/bin/time -f '%M %U %S'`, which reads the child's rusage at
 * exit, outside the process); without it, a preload (`--import rss-probe.ts`) writes them from
 * `process.resourceUsage()` at exit.
 */

export interface ActionLaunch {
  /** The bundle to run: dist/index.js unless told otherwise. */
  entry: string;
  inputs: Record<string, string>;
  /** GITHUB_REPOSITORY */
  repository: string;
  /** The workflow event (default: a push with an empty payload). */
  event?: WorkflowEventFixture;
  /** Further environment, GITHUB_API_URL for one. */
  env?: Record<string, string>;
  measureRss: boolean;
  /** Files of the repository, checked out in the workspace at the scanned commit (a policy file). */
  workspaceFiles?: Record<string, string>;
  /** The child is killed (SIGKILL) after this long. */
  timeoutMs: number;
}

interface ActionExit {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  exitedAt: number;
  stdout: string;
  stderr: string;
  outputs: Record<string, string>;
  summary: string;
  annotations: Annotation[];
  peakRssBytes: number | undefined;
  /** User plus system CPU time of the process (10 ms resolution under GNU time). */
  cpuMs: number | undefined;
}

export interface RunningAction {
  /** performance.now() just before the spawn. */
  readonly spawnedAt: number;
  kill(): void;
  readonly finished: Promise<ActionExit>;
}

const GNU_TIME = '/usr/bin/time';
const BENCH_SHA = 'b'.repeat(40);
const RSS_PROBE = fileURLToPath(new URL('./rss-probe.ts', import.meta.url));

export async function launchAction(launch: ActionLaunch): Promise<RunningAction> {
  const { workDir, files, env } = await prepareRunner(launch);
  const useGnuTime = launch.measureRss && existsSync(GNU_TIME);
  if (launch.measureRss && !useGnuTime) env.BENCH_RSS_FILE = files.rss;
  const [command, args] = commandLine(launch, useGnuTime, files.rss);

  const spawnedAt = performance.now();
  const child = spawn(command, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output = collectOutput(child);
  const killTimer = setTimeout(() => child.kill('SIGKILL'), launch.timeoutMs);

  const finished = (async (): Promise<ActionExit> => {
    try {
      const exit = await childClosed(child);
      clearTimeout(killTimer);
      return await actionExit(launch, exit, output, files);
    } finally {
      clearTimeout(killTimer);
      await rm(workDir, { recursive: true, force: true });
    }
  })();
  return {
    spawnedAt,
    kill: () => {
      child.kill('SIGKILL');
    },
    finished,
  };
}

type LaunchFiles = RunnerFiles & { readonly rss: string };

/** A work folder with the runner's files, the repository checked out, and the runner's environment. */
async function prepareRunner(
  launch: ActionLaunch,
): Promise<{ workDir: string; files: LaunchFiles; env: Record<string, string> }> {
  const workDir = await mkdtemp(join(tmpdir(), 'svc-bench-'));
  const files = {
    ...(await createRunnerFiles(workDir, launch.event?.payload ?? {})),
    rss: join(workDir, 'rss'),
  };
  await checkOut(workDir, { files: launch.workspaceFiles ?? {} }, BENCH_SHA);
  const env = await runnerEnvironment({
    workDir,
    files,
    repository: launch.repository,
    sha: BENCH_SHA,
    eventName: launch.event?.name ?? 'push',
    inputs: launch.inputs,
    ...(launch.env ? { extra: launch.env } : {}),
  });
  return { workDir, files, env };
}

interface ChildOutput {
  stdout: string;
  stderr: string;
}

function collectOutput(child: ChildProcessByStdio<null, Readable, Readable>): ChildOutput {
  const output: ChildOutput = { stdout: '', stderr: '' };
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    output.stdout += chunk;
  });
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
    output.stderr += chunk;
  });
  return output;
}

interface ChildClose {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly at: number;
}

function childClosed(child: ChildProcess): Promise<ChildClose> {
  return new Promise<ChildClose>((resolve, reject) => {
    child.on('error', reject);
    // 'exit' is the process ending; 'close' also waits for its pipes to drain, so stdout is complete.
    let exitedAt = 0;
    child.on('exit', () => {
      exitedAt = performance.now();
    });
    child.on('close', (code, signal) => {
      resolve({ code, signal, at: exitedAt || performance.now() });
    });
  });
}

/** What the runner would see of the finished action: its output, its files, its resource usage. */
async function actionExit(
  launch: ActionLaunch,
  exit: ChildClose,
  { stdout, stderr }: ChildOutput,
  files: LaunchFiles,
): Promise<ActionExit> {
  return {
    exitCode: exit.code,
    signal: exit.signal,
    exitedAt: exit.at,
    stdout,
    stderr,
    outputs: parseKeyValueFile(await readFile(files.output, 'utf8')),
    summary: await readFile(files.summary, 'utf8'),
    annotations: parseAnnotations(stdout),
    ...(launch.measureRss
      ? await readResourceUsage(files.rss)
      : { peakRssBytes: undefined, cpuMs: undefined }),
  };
}

function commandLine(launch: ActionLaunch, useGnuTime: boolean, rssFile: string): [string, string[]] {
  if (useGnuTime) return [GNU_TIME, ['-f', '%M %U %S', '-o', rssFile, NODE_BINARY, launch.entry]];
  if (launch.measureRss) return [NODE_BINARY, ['--import', RSS_PROBE, launch.entry]];
  return [NODE_BINARY, [launch.entry]];
}

/**
 * GNU time writes `%M %U %S` (peak RSS in KiB, user and system CPU seconds) on the last line, after a "Command
 * exited with non-zero status" line if any; rss-probe.ts writes the same.
 */
async function readResourceUsage(
  file: string,
): Promise<{ peakRssBytes: number | undefined; cpuMs: number | undefined }> {
  const text = await readFile(file, 'utf8').catch(() => '');
  const [kib, user, system] = (text.trim().split('\n').at(-1) ?? '').split(' ').map(Number);
  const finite = (value: number | undefined): value is number =>
    value !== undefined && Number.isFinite(value);
  return {
    peakRssBytes: finite(kib) ? kib * 1024 : undefined,
    cpuMs: finite(user) && finite(system) ? (user + system) * 1000 : undefined,
  };
}
