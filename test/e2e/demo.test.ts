import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { NODE_BINARY, PROJECT_ROOT } from '../../scripts/action-runner.ts';

/** `npm run demo`, the first thing a new user runs: it must show what GitHub would show, check run and comment. */
function runDemo(): Promise<{ exitCode: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      NODE_BINARY,
      ['--experimental-strip-types', join(PROJECT_ROOT, 'scripts', 'demo.ts')],
      {
        env: { PATH: process.env.PATH ?? '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (exitCode) => resolve({ exitCode, stdout, stderr }));
  });
}

it('runs the action on the pull request and prints its check run, annotations and comment', async () => {
  const { exitCode, stdout, stderr } = await runDemo();
  expect(stderr).toBe('');
  expect(exitCode).toBe(0);
  expect(stdout).toMatch(/^Check run "svc-scan" on 3f9c2e1: failure$/m);
  expect(stdout).toMatch(/^ {2}Annotations: 21 \(6 failure, 8 warning, 7 notice\)$/m);
  expect(stdout).toMatch(/^ {4}\[failure\] src\/server\/db\/users\.ts:57 CRITICAL: SQL injection/m);
  expect(stdout).toMatch(/^Conversation on octo-org\/webapp#42 \(3 comments\)$/m);
  expect(stdout).toContain('<!-- svc-scan-action:comment:svc-scan -->');
  expect(stdout).toMatch(/── Exit code 1: the step failed/);
  expect(stdout).not.toContain('Could not write');
});
