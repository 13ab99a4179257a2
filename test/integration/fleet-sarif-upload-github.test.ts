import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FleetGitHubError } from '../../src/fleet/fleet-github.ts';
import { createFleetGitHub } from '../../src/github/fleet-github-access.ts';
import { FakeClock, recordingLogger } from '../unit/client/support/fake-clock.ts';
import { fleetEmulatorPerTest } from './fleet-support.ts';
import { commitOf, entry, night } from './fleet-policy-support.ts';

/**
 * The night's uploads through the fleet's real GitHub access (its rate gate included) over real HTTP, to a small
 * GitHub on loopback that keeps what it is sent and can answer a secondary rate limit or refuse code scanning.
 */

const TOKEN = 'ghs_fleet_upload_token_0123456789';
const HOUR = 3_600_000;

interface Posted {
  repository: string;
  ref: string;
  commitSha: string;
  category: string | undefined;
}

class CodeScanningGitHub {
  readonly clock = new FakeClock();
  readonly posted: Posted[] = [];
  readonly posts: string[] = [];
  /** The next POSTs answered with a secondary rate limit, asking to retry after this many seconds. */
  secondaryLimits = 0;
  retryAfterSeconds = 1;
  /** Repositories whose code scanning refuses uploads (403). */
  readonly codeScanningOff = new Set<string>();
  readonly server = createServer((request, response) => {
    void this.#answer(request, response);
  });
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  async #answer(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const send = (status: number, body: unknown, headers: Record<string, string> = {}) => {
      response.writeHead(status, { 'content-type': 'application/json', ...headers });
      response.end(JSON.stringify(body));
    };
    if (request.headers.authorization !== `token ${TOKEN}`) return send(401, { message: 'Bad credentials' });
    const path = decodeURIComponent(new URL(request.url ?? '/', this.url).pathname);
    const [, owner = '', repo = '', ...rest] = /^\/repos\/([^/]+)\/([^/]+)(.*)$/.exec(path) ?? [];
    const repository = `${owner}/${repo}`;
    const index = Number(/\d+$/.exec(repo)?.[0] ?? '1') - 1;
    const route = `${request.method ?? ''} ${rest.join('')}`;
    if (route === 'GET ') return send(200, { default_branch: 'main' });
    if (route === 'GET /git/ref/heads/main')
      return send(200, { object: { type: 'commit', sha: commitOf(index) } });
    if (route === 'POST /code-scanning/sarifs') return this.#upload(repository, await bodyOf(request), send);
    if (route.startsWith('GET /code-scanning/sarifs/')) return send(200, { processing_status: 'complete' });
    return send(404, { message: 'Not Found' });
  }

  #upload(
    repository: string,
    body: { ref: string; commit_sha: string; sarif: string },
    send: (status: number, body: unknown, headers?: Record<string, string>) => void,
  ): void {
    this.posts.push(repository);
    if (this.secondaryLimits-- > 0)
      return send(
        403,
        { message: 'You have exceeded a secondary rate limit.' },
        { 'retry-after': String(this.retryAfterSeconds) },
      );
    if (this.codeScanningOff.has(repository))
      return send(403, {
        message: 'Advanced Security must be enabled for this repository to use code scanning.',
      });
    const sarif = JSON.parse(gunzipSync(Buffer.from(body.sarif, 'base64')).toString('utf8')) as {
      runs: { automationDetails?: { id?: string } }[];
    };
    this.posted.push({
      repository,
      ref: body.ref,
      commitSha: body.commit_sha,
      category: sarif.runs[0]?.automationDetails?.id,
    });
    send(202, { id: `upload-${this.posted.length}` });
  }
}

async function bodyOf(request: IncomingMessage): Promise<{ ref: string; commit_sha: string; sarif: string }> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
    ref: string;
    commit_sha: string;
    sarif: string;
  };
}

const github = new CodeScanningGitHub();
const dispatcher = new Agent();
beforeAll(() => github.start());
afterAll(async () => {
  await new Promise((resolve) => github.server.close(resolve));
  await dispatcher.close();
});

const organization = fleetEmulatorPerTest();

function fleetGitHub(deadlineMs = 8 * HOUR) {
  github.posted.length = 0;
  github.posts.length = 0;
  const logger = recordingLogger();
  const access = createFleetGitHub<FleetGitHubError>({
    token: TOKEN,
    apiUrl: github.url,
    serverUrl: 'https://ghes.example',
    dispatcher,
    signal: new AbortController().signal,
    deadline: github.clock.now() + deadlineMs,
    logger,
    userAgent: 'svc-scan-test',
    fleetError: (kind, message, status) => new FleetGitHubError(kind, message, status),
    now: github.clock.now,
    sleep: github.clock.sleep,
  });
  return { access, logger };
}

describe("the night's uploads through the fleet's GitHub rate gate", () => {
  it('waits out a secondary rate limit on uploads and drops no repository', async () => {
    const emulator = await organization([
      { name: 'fleet/repo-1', findings: ['high'] },
      { name: 'fleet/repo-2', findings: ['medium'] },
      { name: 'fleet/repo-3', findings: ['low'] },
    ]);
    const { access, logger } = fleetGitHub();
    github.secondaryLimits = 2;
    const rollUp = await night(emulator, access, { uploadSarif: true });
    expect(github.posted.map((posted) => posted.repository).sort()).toEqual([
      'fleet/repo-1',
      'fleet/repo-2',
      'fleet/repo-3',
    ]);
    expect(github.posts).toHaveLength(5);
    for (const [index, name] of ['fleet/repo-1', 'fleet/repo-2', 'fleet/repo-3'].entries()) {
      expect(github.posted.find((posted) => posted.repository === name)).toEqual({
        repository: name,
        ref: 'refs/heads/main',
        commitSha: commitOf(index),
        category: `svc-scan/${name}/`,
      });
      expect(entry(rollUp, name).code_scanning).toEqual({
        sarif_id: expect.stringMatching(/^upload-\d$/) as string,
        processing_status: 'complete',
        alerts_url: `https://ghes.example/${name}/security/code-scanning`,
        error: null,
      });
    }
    expect(logger.text()).toContain('GitHub asked to slow down');
    expect(logger.text()).not.toContain(TOKEN);
  });

  it('never retries a refusal of code scanning, and the verdict stands', async () => {
    const emulator = await organization([{ name: 'fleet/repo-1', findings: ['high'] }]);
    const { access } = fleetGitHub();
    github.secondaryLimits = 0;
    github.codeScanningOff.add('fleet/repo-1');
    try {
      const rollUp = await night(emulator, access, { uploadSarif: true });
      expect(github.posts).toEqual(['fleet/repo-1']);
      expect(entry(rollUp, 'fleet/repo-1')).toMatchObject({
        gate: 'failed',
        code_scanning: { sarif_id: null, processing_status: 'not-uploaded' },
      });
      expect(entry(rollUp, 'fleet/repo-1').code_scanning?.error).toContain(
        'Advanced Security must be enabled',
      );
    } finally {
      github.codeScanningOff.clear();
    }
  });

  it('leaves pending an upload GitHub asks to hold past the deadline', async () => {
    const emulator = await organization([{ name: 'fleet/repo-1', findings: ['medium'] }]);
    const { access } = fleetGitHub(HOUR);
    github.secondaryLimits = 1;
    github.retryAfterSeconds = 2 * 3600;
    try {
      const rollUp = await night(emulator, access, { uploadSarif: true });
      expect(github.posts).toEqual(['fleet/repo-1']);
      expect(entry(rollUp, 'fleet/repo-1')).toMatchObject({
        gate: 'passed',
        code_scanning: { sarif_id: null, processing_status: 'pending', error: null },
      });
    } finally {
      github.retryAfterSeconds = 1;
    }
  });
});
