import { generateKeyPairSync } from 'node:crypto';
import { createAppAuth } from '@octokit/auth-app';
import { Octokit } from '@octokit/core';
import { afterEach, describe, expect, it } from 'vitest';
import type { GitHubEmulator } from '../../github-emulator/index.ts';
import { appSeed, INSTALLATION_ID } from './app-helpers.ts';
import { startGitHub } from './helpers.ts';

let github: GitHubEmulator | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

const quiet = {
  debug: () => undefined,
  info: () => undefined,
  warn: () => undefined,
  error: () => undefined,
};

describe('@octokit/auth-app against the emulator', () => {
  it("mints an installation token from the App's key and reads with it, also when GitHub's clock is an hour ahead", async () => {
    const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const pkcs8 = privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
    const app = { privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
    // The emulator's clock runs an hour ahead of this machine's: the library's first JWT is expired there, and
    // it corrects its clock from the answer's `date`, as it does against GitHub.
    github = await startGitHub({ seed: appSeed(app), now: () => new Date(Date.now() + 3_600_000) });
    const octokit = new Octokit({
      baseUrl: github.url,
      log: quiet,
      authStrategy: createAppAuth,
      auth: { appId: 101, privateKey: pkcs8, installationId: INSTALLATION_ID, log: quiet },
    });
    const { data } = await octokit.request('GET /repos/{owner}/{repo}', {
      owner: 'octo-org',
      repo: 'webapp',
    });
    expect(data.default_branch).toBe('main');
    const installation = await octokit.request('GET /repos/{owner}/{repo}/installation', {
      owner: 'octo-org',
      repo: 'webapp',
    });
    expect(installation.data.id).toBe(INSTALLATION_ID);
    expect(github.installations()[0]).toMatchObject({ tokens_minted: 1, requests: 1 });
    const refusedFirst = github.calls().filter((call) => call.status === 401);
    expect(refusedFirst.length).toBeGreaterThan(0);
    expect(JSON.stringify(github.calls())).not.toContain('PRIVATE KEY');
  });
});
