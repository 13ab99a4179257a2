import { afterAll, beforeAll, beforeEach } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction, type ActionRunOptions, type ActionRunResult } from '../../scripts/action-runner.ts';

export { KEYS } from '../emulator/helpers.ts';

/**
 * One emulator per test file, reset to the e2e scenario before each test. Service time runs at the default
 * scale (a 10 s scan takes about 110 ms), so the bundled action polls it as it would a real service.
 */
export function useEmulator(): { readonly current: Emulator } {
  const holder: { current: Emulator | undefined } = { current: undefined };
  beforeAll(async () => {
    holder.current = await startEmulator({ scenario: 'e2e', log: () => undefined });
  });
  afterAll(async () => {
    await holder.current?.stop();
  });
  beforeEach(async () => {
    const emulator = holder.current!;
    await emulator.loadScenario('e2e');
    emulator.clearFaults();
    emulator.resetStats();
  });
  return {
    get current() {
      return holder.current!;
    },
  };
}

/** Runs dist/index.js against the emulator with fast polling; inputs given here win. */
export function runAgainst(
  emulator: Emulator,
  inputs: Record<string, string>,
  options: Omit<ActionRunOptions, 'inputs'> = {},
): Promise<ActionRunResult> {
  return runAction({
    repository: 'acme/vulnerable-app',
    ...options,
    inputs: { 'api-url': emulator.baseUrl, 'poll-interval': '0.1', 'wait-timeout': '30', ...inputs },
  });
}

/** Every place a secret could leak to: the log, stderr, the summary and the outputs. */
export function everythingWritten(result: ActionRunResult): string {
  const withoutMaskCommands = result.stdout
    .split('\n')
    .filter((line) => !line.startsWith('::add-mask::'))
    .join('\n');
  return [
    withoutMaskCommands,
    result.stderr,
    result.summary,
    JSON.stringify(result.outputs),
    result.post?.stdout ?? '',
  ].join('\n');
}

/** The `::error::` line of setFailed: the message the step fails with. */
export function failureMessage(result: ActionRunResult): string {
  const failures = result.annotations.filter((a) => a.level === 'error' && a.properties.file === undefined);
  return failures.map((a) => a.message).join('\n');
}
