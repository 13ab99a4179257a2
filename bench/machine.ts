import { execFileSync } from 'node:child_process';
import { availableParallelism, cpus, loadavg, release, totalmem, type } from 'node:os';
import { NODE_BINARY } from '../scripts/action-runner.ts';
import type { Machine } from './results.ts';

/** What the figures were measured on: `nproc`, `free -h`, the CPU model, the Node binary the action runs on. */
export function describeMachine(): Machine {
  return {
    nproc: Number(run('nproc', []) ?? availableParallelism()),
    cpuModel: cpus()[0]?.model.trim() ?? 'unknown',
    memory: run('free', ['-h']) ?? `${(totalmem() / 2 ** 30).toFixed(1)} GiB total`,
    node: run(NODE_BINARY, ['--version']) ?? process.version,
    os: `${type()} ${release()}`,
    loadAverageStart: loadavg(),
    loadAverageEnd: loadavg(),
    date: new Date().toISOString(),
  };
}

function run(command: string, args: string[]): string | undefined {
  try {
    return execFileSync(command, args, { encoding: 'utf8', timeout: 5_000 }).trimEnd();
  } catch {
    return undefined;
  }
}
