import { createHash, generateKeyPairSync, verify, type KeyObject } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { FleetGitHubError, type FleetGitHub } from '../../src/fleet/fleet-github.ts';
import { GitHubCredentialsError } from '../../src/github/app-credentials.ts';
import { createFleetGitHub, type FleetGitHubOptions } from '../../src/github/fleet-github-access.ts';
import { FakeClock, recordingLogger, type RecordingLogger } from '../unit/client/support/fake-clock.ts';

/**
 * The fleet's GitHub access over real HTTP, against a small GitHub on loopback that checks each JWT's RS256
 * signature and lifetime, mints installation tokens whose `expires_at` the test's clock decides, and refuses a
 * token past it (or revoked) with 401.
 */

const APP_ID = '4242';
const HOUR = 3_600_000;
const HEAD = 'c0ffee'.padEnd(40, '0');
const POLICY = 'fail-on: high\n';
const POLICY_SHA = createHash('sha1').update(`blob ${POLICY.length}\0${POLICY}`).digest('hex');

function rsaKey() {
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return {
    publicKey,
    pkcs1: privateKey.export({ type: 'pkcs1', format: 'pem' }).toString(),
    pkcs8: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
  };
}
const appKey = rsaKey();

/** GitHub, as much of it as the fleet asks, on the test's clock. */
class SmallGitHub {
  readonly clock = new FakeClock();
  readonly calls: string[] = [];
  readonly jwtLifetimes: number[] = [];
  readonly tokens = new Map<string, { installation: number; expiresAt: number }>();
  tokenLifetimeMs = HOUR;
  refuseInstallationTokens = false;
  secondaryLimits = 0;
  userTokenExpiration = '';
  mints = 0;
  unauthorised = 0;
  server: Server = createServer((request, response) => this.#answer(request, response));
  url = '';

  async start(): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as { port: number }).port}`;
  }

  #send(response: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    response.writeHead(status, {
      'content-type': 'application/json',
      'x-ratelimit-limit': '5000',
      'x-ratelimit-remaining': '4999',
      'x-ratelimit-reset': String(Math.floor((this.clock.now() + HOUR) / 1000)),
      ...headers,
    });
    response.end(JSON.stringify(body));
  }

  #jwtValid(request: IncomingMessage, publicKey: KeyObject = appKey.publicKey): boolean {
    const [scheme, jwt = ''] = (request.headers.authorization ?? '').split(' ');
    const [header = '', payload = '', signature = ''] = jwt.split('.');
    if (scheme?.toLowerCase() !== 'bearer') return false;
    const signed = verify(
      'RSA-SHA256',
      Buffer.from(`${header}.${payload}`),
      publicKey,
      Buffer.from(signature, 'base64url'),
    );
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as {
      iat: number;
      exp: number;
      iss: string | number;
    };
    this.jwtLifetimes.push(claims.exp - claims.iat);
    return signed && String(claims.iss) === APP_ID && claims.exp > Date.now() / 1000;
  }

  #tokenOf(request: IncomingMessage): { installation: number } | 'user' | undefined {
    const token = (request.headers.authorization ?? '').replace(/^token /, '');
    if (token === 'user-token-123456') return 'user';
    const known = this.tokens.get(token);
    if (known === undefined || this.refuseInstallationTokens || this.clock.now() >= known.expiresAt)
      return undefined;
    return known;
  }

  #answer(request: IncomingMessage, response: ServerResponse): void {
    const path = decodeURIComponent(new URL(request.url ?? '/', this.url).pathname);
    const call = `${request.method} ${path}`;
    this.calls.push(call);
    const asApp = this.#asApp(call, request, response);
    if (asApp) return;
    const holder = this.#tokenOf(request);
    if (holder === undefined) {
      this.unauthorised++;
      this.#send(response, 401, { message: 'Bad credentials' });
      return;
    }
    const expiration = holder === 'user' && this.userTokenExpiration !== '';
    this.#asRepository(
      call,
      response,
      expiration ? { 'github-authentication-token-expiration': this.userTokenExpiration } : {},
    );
  }

  #asApp(call: string, request: IncomingMessage, response: ServerResponse): boolean {
    const app =
      /^(GET \/app|GET \/repos\/([^/]+)\/[^/]+\/installation|POST \/app\/installations\/(\d+)\/access_tokens)$/.exec(
        call,
      );
    if (!app) return false;
    if (!this.#jwtValid(request))
      this.#send(response, 401, { message: 'A JSON web token could not be decoded' });
    else if (call === 'GET /app') this.#send(response, 200, { slug: 'svc-night', id: Number(APP_ID) });
    else if (app[2] !== undefined) {
      if (app[2] === 'octo-org') this.#send(response, 200, { id: 77 });
      else this.#send(response, 404, { message: 'Not Found' });
    } else {
      this.mints++;
      const token = `ghs_${this.mints}_${'x'.repeat(30)}`;
      const expiresAt = this.clock.now() + this.tokenLifetimeMs;
      this.tokens.set(token, { installation: Number(app[3]), expiresAt });
      this.#send(response, 201, { token, expires_at: new Date(expiresAt).toISOString(), permissions: {} });
    }
    return true;
  }

  #asRepository(call: string, response: ServerResponse, headers: Record<string, string>): void {
    const send = (status: number, body: unknown) => this.#send(response, status, body, headers);
    const content = (path: string, type = 'file') => ({
      type,
      path,
      sha: POLICY_SHA,
      size: POLICY.length,
      encoding: 'base64',
      content: Buffer.from(POLICY).toString('base64'),
    });
    if (call === 'GET /rate_limit') return send(200, { resources: {} });
    if (call === 'GET /repos/octo-org/webapp' || call === 'GET /repos/octo-org/api')
      return send(200, { default_branch: 'main' });
    if (/^GET \/repos\/octo-org\/\w+\/git\/ref\/heads\/main$/.test(call))
      return send(200, { object: { type: 'commit', sha: HEAD } });
    if (call === 'GET /repos/octo-org/webapp/contents/.github/svc-scan.yml')
      return send(200, content('.github/svc-scan.yml'));
    if (call === 'GET /repos/octo-org/api/contents/.github/svc-scan.yml')
      return send(404, { message: `No commit found for the ref ${HEAD}` });
    if (call === 'GET /repos/octo-org/webapp/contents/link.yml')
      return send(200, content('.github/svc-scan.yml'));
    if (call === `GET /repos/octo-org/webapp/git/blobs/${POLICY_SHA}`)
      return send(200, { ...content('x'), sha: POLICY_SHA });
    if (call === 'POST /repos/octo-org/webapp/code-scanning/sarifs') {
      if (this.secondaryLimits-- > 0) {
        return this.#send(
          response,
          403,
          { message: 'You have exceeded a secondary rate limit.' },
          { 'retry-after': '1' },
        );
      }
      return send(202, { id: `upload-${this.calls.length}` });
    }
    send(404, { message: 'Not Found' });
  }
}

const github = new SmallGitHub();
const dispatcher = new Agent();
let logger: RecordingLogger;
let secrets: string[];
beforeAll(() => github.start());
afterAll(async () => {
  await new Promise((resolve) => github.server.close(resolve));
  await dispatcher.close();
});
beforeEach(() => {
  github.calls.length = 0;
  github.tokenLifetimeMs = HOUR;
  github.refuseInstallationTokens = false;
  github.secondaryLimits = 0;
  github.userTokenExpiration = '';
  logger = recordingLogger();
  secrets = [];
});

function access(overrides: Partial<FleetGitHubOptions<FleetGitHubError>> = {}) {
  return createFleetGitHub<FleetGitHubError>({
    app: { appId: APP_ID, privateKey: appKey.pkcs1 },
    apiUrl: github.url,
    dispatcher,
    signal: new AbortController().signal,
    deadline: github.clock.now() + 8 * HOUR,
    logger,
    userAgent: 'svc-scan-test',
    fleetError: (kind, message, status) => new FleetGitHubError(kind, message, status),
    onSecret: (secret) => secrets.push(secret),
    now: github.clock.now,
    sleep: github.clock.sleep,
    ...overrides,
  });
}
const signal = () => new AbortController().signal;

async function failureOf(promise: Promise<unknown>): Promise<FleetGitHubError> {
  const error = await promise.then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(FleetGitHubError);
  return error as FleetGitHubError;
}

describe('the App’s credentials', () => {
  it('are checked with GET /app, with a JWT of at most 10 minutes, from a PKCS#1 or a PKCS#8 key', async () => {
    await expect(access().verify()).resolves.toBe('the GitHub App svc-night');
    await expect(access({ app: { appId: APP_ID, privateKey: appKey.pkcs8 } }).verify()).resolves.toBe(
      'the GitHub App svc-night',
    );
    expect(github.jwtLifetimes.length).toBeGreaterThan(0);
    expect(Math.max(...github.jwtLifetimes)).toBeLessThanOrEqual(600);
  });

  it('refused by GitHub (another key) are a GitHubCredentialsError before any scan', async () => {
    const wrong = rsaKey();
    const error = await access({ app: { appId: APP_ID, privateKey: wrong.pkcs1 } })
      .verify()
      .catch((thrown: unknown) => thrown);
    expect(error).toBeInstanceOf(GitHubCredentialsError);
    expect((error as Error).message).toMatch(/401 on GET \/app/);
    expect((error as Error).message).not.toContain(wrong.pkcs1.split('\n')[1]);
  });

  it('that do not parse are refused before anything is sent', () => {
    const before = github.calls.length;
    expect(() => access({ app: { appId: APP_ID, privateKey: appKey.pkcs1.slice(0, 300) } })).toThrow(
      GitHubCredentialsError,
    );
    expect(github.calls.length).toBe(before);
  });
});

describe("the fleet's questions", () => {
  it('read the default branch, its head commit, the policy at it and the blob by its SHA', async () => {
    const fleet: FleetGitHub = access();
    await expect(fleet.headOf('octo-org/webapp', signal())).resolves.toEqual({
      branch: 'main',
      commit: HEAD,
    });
    await expect(
      fleet.fileAt('octo-org/webapp', HEAD, '.github/svc-scan.yml', 4096, signal()),
    ).resolves.toEqual({
      path: '.github/svc-scan.yml',
      blobSha: POLICY_SHA,
      text: POLICY,
    });
    await expect(fleet.blobText('octo-org/webapp', POLICY_SHA, 4096, signal())).resolves.toBe(POLICY);
    await expect(
      fleet.fileAt('octo-org/webapp', HEAD, 'absent.yml', 4096, signal()),
    ).resolves.toBeUndefined();
  });

  it('say a repository the App is not installed on is not visible, and a link or a large file refused', async () => {
    const fleet: FleetGitHub = access();
    expect((await failureOf(fleet.headOf('elsewhere/site', signal()))).kind).toBe('not-visible');
    expect((await failureOf(fleet.fileAt('elsewhere/site', HEAD, 'a.yml', 4096, signal()))).kind).toBe(
      'not-visible',
    );
    expect((await failureOf(fleet.fileAt('octo-org/webapp', HEAD, 'link.yml', 4096, signal()))).kind).toBe(
      'refused',
    );
    const large = await failureOf(fleet.fileAt('octo-org/webapp', HEAD, '.github/svc-scan.yml', 4, signal()));
    expect(large.kind).toBe('refused');
  });

  it('fail (not "no policy file") when GitHub no longer has the commit the file is asked at', async () => {
    const gone = await failureOf(
      access().fileAt('octo-org/api', HEAD, '.github/svc-scan.yml', 4096, signal()),
    );
    expect(gone.kind).toBe('failed');
    expect(gone.message).toContain(`octo-org/api's commit ${HEAD} is gone`);
  });

  it('refuse a name that would make another route of the API, sending nothing with the token', async () => {
    const fleet = access();
    const before = github.calls.length;
    for (const name of ['octo-org/..', 'octo-org/.', '../octo-org', 'octo-org/web app', 'octo-org/a/b'])
      expect((await failureOf(fleet.headOf(name, signal()))).message).toContain('owner/name');
    expect(github.calls.slice(before)).toEqual([]);
  });

  it('look the installation up once per owner', async () => {
    const fleet = access();
    await fleet.headOf('octo-org/webapp', signal());
    await fleet.headOf('octo-org/api', signal());
    expect(github.calls.filter((call) => call.endsWith('/installation'))).toHaveLength(1);
  });
});

describe('installation tokens', () => {
  it('are minted again before the expires_at GitHub gave, so no request is refused for an ended token', async () => {
    github.tokenLifetimeMs = 20 * 60_000;
    const fleet = access();
    const minted = github.mints;
    const refused = github.unauthorised;
    for (let minute = 0; minute < 90; minute += 7) {
      await fleet.headOf('octo-org/webapp', signal());
      await github.clock.sleep(7 * 60_000);
    }
    expect(github.unauthorised).toBe(refused);
    // A request each 7 minutes, 20-minute tokens each replaced 5 minutes before it ends: minted at minutes 0,
    // 21, 42, 63 and 84.
    expect(github.mints - minted).toBe(5);
  });

  it('are minted once more after a 401, and the request then fails if GitHub still refuses', async () => {
    const fleet = access();
    await fleet.headOf('octo-org/webapp', signal());
    github.tokens.clear(); // GitHub forgot every token (revoked)
    const minted = github.mints;
    await expect(fleet.headOf('octo-org/webapp', signal())).resolves.toEqual({
      branch: 'main',
      commit: HEAD,
    });
    expect(github.mints - minted).toBe(1);
    github.refuseInstallationTokens = true;
    const failure = await failureOf(fleet.headOf('octo-org/webapp', signal()));
    expect(failure.kind).toBe('failed');
    expect(failure.status).toBe(401);
    expect(github.mints - minted).toBe(2);
  });
});

describe('the rate gate', () => {
  it('waits out a secondary limit on an upload and paces the uploads 750 ms apart', async () => {
    github.secondaryLimits = 1;
    const client = access().clientFor('octo-org/webapp', signal());
    const sleepsBefore = github.clock.sleeps.length;
    const upload = () =>
      client.request('POST /repos/{owner}/{repo}/code-scanning/sarifs', {
        commit_sha: HEAD,
        ref: 'refs/heads/main',
        sarif: 'H4sI',
      });
    const first = await upload();
    const second = await upload();
    expect(first.status).toBe(202);
    expect(second.status).toBe(202);
    const sleeps = github.clock.sleeps.slice(sleepsBefore);
    expect(sleeps).toContain(1000);
    expect(sleeps.some((ms) => ms >= 700 && ms <= 750)).toBe(true);
    expect(github.calls.filter((call) => call.startsWith('POST /repos'))).toHaveLength(3);
  });
});

describe('a token the user minted', () => {
  it('works, and is warned of once when GitHub says it ends before the deadline', async () => {
    github.userTokenExpiration = new Date(github.clock.now() + HOUR)
      .toISOString()
      .replace('T', ' ')
      .replace(/\.\d+Z$/, ' UTC');
    const fleet = access({ app: undefined, token: 'user-token-123456' });
    await expect(fleet.verify()).resolves.toBe('the GitHub token');
    await expect(fleet.headOf('octo-org/webapp', signal())).resolves.toEqual({
      branch: 'main',
      commit: HEAD,
    });
    const warnings = logger.lines.filter((line) => line.level === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.message).toMatch(/ends at .* before the fleet's deadline/);
  });
});

describe('secrets', () => {
  it('the private key and the tokens appear in no log line and no error message', async () => {
    const fleet = access();
    const messages: string[] = [];
    await fleet.verify();
    await fleet.headOf('octo-org/webapp', signal());
    github.refuseInstallationTokens = true;
    messages.push((await failureOf(fleet.headOf('octo-org/webapp', signal()))).message);
    messages.push((await failureOf(fleet.headOf('elsewhere/site', signal()))).message);
    const written = [logger.text(), ...messages].join('\n');
    const keyLines = appKey.pkcs1.trim().split('\n').slice(1, -1);
    expect(secrets.length).toBeGreaterThan(0);
    for (const secret of [...keyLines, ...secrets]) expect(written).not.toContain(secret);
  });
});
