/**
 * The demo's last act: the organization's night in GitHub App mode. A GitHub App (its key made here, never
 * written to disk) is installed on octo-org in a GitHub emulator of its own, whose three repositories each hold
 * their own `.github/svc-scan.yml` at their default branch's head; the bundled svc (`dist/cli.js`) scans them with
 * `svc fleet scan --github-app-id … --upload-sarif`, the key in SVC_GITHUB_APP_PRIVATE_KEY, as a nightly job
 * would; then the roll-up and each repository's Security tab are printed.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { startGitHubEmulator, USER_TOKEN, type GitHubEmulator } from '../github-emulator/index.ts';
import type { GitHubSeed } from '../github-emulator/seed.ts';
import { NODE_BINARY, PROJECT_ROOT } from './action-runner.ts';

const APP_ID = 101;

/** The demo organization's repositories (emulator/scenarios/demo.json), each with the policy its team keeps. */
const NIGHT_REPOSITORIES = [
  {
    name: 'octo-org/webapp',
    branch: 'main',
    head: '5e1f0c3a9b7d2e4f6a8c0b1d3e5f7a9c2b4d6e80',
    policy: '# The team asked to never fail; the fleet holds it to its floor.\nversion: 1\nfail-on: none\n',
  },
  {
    name: 'octo-org/infrastructure',
    branch: 'trunk',
    head: '7c2a4e6b8d0f1a3c5e7b9d2f4a6c8e0b1d3f5a72',
    policy: [
      'version: 1',
      'ignore:',
      '  - title: Security group allows SSH from 0.0.0.0/0',
      '    reason: the bastion host; access is by short-lived certificates',
      "    expires: '2099-12-31'",
      '',
    ].join('\n'),
  },
  { name: 'octo-org/api-gateway', branch: 'main', head: '9d4b6f8a0c2e3b5d7f9a1c3e5b7d9f0a2c4e6b81' },
] as const;

function nightSeed(publicKey: string): GitHubSeed {
  return {
    repositories: NIGHT_REPOSITORIES.map((repository) => ({
      full_name: repository.name,
      default_branch: repository.branch,
      branches: { [repository.branch]: repository.head },
      files: {
        [repository.head]: {
          'README.md': `# ${repository.name}\n`,
          ...('policy' in repository ? { '.github/svc-scan.yml': repository.policy } : {}),
        },
      },
    })),
    apps: [
      {
        id: APP_ID,
        slug: 'svc-scan-fleet',
        public_key: publicKey,
        installations: [
          {
            id: 501,
            account: 'octo-org',
            permissions: { contents: 'read', metadata: 'read', security_events: 'write' },
            repositories: 'all',
          },
        ],
      },
    ],
  };
}

interface Alert {
  most_recent_instance: { commit_sha: string; category: string };
}

export async function fleetNight(
  service: { baseUrl: string; apiKey: string },
  say: (line: string) => void,
): Promise<void> {
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKey = key.publicKey.export({ type: 'spki', format: 'pem' }).toString();
  const github = await startGitHubEmulator({ seed: nightSeed(publicKey), log: () => undefined });
  // Processing ends at the first status poll: the night's 10-second processing polls are not the demo's point.
  github.setCodeScanning({ pendingPolls: 0 });
  try {
    const folder = mkdtempSync(join(tmpdir(), 'svc-demo-night-'));
    const args = ['fleet', 'scan', '--github-app-id', String(APP_ID), '--upload-sarif', '--fail-on', 'high'];
    const files = ['--output', join(folder, 'roll-up.json'), '--summary', join(folder, 'roll-up.md')];
    say(`A GitHub App (id ${APP_ID}) installed on octo-org, in GitHub's API emulated at ${github.url}.`);
    say(`Running: svc ${args.join(' ')} --poll-interval 0.1 --progress-interval 0`);
    say('  with SVC_GITHUB_APP_PRIVATE_KEY=*** (the PEM), GITHUB_API_URL, SVC_API_URL and SVC_API_KEY=***\n');
    const run = await svc([...args, '--poll-interval', '0.1', '--progress-interval', '0', ...files], {
      SVC_API_URL: service.baseUrl,
      SVC_API_KEY: service.apiKey,
      GITHUB_API_URL: github.url,
      SVC_GITHUB_APP_PRIVATE_KEY: key.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
      HOME: folder,
    });
    say(run.stdout.trim());
    say(`(svc exited ${run.exitCode}: a repository failed its gate)\n`);
    say(readFileSync(join(folder, 'roll-up.md'), 'utf8').trim());
    say(`\nEach repository's Security tab (code scanning alerts of its default branch):`);
    for (const repository of NIGHT_REPOSITORIES) say(await securityTab(github, repository));
  } finally {
    await github.close();
  }
}

/** svc as a user runs it, with only the environment given (and PATH): its exit code and output. */
async function svc(args: string[], env: Record<string, string>) {
  try {
    const { stdout } = await promisify(execFile)(
      NODE_BINARY,
      [join(PROJECT_ROOT, 'dist', 'cli.js'), ...args],
      {
        env: { PATH: process.env.PATH ?? '', ...env },
      },
    );
    return { exitCode: 0, stdout };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    if (failed.code !== 1)
      throw new Error(`svc fleet scan exited ${failed.code}: ${failed.stderr ?? ''}`, { cause: error });
    return { exitCode: 1, stdout: failed.stdout ?? '' };
  }
}

async function securityTab(
  github: GitHubEmulator,
  repository: (typeof NIGHT_REPOSITORIES)[number],
): Promise<string> {
  const path = `/repos/${repository.name}/code-scanning/alerts?ref=refs/heads/${repository.branch}&per_page=100`;
  const response = await fetch(`${github.url}${path}`, {
    headers: { authorization: `Bearer ${USER_TOKEN}` },
  });
  if (!response.ok) throw new Error(`GET ${path} answered ${response.status}`);
  const alerts = (await response.json()) as Alert[];
  const [first] = alerts;
  if (first === undefined)
    return `  ${repository.name.padEnd(26)}no open alerts on refs/heads/${repository.branch}`;
  const { commit_sha: commit, category } = first.most_recent_instance;
  return `  ${repository.name.padEnd(26)}${String(alerts.length).padStart(3)} open alerts on refs/heads/${repository.branch} at ${commit.slice(0, 7)}, category ${category}`;
}
