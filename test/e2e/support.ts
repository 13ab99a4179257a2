import { afterEach, beforeEach } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { runAction, type ActionRunOptions, type ActionRunResult } from '../../scripts/action-runner.ts';

import { KEYS } from '../emulator/helpers.ts';

export { KEYS };

/**
 * A fresh emulator for each test, so no test sees another's scans, faults or stats, in any order. Service time
 * runs at the default scale (a 10 s scan takes about 110 ms), so the bundled action polls it as it would a
 * real service.
 */
export function useEmulator(): { readonly current: Emulator } {
  const holder: { current: Emulator | undefined } = { current: undefined };
  beforeEach(async () => {
    holder.current = await startEmulator({ scenario: 'e2e', log: () => undefined });
  });
  afterEach(async () => {
    await holder.current?.close();
    holder.current = undefined;
  });
  return {
    get current() {
      if (!holder.current) throw new Error('the emulator runs only during a test');
      return holder.current;
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

/** A run that gives up at wait-timeout on a scan that never ends, leaving it running; the post step runs after. */
export function runLeavingScanRunning(
  emulator: Emulator,
  options: Omit<ActionRunOptions, 'inputs' | 'runPost'> = {},
): Promise<ActionRunResult> {
  return runAgainst(
    emulator,
    {
      'api-key': KEYS.member,
      repository: 'acme/endless-monorepo',
      'wait-timeout': '1',
      'poll-interval': '0.2',
    },
    { ...options, runPost: true },
  );
}

/**
 * The action uploading to code scanning from an event that is no pull request (a push, a merge group), with the
 * gate off: what code scanning files under `ref`.
 */
export function runUploadingOn(
  emulator: Emulator,
  github: { url: string; token: string },
  run: Pick<ActionRunOptions, 'repository' | 'sha' | 'event' | 'workspace'> & { ref: string },
): Promise<ActionRunResult> {
  const { ref, ...options } = run;
  return runAgainst(
    emulator,
    {
      'api-key': KEYS.member,
      'github-token': github.token,
      repository: options.repository ?? 'acme/vulnerable-app',
      'upload-sarif': 'true',
      'fail-on': 'none',
    },
    { ...options, env: { GITHUB_API_URL: github.url, GITHUB_REF: ref } },
  );
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
