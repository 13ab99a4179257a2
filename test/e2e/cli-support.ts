import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { NODE_BINARY, PROJECT_ROOT } from '../../scripts/action-runner.ts';

/** The bundled svc, run as a user runs it: `node dist/cli.js`. */
const CLI_ENTRY = join(PROJECT_ROOT, 'dist', 'cli.js');

export interface SvcResult {
  exitCode: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

export interface SvcOptions {
  /** HOME of the process: where ~/.svc/config.toml is. */
  home: string;
  env?: Record<string, string>;
  stdin?: string;
  /** Sends this signal once stderr matches `signalWhen`. */
  signal?: NodeJS.Signals;
  signalWhen?: RegExp;
  /** Closes the read end of stdout at once, as `svc … | head -1` does once head has its line. */
  closeStdout?: boolean;
}

/** A fresh HOME, so each test starts without a config file. */
export function temporaryHome(): string {
  return mkdtempSync(join(tmpdir(), 'svc-home-'));
}

/** Runs svc with only PATH and HOME from outside: no SVC_* variable of the machine leaks in. */
export function runSvc(args: readonly string[], options: SvcOptions): Promise<SvcResult> {
  const env = { PATH: process.env.PATH ?? '', HOME: options.home, ...options.env };
  return new Promise((resolve, reject) => {
    const child = spawn(NODE_BINARY, [CLI_ENTRY, ...args], { env, stdio: ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let signalled = false;
    if (options.closeStdout) child.stdout.destroy();
    else child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => {
      stderr += chunk;
      if (options.signal && !signalled && options.signalWhen?.test(stderr)) {
        signalled = true;
        child.kill(options.signal);
      }
    });
    child.on('error', reject);
    child.on('close', (exitCode, signal) => {
      resolve({ exitCode, signal, stdout, stderr });
    });
    child.stdin.end(options.stdin ?? '');
  });
}

/** PATH without the project's node_modules/.bin that npm and vitest put first: the machine's own (Node 20 here). */
export const MACHINE_PATH = (process.env.PATH ?? '')
  .split(':')
  .filter((entry) => entry !== '' && !entry.includes('node_modules'))
  .join(':');

export interface ProcessResult {
  exitCode: number | null;
  stdout: string;
  stderr: string;
}

/** Runs a program to its end with only the environment given, and collects its output. */
export function runProcess(
  command: string,
  args: readonly string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<ProcessResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, env });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (exitCode) => {
      resolve({ exitCode, stdout, stderr });
    });
  });
}
