import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import type { Emulator } from '../emulator/index.ts';
import { BENCH_FULL_NAME } from '../emulator/index.ts';
import { launchAction } from './action-process.ts';
import { weighBundle } from './bundle-weight.ts';
import type { RequestLog } from './request-log.ts';
import type { ColdStart } from './results.ts';

/**
 * Cold start: from spawning `node dist/index.js` (nothing in between, as the runner does) to its first request
 * arriving at the emulator. The child is killed as soon as that request has been answered.
 */

export interface ColdStartInput {
  emulator: Emulator;
  log: RequestLog;
  entry: string;
  samples: number;
  timeoutMs: number;
}

export async function measureColdStart(input: ColdStartInput): Promise<ColdStart> {
  const samplesMs: number[] = [];
  for (let i = 0; i < input.samples; i++) {
    input.log.clear();
    const firstRequest = input.log.nextRequest();
    const running = await launchAction({
      entry: input.entry,
      inputs: {
        repository: BENCH_FULL_NAME,
        'api-url': input.emulator.baseUrl,
        'api-key': input.emulator.apiKey,
        'fail-on': 'none',
      },
      repository: BENCH_FULL_NAME,
      measureRss: false,
      timeoutMs: input.timeoutMs,
    });
    const exited = running.finished.then(() => undefined);
    const first = await Promise.race([firstRequest, exited]);
    // Killed once that request is answered, so that the emulator never sees a request cut short.
    await Promise.race([input.log.idle(), exited]);
    running.kill();
    const exit = await running.finished;
    if (first === undefined) {
      throw new Error(`The action exited (code ${exit.exitCode}) without sending a request:\n${exit.stderr}`);
    }
    samplesMs.push(first - running.spawnedAt);
  }
  const [info, content, bundle] = await Promise.all([
    stat(input.entry),
    readFile(input.entry),
    weighBundle(input.entry),
  ]);
  return {
    ...(bundle ? { bundle } : {}),
    samplesMs,
    distBytes: info.size,
    entry: input.entry,
    distSha256: createHash('sha256').update(content).digest('hex').slice(0, 12),
    distModified: info.mtime.toISOString(),
  };
}
