import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { Agent } from 'undici';
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startGitHubEmulator, type GitHubEmulator } from '../../github-emulator/index.ts';
import type { GitHubSeed } from '../../github-emulator/seed.ts';
import type { Emulator } from '../../emulator/index.ts';
import type { Sleep } from '../../src/client/index.ts';
import { FleetGitHubError } from '../../src/fleet/fleet-github.ts';
import type { FleetRunOptions } from '../../src/fleet/fleet-options.ts';
import { buildRollUp } from '../../src/fleet/rollup-build.ts';
import { renderRollUpMarkdown } from '../../src/fleet/rollup-markdown.ts';
import { runFleet } from '../../src/fleet/run-fleet.ts';
import type { FleetRollUp, RepositoryOutcome } from '../../src/fleet/rollup.ts';
import { privateKeyMaskParts } from '../../src/github/app-credentials.ts';
import { createFleetGitHub } from '../../src/github/fleet-github-access.ts';
import { blobShaOf } from '../support/fake-fleet-github.ts';
import { expectValidRollUp } from '../support/rollup-schema.ts';
import {
  FLEET_MEMBER_KEY,
  FLEET_OPTIONS,
  fleetEmulatorPerTest,
  type FleetRepository,
} from './fleet-support.ts';
import { SUPPRESSES_THE_HIGH } from './fleet-policy-support.ts';
import { clientFor, collect, memoryLogger } from './support.ts';

/**
 * A night of the fleet in GitHub App mode on both emulators over real HTTP: a GitHub App (its key made here) is
 * installed on an organization whose repositories each hold their own `.github/svc-scan.yml` at their default
 * branch's head. Both emulators, the fleet and the App's JWTs keep one clock, the night's (Date is faked, nothing
 * else): it moves only when the fleet waits, so a night of hours takes seconds and an installation token ends
 * during it as it would on GitHub.
 */

const POLICY_PATH = '.github/svc-scan.yml';
const APP_ID = 7100;
const INSTALLATION_ID = 7101;
const HOUR_S = 3600;
const NIGHT_STARTS = Date.parse('2026-03-02T01:00:00Z');

const appKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_KEY = appKey.privateKey.export({ type: 'pkcs1', format: 'pem' }).toString();
const PUBLIC_KEY = appKey.publicKey.export({ type: 'spki', format: 'pem' }).toString();

const FAIL_ON_NONE = 'version: 1\nfail-on: none\n';
const DOES_NOT_PARSE = 'version: 1\nfail-on: [high\nignore:\n';

interface NightRepository extends FleetRepository {
  name: string;
  policy?: string;
}

/** Each repository's head commit on the GitHub emulator: its index in hex, 40 characters. */
const headOf = (index: number): string => (index + 10).toString(16).repeat(40).slice(0, 40);

function gitHubSeed(repositories: readonly NightRepository[]): GitHubSeed {
  return {
    repositories: repositories.map((repository, index) => ({
      full_name: repository.name,
      default_branch: 'main',
      branches: { main: headOf(index) },
      files: {
        [headOf(index)]: {
          'src/app.ts': 'export const app = 1;\n',
          ...(repository.policy === undefined ? {} : { [POLICY_PATH]: repository.policy }),
        },
      },
    })),
    apps: [
      {
        id: APP_ID,
        slug: 'svc-scan-fleet',
        public_key: PUBLIC_KEY,
        installations: [
          {
            id: INSTALLATION_ID,
            account: 'fleet',
            permissions: { contents: 'read', metadata: 'read', security_events: 'write' },
            repositories: 'all',
          },
        ],
      },
    ],
  };
}

/** The night's clock: Date itself (faked), moved by the fleet's waits, which move the service's time with it. */
function nightClock(service: Emulator): { now: () => number; sleep: Sleep } {
  return {
    now: () => Date.now(),
    sleep: async (ms, signal) => {
      signal?.throwIfAborted();
      vi.setSystemTime(Date.now() + ms);
      service.advanceTime(ms / 1000);
      // A real turn of the event loop, so that requests in flight are answered as the night moves on.
      await new Promise((resolve) => setTimeout(resolve, 1));
    },
  };
}

const dispatcher = new Agent();
afterAll(() => dispatcher.close());
const startService = fleetEmulatorPerTest();
let github: GitHubEmulator | undefined;
beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(NIGHT_STARTS);
});
afterEach(async () => {
  vi.useRealTimers();
  await github?.close();
  github = undefined;
});

/** Both emulators with the organization, and the night run through the fleet's App access, as `svc fleet scan` runs it. */
async function night(
  repositories: NightRepository[],
  options: Partial<FleetRunOptions> = {},
  prepare: (emulator: GitHubEmulator) => void = () => undefined,
) {
  const service = await startService(repositories);
  github = await startGitHubEmulator({ seed: gitHubSeed(repositories), log: () => undefined });
  prepare(github);
  const clock = nightClock(service);
  const log = memoryLogger();
  const secrets: string[] = [];
  const stop = new AbortController();
  const runOptions: FleetRunOptions = {
    ...FLEET_OPTIONS,
    waitTimeoutSeconds: 4 * HOUR_S,
    ledgerPath: join(mkdtempSync(join(tmpdir(), 'svc-fleet-app-night-')), 'ledger.jsonl'),
    repositoryPolicy: true,
    uploadSarif: true,
    ...options,
  };
  const access = createFleetGitHub<FleetGitHubError>({
    app: { appId: String(APP_ID), privateKey: PRIVATE_KEY },
    apiUrl: github.baseUrl,
    dispatcher,
    signal: stop.signal,
    deadline: clock.now() + runOptions.waitTimeoutSeconds * 1000,
    logger: log,
    userAgent: 'svc-scan-test',
    fleetError: (kind, message, status) => new FleetGitHubError(kind, message, status),
    onSecret: (secret) => secrets.push(secret),
    ...clock,
  });
  expect(await access.verify()).toBe('the GitHub App svc-scan-fleet');
  const client = clientFor(service, FLEET_MEMBER_KEY, clock);
  const listed = await collect(clientFor(service, FLEET_MEMBER_KEY).iterateRepositories());
  const io = { client, log, stopSignal: stop.signal, github: access, ...clock };
  const result = await runFleet(listed, runOptions, io);
  const rollUp = buildRollUp(result, {
    shard: '1/1',
    failOn: runOptions.failOn,
    selected: listed.map((repository) => repository.full_name),
    runId: 'night-1',
    ref: null,
    repositoryPolicy: runOptions.repositoryPolicy ?? true,
  });
  expectValidRollUp(JSON.parse(JSON.stringify(rollUp)));
  return { rollUp, log, secrets, ledger: readFileSync(runOptions.ledgerPath ?? '', 'utf8'), github };
}

function entry(rollUp: FleetRollUp, name: string): RepositoryOutcome {
  const found = rollUp.repositories.find((one) => one.repository === name);
  if (found === undefined) throw new Error(`no entry for ${name}`);
  return found;
}

/** What GitHub was sent and accepted as each repository's SARIF: its ref, commit and category. */
function uploadsAccepted(emulator: GitHubEmulator) {
  return emulator
    .calls()
    .filter((call) => call.operationId === 'code-scanning/upload-sarif' && call.status === 202)
    .map((call) => {
      const body = call.body as { ref: string; commit_sha: string; sarif: string };
      const sarif = JSON.parse(gunzipSync(Buffer.from(body.sarif, 'base64')).toString('utf8')) as {
        runs: { automationDetails?: { id?: string } }[];
      };
      const repository = /^\/repos\/([^/]+\/[^/]+)\//.exec(call.path)?.[1];
      return {
        repository,
        ref: body.ref,
        commitSha: body.commit_sha,
        category: sarif.runs[0]?.automationDetails?.id,
      };
    });
}

/** The organization of the night: one repository's scan outlasts the App's first installation token. */
const ORGANIZATION: NightRepository[] = [
  { name: 'fleet/suppressed', findings: ['high'], policy: SUPPRESSES_THE_HIGH },
  { name: 'fleet/loose', findings: ['high'], policy: FAIL_ON_NONE },
  { name: 'fleet/no-policy', findings: ['high'], durationSeconds: 2 * HOUR_S },
  { name: 'fleet/broken-policy', findings: ['low'], policy: DOES_NOT_PARSE },
];

describe("the fleet's night in GitHub App mode, on both emulators", () => {
  it('judges each repository by its own policy, at its head commit, with its floor', async () => {
    const { rollUp } = await night(ORGANIZATION);
    expect(entry(rollUp, 'fleet/suppressed')).toMatchObject({
      gate: 'passed',
      commit: headOf(0),
      findings: { high: 0 },
      policy: { path: POLICY_PATH, blob_sha: blobShaOf(SUPPRESSES_THE_HIGH), fail_on: 'high', suppressed: 1 },
    });
    expect(entry(rollUp, 'fleet/no-policy')).toMatchObject({
      gate: 'failed',
      commit: headOf(2),
      findings: { high: 1 },
      policy: null,
    });
    expect(entry(rollUp, 'fleet/loose')).toMatchObject({
      gate: 'failed',
      commit: headOf(1),
      policy: { path: POLICY_PATH, blob_sha: blobShaOf(FAIL_ON_NONE), fail_on: 'high' },
    });
    const broken = entry(rollUp, 'fleet/broken-policy');
    expect(broken).toMatchObject({ status: 'not-started', gate: null, scan_id: null, commit: headOf(3) });
    expect(broken.error).toContain(`The policy file ${POLICY_PATH}`);
    expect(broken.error).toContain('line 3');
    expect(rollUp.totals).toMatchObject({ passed: 1, failed: 2, not_judged: 1 });
  });

  it("replaces the installation token that ends mid-night before GitHub refuses it, and uploads each SARIF at its repository's scanned commit", async () => {
    const { rollUp, github: emulator } = await night(ORGANIZATION);
    const [installation] = emulator.installations();
    expect(emulator.now().getTime() - NIGHT_STARTS).toBeGreaterThan(2 * HOUR_S * 1000);
    expect(installation?.tokens_minted).toBe(2);
    const unauthorised = emulator.calls().filter((call) => call.status === 401);
    expect(unauthorised.map((call) => `${call.method} ${call.path}`)).toEqual([]);
    expect(entry(rollUp, 'fleet/no-policy').code_scanning).toMatchObject({ processing_status: 'complete' });
    const judged = ['fleet/suppressed', 'fleet/loose', 'fleet/no-policy'];
    expect(
      uploadsAccepted(emulator).sort((a, b) => String(a.repository).localeCompare(String(b.repository))),
    ).toEqual(
      judged
        .map((name) => ({
          repository: name,
          ref: 'refs/heads/main',
          commitSha: headOf(ORGANIZATION.findIndex((repository) => repository.name === name)),
          category: `svc-scan/${name}/`,
        }))
        .sort((a, b) => a.repository.localeCompare(b.repository)),
    );
    for (const name of judged)
      expect(entry(rollUp, name).code_scanning).toMatchObject({
        sarif_id: expect.any(String) as string,
        processing_status: 'complete',
        error: null,
      });
    expect(entry(rollUp, 'fleet/broken-policy').code_scanning).toMatchObject({
      sarif_id: null,
      processing_status: 'not-uploaded',
    });
  });

  it('waits out the content-creation limit on uploads and drops no repository', async () => {
    const repositories = ORGANIZATION.slice(0, 2).concat([{ name: 'fleet/no-policy', findings: ['high'] }]);
    const {
      rollUp,
      github: emulator,
      log,
    } = await night(repositories, {}, (started) =>
      started.setInstallationLimits(INSTALLATION_ID, { per_minute: 1 }),
    );
    expect(emulator.installations()[0]?.refused_secondary).toBeGreaterThanOrEqual(1);
    expect(
      uploadsAccepted(emulator)
        .map((upload) => upload.repository)
        .sort(),
    ).toEqual(['fleet/loose', 'fleet/no-policy', 'fleet/suppressed']);
    for (const repository of repositories)
      expect(entry(rollUp, repository.name).code_scanning).toMatchObject({ processing_status: 'complete' });
    expect(log.lines.join('\n')).toContain('GitHub asked to slow down');
  });

  it('reports a 403 on upload for each repository, never retried, and the verdicts stand', async () => {
    const repositories: NightRepository[] = [
      { name: 'fleet/suppressed', findings: ['high'], policy: SUPPRESSES_THE_HIGH },
      { name: 'fleet/no-policy', findings: ['high'] },
    ];
    const { rollUp, github: emulator } = await night(repositories, {}, (started) =>
      started.setCodeScanning({ advancedSecurity: false }),
    );
    const posts = emulator.calls().filter((call) => call.operationId === 'code-scanning/upload-sarif');
    expect(posts.map((call) => call.status)).toEqual([403, 403]);
    expect(entry(rollUp, 'fleet/suppressed')).toMatchObject({ gate: 'passed' });
    expect(entry(rollUp, 'fleet/no-policy')).toMatchObject({ gate: 'failed' });
    for (const repository of repositories) {
      const upload = entry(rollUp, repository.name).code_scanning;
      expect(upload).toMatchObject({ sarif_id: null, processing_status: 'not-uploaded' });
      expect(upload?.error).toContain('Advanced Security must be enabled');
    }
  });

  it('writes the private key and every token to no log, roll-up or ledger', async () => {
    const { rollUp, log, secrets, ledger } = await night(ORGANIZATION);
    const written = [JSON.stringify(rollUp), renderRollUpMarkdown(rollUp), log.lines.join('\n'), ledger].join(
      '\n',
    );
    expect(written).toContain('fleet/suppressed');
    expect(secrets.length).toBeGreaterThanOrEqual(2);
    const kept = [...privateKeyMaskParts(PRIVATE_KEY), ...secrets];
    expect(kept.filter((secret) => written.includes(secret))).toEqual([]);
  });
});
