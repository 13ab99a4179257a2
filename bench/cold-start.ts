import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { readFile, stat } from 'node:fs/promises';
import type { Emulator } from '../emulator/index.ts';
import { BENCH_FULL_NAME } from '../emulator/index.ts';
import { launchAction } from './action-process.ts';
import { weighBundle } from './bundle-weight.ts';
import type { RequestLog } from './request-log.ts';
import type { ColdStart, ColdStartFloor } from './results.ts';

/**
 * Cold start: from spawning `node dist/index.js` (nothing in between, as the runner does) to its first request
 * arriving at the emulator. The child is killed as soon as that request has been answered. Beside it, in the
 * same loop, one sample of each in turn (so that the machine's load falls on all alike): the floor, `node -e 0`
 * to its exit and a one-line `node:http` request to its first byte at the emulator, and the action refusing a
 * bad input (`fail-on: sometimes`) to its exit.
 */

const NODE = fileURLToPath(new URL('../node_modules/.bin/node', import.meta.url));

export interface ColdStartInput {
  emulator: Emulator;
  log: RequestLog;
  entry: string;
  samples: number;
  timeoutMs: number;
}

export async function measureColdStart(input: ColdStartInput): Promise<ColdStart> {
  const samplesMs: number[] = [];
  const floor: ColdStartFloor = { nodeExitMs: [], httpFirstByteMs: [], badInputExitMs: [] };
  for (let i = 0; i < input.samples; i++) {
    floor.nodeExitMs.push(await spawnToExit(NODE, ['-e', '0']));
    floor.httpFirstByteMs.push(await oneRequestFirstByte(input));
    samplesMs.push(await actionFirstRequest(input));
    floor.badInputExitMs.push(await badInputExit(input));
  }
  const [info, content, bundle] = await Promise.all([
    stat(input.entry),
    readFile(input.entry),
    weighBundle(input.entry),
  ]);
  return {
    ...(bundle ? { bundle } : {}),
    samplesMs,
    floor,
    distBytes: info.size,
    entry: input.entry,
    distSha256: createHash('sha256').update(content).digest('hex').slice(0, 12),
    distModified: info.mtime.toISOString(),
  };
}

/** Spawn to the child's exit, in ms. */
async function spawnToExit(command: string, args: readonly string[]): Promise<number> {
  const spawnedAt = performance.now();
  const child = spawn(command, args, { stdio: 'ignore' });
  return new Promise((resolve, reject) => {
    child.once('error', reject);
    child.once('exit', () => {
      resolve(performance.now() - spawnedAt);
    });
  });
}

/** A script that only sends one `node:http` request: spawn to its first byte arriving at the emulator. */
async function oneRequestFirstByte(input: ColdStartInput): Promise<number> {
  input.log.clear();
  const firstRequest = input.log.nextRequest();
  const url = `${input.emulator.baseUrl}/v1/me`;
  const spawnedAt = performance.now();
  const child = spawn(NODE, ['-e', `require('node:http').get(${JSON.stringify(url)}, (r) => r.resume())`], {
    stdio: 'ignore',
  });
  const exited = new Promise<undefined>((resolve) => child.once('exit', () => resolve(undefined)));
  const first = await Promise.race([firstRequest, exited]);
  await exited;
  if (first === undefined) throw new Error('The one-request script exited without sending a request');
  return first - spawnedAt;
}

/** The action on the bench repository, `fail-on` as given; the log is cleared and watched for its first request. */
async function launchWatched(input: ColdStartInput, failOn: string) {
  input.log.clear();
  const firstRequest = input.log.nextRequest();
  const running = await launchAction({
    entry: input.entry,
    inputs: {
      repository: BENCH_FULL_NAME,
      'api-url': input.emulator.baseUrl,
      'api-key': input.emulator.apiKey,
      'fail-on': failOn,
    },
    repository: BENCH_FULL_NAME,
    measureRss: false,
    timeoutMs: input.timeoutMs,
  });
  return { running, firstRequest };
}

/** The action refusing a bad input: spawn to exit; it must fail and send nothing. */
async function badInputExit(input: ColdStartInput): Promise<number> {
  const { running, firstRequest } = await launchWatched(input, 'sometimes');
  const exit = await running.finished;
  const sent = await Promise.race([firstRequest, Promise.resolve(undefined)]);
  if (exit.exitCode === 0 || sent !== undefined)
    throw new Error(
      `A bad input must fail the step and send nothing (exit ${exit.exitCode}):\n${exit.stderr}`,
    );
  return exit.exitedAt - running.spawnedAt;
}

/** The action: spawn to its first request at the emulator; killed once that request is answered. */
async function actionFirstRequest(input: ColdStartInput): Promise<number> {
  const { running, firstRequest } = await launchWatched(input, 'none');
  const exited = running.finished.then(() => undefined);
  const first = await Promise.race([firstRequest, exited]);
  // Killed once that request is answered, so that the emulator never sees a request cut short.
  await Promise.race([input.log.idle(), exited]);
  running.kill();
  const exit = await running.finished;
  if (first === undefined) {
    throw new Error(`The action exited (code ${exit.exitCode}) without sending a request:\n${exit.stderr}`);
  }
  return first - running.spawnedAt;
}
