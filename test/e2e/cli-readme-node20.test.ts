import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { PROJECT_ROOT } from '../../scripts/action-runner.ts';
import { MACHINE_PATH, runProcess, temporaryHome, type ProcessResult } from './cli-support.ts';

/**
 * The commands of docs/running-locally.md for a machine whose own Node is older than the project's (Node 20), run
 * as written: through /bin/sh (dash on Debian and Ubuntu), with the machine's first `node` on PATH and no
 * node_modules/.bin before it. Needs dist/ built (npm run build). The install of a bare svc is
 * svc-install-readme.test.ts's.
 */
const runningLocally = readFileSync(join(PROJECT_ROOT, 'docs', 'running-locally.md'), 'utf8');

const MACHINE_NODE = execFileSync('/bin/sh', ['-c', 'which -a node | head -1'], {
  env: { PATH: MACHINE_PATH },
  encoding: 'utf8',
}).trim();

/** The command lines of the sh block of `markdown` that holds `marker`, comments and `npm ci &&` left out. */
function commandsOf(markdown: string, marker: string): string[] {
  const block = Array.from(markdown.matchAll(/^```sh\n([\s\S]*?)^```$/gm), (m) => m[1] ?? '').find((text) =>
    text.includes(marker),
  );
  return (block ?? '')
    .split('\n')
    .filter((line) => line.trim() !== '' && !line.startsWith('#'))
    .map((line) => line.replace(/^npm ci && /, ''));
}

let emulator: Emulator;
beforeAll(async () => {
  emulator = await startEmulator({ scenario: 'demo', log: () => undefined });
});
afterAll(async () => {
  await emulator.close();
});

function sh(line: string): Promise<ProcessResult> {
  return runProcess('/bin/sh', ['-c', line], PROJECT_ROOT, {
    PATH: MACHINE_PATH,
    HOME: temporaryHome(),
    SVC_API_KEY: emulator.apiKey,
    SVC_API_URL: emulator.baseUrl,
  });
}

describe("the documented commands on the machine's own Node", () => {
  const tryIt = commandsOf(runningLocally, 'node_modules/.bin/node dist/index.js');

  it('run with a node that is not the project’s, at least Node 20', () => {
    expect(dirname(MACHINE_NODE)).not.toContain('node_modules');
    const version = execFileSync(MACHINE_NODE, ['--version'], { encoding: 'utf8' });
    expect(Number(/^v(\d+)/.exec(version)?.[1])).toBeGreaterThanOrEqual(20);
    expect(tryIt).toHaveLength(3);
  });

  /**
   * The key only as the input: SVC_API_KEY, which the action would fall back to, is kept in a shell variable and
   * taken out of the environment.
   */
  const keyOnlyAsInput = (line: string): string =>
    `KEY="$SVC_API_KEY"; unset SVC_API_KEY; ${line.replaceAll('$SVC_API_KEY', '$KEY')}`;

  it('the bundled action gets its hyphenated inputs through env and runs to the gate', async () => {
    expect(tryIt[0]).toContain('"INPUT_API-KEY=$SVC_API_KEY"');
    const result = await sh(keyOnlyAsInput(tryIt[0]!));
    expect(result.stdout).not.toContain('No API key found');
    expect(result.stdout).toMatch(/^::error::\d+ findings are high or above \(fail-on: high\)/m);
    expect(result.exitCode).toBe(1);
  });

  it.each([1, 2])('svc runs on the project’s Node 24 without EBADENGINE (line %i)', async (index) => {
    const result = await sh(tryIt[index]!);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(result.stdout).toContain('role: member');
    expect(result.stderr).toBe('');
  });

  it('the old advice, npm exec through sh, loses the hyphenated inputs', async () => {
    const old = tryIt[0]!.replace('node_modules/.bin/node dist/index.js', 'npm exec -- node dist/index.js');
    const result = await sh(keyOnlyAsInput(old));
    expect(result.stdout).toContain('No API key found');
  });
});
