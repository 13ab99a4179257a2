/**
 * Runs the bundled action the way the GitHub runner does: the files action.yml's `runs.main` and `runs.post` name
 * (`dist/index.js`, `dist/post.js`), inputs as `INPUT_<NAME>` variables with `action.yml` defaults applied, the
 * output, state and summary files, the event payload file, then the post step with the state the main step
 * saved. Used by the end-to-end tests, the demo and the benchmarks, so all three exercise exactly what users run.
 */
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseYaml } from 'yaml';

export const PROJECT_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = (
  parseYaml(readFileSync(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as {
    runs: { main: string; post: string };
  }
).runs;
/** The main step's file, and the post step's: each step runs its own, as the runner runs them. */
export const ACTION_ENTRY = join(PROJECT_ROOT, RUNS.main);
const POST_ENTRY = join(PROJECT_ROOT, RUNS.post);
/** The action runs on node24; the project brings that binary as a devDependency. */
export const NODE_BINARY = join(PROJECT_ROOT, 'node_modules', '.bin', 'node');

export interface WorkflowEventFixture {
  name: string;
  payload: unknown;
}

export interface ActionRunOptions {
  inputs?: Record<string, string>;
  event?: WorkflowEventFixture;
  /** Extra environment (for example SVC_API_KEY). The parent's environment is not inherited beyond PATH. */
  env?: Record<string, string>;
  repository?: string;
  sha?: string;
  /**
   * Send this signal once the log matches `signalWhen` (or after `signalAfterMs`): SIGINT or SIGTERM as a
   * cancelled workflow does, SIGKILL as a runner that gives up does.
   */
  signal?: NodeJS.Signals;
  signalWhen?: RegExp;
  signalAfterMs?: number;
  /** Run the post step afterwards, as the runner does. */
  runPost?: boolean;
  /** A safety net: the main step is killed (SIGKILL) after this long. */
  timeoutMs?: number;
  /**
   * Called after the steps, before the work dir is removed: to read files the action wrote there. The work dir
   * is GITHUB_WORKSPACE, as the runner's workspace is.
   */
  inspectWorkDir?: (workDir: string) => Promise<void>;
  /**
   * The workspace as actions/checkout leaves it: checked out at `checkedOutAt` (a `.git/HEAD` naming that commit;
   * by default GITHUB_SHA, null for a job without a checkout), holding `files` (path → text).
   */
  workspace?: { checkedOutAt?: string | null; files?: Record<string, string> };
}

export interface StepResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  durationMs: number;
}

export interface ActionRunResult extends StepResult {
  outputs: Record<string, string>;
  state: Record<string, string>;
  summary: string;
  annotations: Annotation[];
  post?: StepResult;
}

export interface Annotation {
  level: 'error' | 'warning' | 'notice';
  properties: Record<string, string>;
  message: string;
}

interface ActionMetadata {
  inputs?: Record<string, { default?: string }>;
}

export async function loadInputDefaults(): Promise<Record<string, string>> {
  const metadata = parseYaml(await readFile(join(PROJECT_ROOT, 'action.yml'), 'utf8')) as ActionMetadata;
  const defaults: Record<string, string> = {};
  for (const [name, input] of Object.entries(metadata.inputs ?? {})) defaults[name] = input.default ?? '';
  return defaults;
}

/** The runner evaluates `${{ github.* }}` defaults before the action sees them. */
function evaluateDefault(value: string, context: Record<string, string>): string {
  return value.replace(/\$\{\{\s*github\.(\w+)\s*\}\}/g, (_, key: string) => context[key] ?? '');
}

/** The files the runner hands a step: outputs, state, the job summary (all empty) and the event payload. */
export interface RunnerFiles {
  output: string;
  state: string;
  summary: string;
  event: string;
}

export async function createRunnerFiles(workDir: string, eventPayload: unknown): Promise<RunnerFiles> {
  const files = {
    output: join(workDir, 'output'),
    state: join(workDir, 'state'),
    summary: join(workDir, 'summary.md'),
    event: join(workDir, 'event.json'),
  };
  await Promise.all([
    writeFile(files.output, ''),
    writeFile(files.state, ''),
    writeFile(files.summary, ''),
    writeFile(files.event, JSON.stringify(eventPayload)),
  ]);
  return files;
}

export interface RunnerEnvironmentOptions {
  workDir: string;
  files: RunnerFiles;
  repository: string;
  sha: string;
  eventName: string;
  /** Inputs given in the workflow; action.yml's defaults fill in the rest. */
  inputs: Record<string, string>;
  /** Further variables (for example SVC_API_KEY). The parent's environment is not inherited beyond PATH. */
  extra?: Record<string, string>;
}

/** A loopback address where nothing listens: GitHub's reporters fall back at once, and nothing leaves the machine. */
export const NO_GITHUB_API_URL = 'http://127.0.0.1:9';

/** The environment the runner gives a step of this action: GITHUB_* variables and one INPUT_* per input. */
export async function runnerEnvironment(options: RunnerEnvironmentOptions): Promise<Record<string, string>> {
  const { workDir, files, repository, sha } = options;
  const context = { repository, token: 'ghs_fake_token_for_tests', sha };
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? '',
    HOME: workDir,
    RUNNER_TEMP: workDir,
    GITHUB_ACTIONS: 'true',
    CI: 'true',
    GITHUB_WORKSPACE: workDir,
    GITHUB_REPOSITORY: repository,
    GITHUB_SHA: sha,
    GITHUB_EVENT_NAME: options.eventName,
    GITHUB_EVENT_PATH: files.event,
    GITHUB_OUTPUT: files.output,
    GITHUB_STATE: files.state,
    GITHUB_STEP_SUMMARY: files.summary,
    GITHUB_SERVER_URL: 'https://github.com',
    // Nothing leaves the machine: without a GitHub emulator, GitHub's API is a loopback port that refuses.
    GITHUB_API_URL: NO_GITHUB_API_URL,
    ...options.extra,
  };
  const inputs = { ...(await loadInputDefaults()), ...options.inputs };
  for (const [name, value] of Object.entries(inputs)) {
    env[`INPUT_${name.toUpperCase()}`] = evaluateDefault(value, context);
  }
  return env;
}

export async function runAction(options: ActionRunOptions = {}): Promise<ActionRunResult> {
  const workDir = await mkdtemp(join(tmpdir(), 'svc-scan-run-'));
  try {
    const files = await createRunnerFiles(workDir, options.event?.payload ?? {});
    await checkOut(workDir, options.workspace, options.sha ?? 'f'.repeat(40));
    const env = await runnerEnvironment({
      workDir,
      files,
      repository: options.repository ?? 'octo-org/webapp',
      sha: options.sha ?? 'f'.repeat(40),
      eventName: options.event?.name ?? 'push',
      inputs: options.inputs ?? {},
      extra: options.env ?? {},
    });

    const main = await runStep(ACTION_ENTRY, env, options);
    const state = parseKeyValueFile(await readFile(files.state, 'utf8'));
    const result: ActionRunResult = {
      ...main,
      outputs: parseKeyValueFile(await readFile(files.output, 'utf8')),
      state,
      summary: await readFile(files.summary, 'utf8'),
      annotations: parseAnnotations(main.stdout),
    };
    if (options.runPost) {
      const postEnv = { ...env };
      for (const [name, value] of Object.entries(state)) postEnv[`STATE_${name}`] = value;
      result.post = await runStep(POST_ENTRY, postEnv, {});
    }
    await options.inspectWorkDir?.(workDir);
    return result;
  } finally {
    await rm(workDir, { recursive: true, force: true });
  }
}

/** What actions/checkout leaves: the commit in `.git/HEAD` (detached), and the repository's files. */
export async function checkOut(
  workDir: string,
  workspace: ActionRunOptions['workspace'],
  sha: string,
): Promise<void> {
  const commit = workspace?.checkedOutAt === undefined ? sha : workspace.checkedOutAt;
  if (commit !== null) {
    await mkdir(join(workDir, '.git'), { recursive: true });
    await writeFile(join(workDir, '.git', 'HEAD'), `${commit}\n`);
  }
  for (const [path, text] of Object.entries(workspace?.files ?? {})) {
    await mkdir(dirname(join(workDir, path)), { recursive: true });
    await writeFile(join(workDir, path), text);
  }
}

function runStep(entry: string, env: Record<string, string>, options: ActionRunOptions): Promise<StepResult> {
  const started = performance.now();
  return new Promise((resolvePromise, reject) => {
    const child = spawn(NODE_BINARY, [entry], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let signalled = false;
    const sendSignal = (): void => {
      if (signalled || !options.signal) return;
      signalled = true;
      child.kill(options.signal);
    };
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
      stdout += chunk;
      if (options.signalWhen?.test(stdout)) sendSignal();
    });
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
    });
    const signalTimer =
      options.signal && options.signalAfterMs !== undefined
        ? setTimeout(sendSignal, options.signalAfterMs)
        : undefined;
    const killTimer = setTimeout(() => child.kill('SIGKILL'), options.timeoutMs ?? 60_000);
    child.on('error', reject);
    child.on('close', (exitCode, signal) => {
      clearTimeout(signalTimer);
      clearTimeout(killTimer);
      resolvePromise({ exitCode, signal, stdout, stderr, durationMs: performance.now() - started });
    });
  });
}

/** Parses the `name<<DELIMITER ... DELIMITER` format that `@actions/core` writes to GITHUB_OUTPUT and GITHUB_STATE. */
export function parseKeyValueFile(text: string): Record<string, string> {
  const values: Record<string, string> = {};
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] ?? '';
    const heredoc = /^([^=<]+)<<(.+)$/.exec(line);
    if (heredoc) {
      const [, name = '', delimiter] = heredoc;
      const valueLines: string[] = [];
      for (i++; i < lines.length && lines[i] !== delimiter; i++) valueLines.push(lines[i] ?? '');
      values[name] = valueLines.join('\n');
    } else if (line.includes('=')) {
      const at = line.indexOf('=');
      values[line.slice(0, at)] = line.slice(at + 1);
    }
  }
  return values;
}

const unescapeData = (s: string): string =>
  s.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%25/g, '%');
const unescapeProperty = (s: string): string => unescapeData(s).replace(/%3A/g, ':').replace(/%2C/g, ',');

/** Reads annotation workflow commands (`::error file=a,line=3::message`) back out of a step's log. */
export function parseAnnotations(stdout: string): Annotation[] {
  const annotations: Annotation[] = [];
  for (const line of stdout.split('\n')) {
    const match = /^::(error|warning|notice)( [^:]*)?::(.*)$/.exec(line);
    if (!match) continue;
    const properties: Record<string, string> = {};
    for (const pair of (match[2] ?? '').trim().split(',')) {
      if (!pair) continue;
      const at = pair.indexOf('=');
      properties[pair.slice(0, at)] = unescapeProperty(pair.slice(at + 1));
    }
    annotations.push({
      level: match[1] as Annotation['level'],
      properties,
      message: unescapeData(match[3] ?? ''),
    });
  }
  return annotations;
}
