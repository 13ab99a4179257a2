import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { EXIT } from '../../src/cli/exit-codes.ts';
import { shardOf } from '../../src/fleet/shard.ts';
import { privateKeyMaskParts } from '../../src/github/app-credentials.ts';
import { KEYS } from '../emulator/helpers.ts';
import { GitHubAppStub, STUB_APP_ID, STUB_TOKEN, appKeyPair } from '../support/github-app-stub.ts';
import { startFastE2e } from '../support/in-process-action.ts';
import { closeServer, localServer, runInProcess } from './support.ts';

/**
 * `svc fleet scan` and `merge --verify` with GitHub credentials: read from flags or variables, checked (the key's
 * file, the key, the id) and put to GitHub (`GET /app`, `GET /rate_limit`) before the service is asked anything;
 * the key, the JWTs and the token reach no output, log, roll-up or ledger.
 */

const appKey = appKeyPair();
const otherKey = appKeyPair();
let github: GitHubAppStub;
let service: Server;
let serviceUrl = '';
let serviceRequests: string[] = [];

beforeAll(async () => {
  github = await new GitHubAppStub(appKey.publicKey).start();
  ({ server: service, origin: serviceUrl } = await localServer((request, response) => {
    serviceRequests.push(`${request.method ?? ''} ${request.url ?? ''}`);
    const items = [{ id: 'repo_1', full_name: 'acme/web', default_branch: 'main' }];
    response
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ items, total: 1, limit: 100, offset: 0 }));
  }));
});
afterAll(async () => {
  await github.close();
  await closeServer(service);
});

const folder = (): string => mkdtempSync(join(tmpdir(), 'svc-fleet-github-'));

function keyFile(pem: string): string {
  const path = join(folder(), 'app.pem');
  writeFileSync(path, pem);
  return path;
}

/** svc against the listing-only service and the GitHub stub, on a real clock. */
async function svc(args: string[], env: Record<string, string> = {}) {
  github.calls.length = 0;
  serviceRequests = [];
  const result = await runInProcess(args, {
    env: {
      SVC_API_URL: `${serviceUrl}/api/v1`,
      SVC_API_KEY: 'svc_sk_unit_fleet_0001',
      GITHUB_API_URL: github.url,
      ...env,
    },
    now: Date.now,
  });
  return { ...result, githubCalls: [...github.calls], serviceRequests: [...serviceRequests] };
}

/** A shard of `--repositories acme/web` that holds no repository: only the listing reaches the service. */
const EMPTY_SHARD = [
  'fleet',
  'scan',
  '--repositories',
  'acme/web,acme/none',
  '--shard',
  `${3 - shardOf('acme/web', 2)}/2`,
];

describe('svc fleet scan with a GitHub App', () => {
  it.each([
    [
      'a PKCS#1 key file',
      (): Record<string, string> => ({ SVC_GITHUB_APP_PRIVATE_KEY_FILE: keyFile(appKey.pkcs1) }),
    ],
    [
      'a PKCS#8 key in SVC_GITHUB_APP_PRIVATE_KEY',
      (): Record<string, string> => ({ SVC_GITHUB_APP_PRIVATE_KEY: appKey.pkcs8 }),
    ],
  ])('takes %s, asks GitHub before the service, and names the App', async (_name, keyEnv) => {
    const result = await svc(EMPTY_SHARD, { SVC_GITHUB_APP_ID: STUB_APP_ID, ...keyEnv() });
    expect(result.exitCode, result.stderr).toBe(EXIT.ok);
    expect(result.githubCalls).toEqual(['GET /app']);
    expect(result.serviceRequests).toHaveLength(1);
    expect(result.stderr).toContain(`GitHub: the GitHub App svc-night, at ${github.url}.`);
  });

  it.each([
    [
      'a key file that cannot be read',
      (): string[] => [
        '--github-app-id',
        STUB_APP_ID,
        '--github-app-private-key-file',
        join(folder(), 'absent.pem'),
      ],
      {},
      /--github-app-private-key-file .*absent\.pem cannot be read/,
    ],
    [
      'a key that does not parse',
      (): string[] => ['--github-app-id', STUB_APP_ID],
      {
        SVC_GITHUB_APP_PRIVATE_KEY:
          '-----BEGIN RSA PRIVATE KEY-----\nnot-a-key-line\n-----END RSA PRIVATE KEY-----',
      },
      /svc: SVC_GITHUB_APP_PRIVATE_KEY: The GitHub App's private key does not parse/,
    ],
    [
      'an App id that is no id',
      (): string[] => ['--github-app-id', 'my-app', '--github-app-private-key-file', keyFile(appKey.pkcs1)],
      {},
      /--github-app-id: The GitHub App id is not an App's id/,
    ],
  ])('exits 3 on %s, naming it, having sent nothing', async (_name, flags, env, message) => {
    const result = await svc([...EMPTY_SHARD, ...flags()], env);
    expect(result.exitCode, result.stderr).toBe(EXIT.config);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toContain('not-a-key-line');
    expect(result.githubCalls).toEqual([]);
    expect(result.serviceRequests).toEqual([]);
  });

  it('exits 3 when GitHub refuses the key, before the service is asked anything', async () => {
    const result = await svc([...EMPTY_SHARD, '--github-app-id', STUB_APP_ID], {
      SVC_GITHUB_APP_PRIVATE_KEY_FILE: keyFile(otherKey.pkcs1),
    });
    expect(result.exitCode, result.stderr).toBe(EXIT.config);
    expect(result.stderr).toMatch(
      /--github-app-id and SVC_GITHUB_APP_PRIVATE_KEY_FILE: GitHub refused the GitHub App's credentials \(401 on GET \/app/,
    );
    expect(result.githubCalls).toEqual(['GET /app']);
    expect(result.serviceRequests).toEqual([]);
  });

  it.each([
    [
      'an App and a token',
      ['--github-app-id', STUB_APP_ID, '--github-token', STUB_TOKEN],
      { SVC_GITHUB_APP_PRIVATE_KEY: appKey.pkcs1 },
      '--github-app-id and --github-token are both given',
    ],
    [
      'an App and a token in variables',
      [],
      { SVC_GITHUB_APP_ID: STUB_APP_ID, SVC_GITHUB_TOKEN: STUB_TOKEN },
      'SVC_GITHUB_APP_ID and SVC_GITHUB_TOKEN are both given',
    ],
    [
      'an App id without a key',
      ['--github-app-id', STUB_APP_ID],
      {},
      "--github-app-id needs the App's private key",
    ],
    [
      'a key without an App id',
      [],
      { SVC_GITHUB_APP_PRIVATE_KEY: appKey.pkcs1 },
      'SVC_GITHUB_APP_PRIVATE_KEY is the private key of a GitHub App: give its id too',
    ],
    [
      'the key in two variables',
      ['--github-app-id', STUB_APP_ID],
      { SVC_GITHUB_APP_PRIVATE_KEY: appKey.pkcs1, SVC_GITHUB_APP_PRIVATE_KEY_FILE: '/k.pem' },
      'SVC_GITHUB_APP_PRIVATE_KEY_FILE and SVC_GITHUB_APP_PRIVATE_KEY are both set',
    ],
    [
      'repository policies without credentials',
      ['--repository-policy', 'on'],
      {},
      "--repository-policy on reads each repository's policy from GitHub",
    ],
  ])('%s is a usage error naming both, nothing sent', async (_name, flags, env, message) => {
    const result = await svc([...EMPTY_SHARD, ...flags], env);
    expect(result.exitCode, result.stderr).toBe(EXIT.usage);
    expect(result.stderr).toContain(message);
    expect(result.githubCalls.length + result.serviceRequests.length).toBe(0);
  });
});

describe('svc fleet scan with a GitHub token', () => {
  it('warns when GitHub says the token ends before the fleet deadline, and never prints it', async () => {
    github.tokenExpiration = new Date(Date.now() + 3_600_000)
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC');
    const result = await svc([...EMPTY_SHARD, '--wait-timeout', '19800'], { SVC_GITHUB_TOKEN: STUB_TOKEN });
    github.tokenExpiration = '';
    expect(result.exitCode, result.stderr).toBe(EXIT.ok);
    expect(result.githubCalls).toEqual(['GET /rate_limit']);
    expect(result.stderr).toMatch(/warning: The GitHub token ends at .*, before the fleet's deadline/);
    expect(result.stderr).toContain('GitHub: the GitHub token');
    expect(result.stderr + result.stdout).not.toContain(STUB_TOKEN);
  });

  it('exits 3 when GitHub refuses the token', async () => {
    const result = await svc([...EMPTY_SHARD, '--github-token', 'github_pat_revoked_0000000000'], {});
    expect(result.exitCode, result.stderr).toBe(EXIT.config);
    expect(result.stderr).toContain('--github-token: GitHub refused the GitHub token (401');
    expect(result.stderr).not.toContain('github_pat_revoked_0000000000');
    expect(result.serviceRequests).toEqual([]);
  });
});

describe('svc fleet merge --verify with GitHub credentials', () => {
  it('asks GitHub before the service, and refuses the flags without --verify', async () => {
    const dir = folder();
    const output = join(dir, 'merged.json');
    const scan = await svc([...EMPTY_SHARD, '--output', join(dir, 'shard.json')]);
    expect(scan.exitCode, scan.stderr).toBe(EXIT.ok);
    const merged = await svc(
      [
        'fleet',
        'merge',
        '--allow-missing',
        '--verify',
        '--github-token',
        STUB_TOKEN,
        '--output',
        output,
        join(dir, 'shard.json'),
      ],
      {},
    );
    expect(merged.githubCalls).toEqual(['GET /rate_limit']);
    expect(merged.stderr).toContain('GitHub: the GitHub token');
    const refused = await svc(['fleet', 'merge', '--github-app-id', STUB_APP_ID, join(dir, 'shard.json')]);
    expect(refused.exitCode).toBe(EXIT.usage);
    expect(refused.stderr).toContain('--github-app-id: read only by merge --verify');
    expect(refused.githubCalls).toEqual([]);
  });
});

describe('the App key and the tokens in what svc fleet scan writes', () => {
  let emulator: Emulator;
  beforeAll(async () => {
    emulator = await startFastE2e();
  });
  afterAll(() => emulator.close());

  it('are in no output, log, roll-up, markdown or ledger of a night', async () => {
    const dir = folder();
    const files = ['roll-up.json', 'roll-up.md', 'ledger.jsonl'].map((name) => join(dir, name));
    const [output = '', summary = '', ledger = ''] = files;
    github.credentials.length = 0;
    const result = await svc(
      [
        '--json',
        'fleet',
        'scan',
        '--repositories',
        'acme/clean-service,acme/vulnerable-app',
        '--poll-interval',
        '0.1',
        '--wait-timeout',
        '60',
        '--github-app-id',
        STUB_APP_ID,
        '--github-app-private-key-file',
        keyFile(appKey.pkcs1),
        '--output',
        output,
        '--summary',
        summary,
        '--ledger',
        ledger,
      ],
      { SVC_API_URL: emulator.baseUrl, SVC_API_KEY: KEYS.member },
    );
    expect(result.exitCode, result.stderr).toBe(EXIT.gateFailed);
    const written = [result.stdout, result.stderr, ...files.map((file) => readFileSync(file, 'utf8'))].join(
      '\n',
    );
    expect(written).toContain('acme/vulnerable-app');
    const secrets = [...privateKeyMaskParts(appKey.pkcs1), ...github.credentials.filter((c) => c !== '')];
    expect(secrets.length).toBeGreaterThan(20);
    expect(secrets.filter((secret) => written.includes(secret))).toEqual([]);
  });
});
