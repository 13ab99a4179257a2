import { execFile } from 'node:child_process';
import type { FleetRunOptions } from '../src/fleet/fleet-options.ts';

/**
 * What the fleet benches' child processes share (bench/fleet-process.ts, bench/fleet-app-process.ts): running one
 * and reading its JSON line, the scaled clock's sleep, and the fleet's options every bench night is run with.
 */

/** Runs `script` in a Node process of its own with `input` as its one argument, and parses its JSON line. */
export function runFleetChild<T>(script: string, input: Record<string, unknown>, what: string): Promise<T> {
  return new Promise((resolve, reject) => {
    execFile(
      process.execPath,
      ['--experimental-strip-types', script, JSON.stringify(input)],
      { timeout: 30 * 60_000, maxBuffer: 1 << 20 },
      (error, out, err) => {
        if (error) reject(new Error(`${what} failed: ${error.message}\n${err}`));
        else resolve(JSON.parse(out) as T);
      },
    );
  });
}

/** A sleep on a clock whose second passes in `scale` real seconds, cut by `signal`. */
export function scaledSleep(scale: number): (ms: number, signal?: AbortSignal) => Promise<void> {
  return (ms, signal) =>
    new Promise((resolve, reject) => {
      const timer = setTimeout(resolve, ms * scale);
      signal?.addEventListener(
        'abort',
        () => {
          clearTimeout(timer);
          reject(signal.reason as Error);
        },
        { once: true },
      );
    });
}

/** The bench night's options: no ref, ledger, progress lines or credit floor; fail-on high, threshold low. */
export function benchFleetOptions(input: {
  concurrency: number;
  pollIntervalSeconds: number;
  waitTimeoutSeconds: number;
}): FleetRunOptions {
  return {
    ref: undefined,
    concurrency: input.concurrency,
    pollIntervalSeconds: input.pollIntervalSeconds,
    waitTimeoutSeconds: input.waitTimeoutSeconds,
    progressIntervalSeconds: 0,
    minCredits: undefined,
    ledgerPath: undefined,
    failOn: 'high',
    severityThreshold: 'low',
    repositoryPolicy: false,
  };
}
