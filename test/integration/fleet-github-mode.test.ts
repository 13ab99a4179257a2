import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { privateKeyMaskParts } from '../../src/github/app-credentials.ts';
import { KEYS } from '../emulator/helpers.ts';
import { GitHubAppStub, STUB_APP_ID, appKeyPair } from '../support/github-app-stub.ts';
import { runMainAgainst, startFastE2e, type InProcessRun } from '../support/in-process-action.ts';

/**
 * The action's fleet mode with a GitHub App (`github-app-id`, `github-app-private-key`): the key masked line by
 * line before anything else, the App put to GitHub before the service is asked anything, and the key and the
 * JWTs in nothing the step writes.
 */

const appKey = appKeyPair();
const otherKey = appKeyPair();
let emulator: Emulator;
let github: GitHubAppStub;
beforeAll(async () => {
  [emulator, github] = await Promise.all([startFastE2e(), new GitHubAppStub(appKey.publicKey).start()]);
});
afterAll(async () => {
  await Promise.all([emulator.close(), github.close()]);
});

async function fleet(inputs: Record<string, string>): Promise<InProcessRun & { runnerTemp: string }> {
  github.calls.length = 0;
  github.credentials.length = 0;
  const runnerTemp = mkdtempSync(join(tmpdir(), 'svc-fleet-app-'));
  const run = await runMainAgainst(
    emulator,
    { 'api-key': KEYS.member, repositories: 'acme/clean-service, acme/vulnerable-app', ...inputs },
    {
      env: { RUNNER_TEMP: runnerTemp, GITHUB_EVENT_NAME: 'schedule', GITHUB_API_URL: github.url },
    },
  );
  return { ...run, runnerTemp };
}

describe('fleet mode with a GitHub App', () => {
  it('masks the key line by line, asks GitHub before the service, and writes the key and the JWTs nowhere', async () => {
    const scansBefore = emulator.stats().scans_created;
    const run = await fleet({ 'github-app-id': STUB_APP_ID, 'github-app-private-key': appKey.pkcs1 });
    const parts = privateKeyMaskParts(appKey.pkcs1);
    expect(run.toolkit.secrets).toEqual(expect.arrayContaining(parts));
    // GitHub first: the App checked before the service is asked anything, then each repository's head.
    expect(github.calls[0]).toBe('GET /app');
    expect(github.calls).toContain('GET /repos/acme/vulnerable-app/git/ref/heads%2Fmain');
    expect(run.toolkit.log.join('\n')).toContain(`GitHub: the GitHub App svc-night, at ${github.url}.`);
    expect(emulator.stats().scans_created - scansBefore).toBe(2);
    const rollUp = readFileSync(run.toolkit.outputs['fleet-report'] ?? '', 'utf8');
    const ledger = readFileSync(join(run.runnerTemp, 'svc-fleet-ledger.jsonl'), 'utf8');
    const written = [run.toolkit.everythingWritten(), rollUp, ledger].join('\n');
    expect(written).toContain('acme/vulnerable-app');
    const secrets = [...parts, ...github.credentials.filter((credential) => credential !== '')];
    expect(secrets.filter((secret) => written.includes(secret))).toEqual([]);
  });

  it('masks every line of the key at once, before it reads anything else', async () => {
    const run = await runMainAgainst(
      emulator,
      {
        'api-key': KEYS.member,
        repositories: 'all',
        'github-app-id': 'x',
        'github-app-private-key': appKey.pkcs8,
      },
      { env: { GITHUB_API_URL: github.url } },
    );
    const parts = privateKeyMaskParts(appKey.pkcs8);
    // The api-key is masked first; the key's parts come right after it, every one.
    expect(run.toolkit.secrets.slice(1, 1 + parts.length)).toEqual(parts);
    expect(run.toolkit.failed).toMatch(/input 'github-app-id': The GitHub App id is not an App's id/);
  });

  it.each([
    [
      'a key GitHub refuses',
      { 'github-app-id': STUB_APP_ID, 'github-app-private-key': otherKey.pkcs1 },
      /input 'github-app-id' and input 'github-app-private-key': GitHub refused the GitHub App's credentials \(401/,
      ['GET /app'],
    ],
    [
      'a key that does not parse',
      { 'github-app-id': STUB_APP_ID, 'github-app-private-key': 'not a key' },
      /input 'github-app-private-key': The GitHub App's private key does not parse/,
      [],
    ],
    [
      'an App id without its key',
      { 'github-app-id': STUB_APP_ID },
      /Input 'github-app-private-key' is invalid: got ''; expected the App's private key \(from a secret\), since input 'github-app-id' is set/,
      [],
    ],
    [
      'repository-policy on without an App',
      { 'repository-policy': 'on' },
      /Input 'repository-policy' is invalid: got 'on'; expected off or empty unless input 'github-app-id' is set/,
      [],
    ],
  ])('fails the step on %s, naming the inputs, before any scan', async (_name, inputs, message, calls) => {
    const scansBefore = emulator.stats().scans_created;
    const run = await fleet(inputs);
    expect(run.toolkit.failed).toMatch(message);
    expect(github.calls).toEqual(calls);
    expect(emulator.stats().scans_created).toBe(scansBefore);
    expect(run.toolkit.outputs['fleet-report']).toBeUndefined();
  });
});
