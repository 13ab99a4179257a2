import { generateKeyPairSync, sign, type KeyObject } from 'node:crypto';
import type { GitHubEmulator, GitHubSeed } from '../../github-emulator/index.ts';
import { DEFAULT_SEED } from '../../github-emulator/index.ts';
import { api, startGitHub, type ApiResponse } from './helpers.ts';

/**
 * A GitHub App for the tests: a key pair made here (the public key seeded, the private key kept in memory),
 * installed on `octo-org` for `webapp` and `api` (not `docs`), with GitHub's fleet permissions.
 */

export const APP_ID = 101;
export const INSTALLATION_ID = 501;
export const HEAD = 'c0ffee0000000000000000000000000000000001';
export const POLICY = 'version: 1\nfail-on: high\n';

export interface TestApp {
  readonly privateKey: KeyObject;
  readonly publicPem: string;
}

export function makeApp(): TestApp {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return { privateKey, publicPem: publicKey.export({ type: 'spki', format: 'pem' }).toString() };
}

export function appSeed(app: TestApp, installation: Record<string, unknown> = {}): GitHubSeed {
  const webapp = DEFAULT_SEED.repositories[0]!;
  return {
    repositories: [
      {
        ...webapp,
        branches: { main: HEAD },
        files: { [HEAD]: { '.github/svc-scan.yml': POLICY, 'src/app.ts': 'export {};\n' } },
        symlinks: { [HEAD]: { '.github/linked.yml': 'svc-scan.yml', 'outside.yml': '../../etc/passwd' } },
      },
      { full_name: 'octo-org/api' },
      { full_name: 'octo-org/docs' },
      { full_name: 'other-org/tool' },
    ],
    apps: [
      {
        id: APP_ID,
        slug: 'svc-scan-fleet',
        public_key: app.publicPem,
        installations: [
          {
            id: INSTALLATION_ID,
            account: 'octo-org',
            permissions: { contents: 'read', metadata: 'read', security_events: 'write' },
            repositories: ['webapp', 'api'],
            ...installation,
          },
        ],
      },
    ],
  };
}

/** A JWT as @octokit/auth-app makes one: RS256, `iss` the App's id, times in seconds. */
export function jwtFor(key: KeyObject, claims: { iat: number; exp: number; iss?: number | string }): string {
  const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const signed = `${part({ alg: 'RS256', typ: 'JWT' })}.${part({ iss: APP_ID, ...claims })}`;
  return `${signed}.${sign('RSA-SHA256', Buffer.from(signed), key).toString('base64url')}`;
}

/** A JWT valid now on the emulator's clock: issued 30 s ago, for 9 minutes. */
export function freshJwt(github: GitHubEmulator, key: KeyObject): string {
  const now = Math.floor(github.now().getTime() / 1000);
  return jwtFor(key, { iat: now - 30, exp: now + 540 });
}

export async function startWithApp(
  installation: Record<string, unknown> = {},
): Promise<{ github: GitHubEmulator; app: TestApp }> {
  const app = makeApp();
  const github = await startGitHub({ seed: appSeed(app, installation) });
  return { github, app };
}

export async function mintToken(
  github: GitHubEmulator,
  app: TestApp,
  body: Record<string, unknown> = {},
): Promise<ApiResponse> {
  return api(github, 'POST', `/app/installations/${INSTALLATION_ID}/access_tokens`, {
    token: freshJwt(github, app.privateKey),
    body,
  });
}

export async function installationToken(github: GitHubEmulator, app: TestApp): Promise<string> {
  const minted = await mintToken(github, app);
  if (minted.status !== 201) throw new Error(`minting answered ${minted.status}`);
  return minted.body.token as string;
}
