import { EnvHttpProxyAgent, ProxyAgent, type Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { startGitHubEmulator, type GitHubEmulator } from '../../github-emulator/index.ts';
import { LazyProxyAgent } from '../../src/client/http-stack.ts';
import { NOOP_LOGGER, ServiceClient } from '../../src/client/index.ts';
import { GitHubClient } from '../../src/github/github-client.ts';
import { startForwardProxy, type ForwardProxy } from '../support/forward-proxy.ts';
import { KEYS, startE2e } from './support.ts';

/**
 * Both clients on a proxy dispatcher, through the test proxy both ways it relays: absolute-URI forwarding (what
 * undici does for http targets) and CONNECT tunnels (what it does for https, forced here with `proxyTunnel`).
 * The e2e tests cover the environment variables; this covers the proxy itself and the dispatcher passing.
 */
let proxy: ForwardProxy;
let github: GitHubEmulator;
let service: Awaited<ReturnType<typeof startE2e>>;
const dispatchers: Dispatcher[] = [];

beforeEach(async () => {
  [proxy, github, service] = await Promise.all([
    startForwardProxy(),
    startGitHubEmulator({ log: () => undefined }),
    startE2e(),
  ]);
});
afterEach(async () => {
  await Promise.all(dispatchers.splice(0).map((dispatcher) => dispatcher.close()));
  await Promise.all([proxy.close(), github.close(), service.close()]);
});

function track<T extends Dispatcher>(dispatcher: T): T {
  dispatchers.push(dispatcher);
  return dispatcher;
}

const MODES = {
  forward: () => track(new EnvHttpProxyAgent({ httpProxy: proxy.url, httpsProxy: proxy.url, noProxy: '' })),
  tunnel: () => track(new ProxyAgent({ uri: proxy.url, proxyTunnel: true })),
} as const;

/** The path the proxy sees of the client's `GET /me`: none through a tunnel, whose content it does not read. */
const SEEN_PATH = { forward: '/api/v1/me', tunnel: '' } as const;

describe.each(['forward', 'tunnel'] as const)('through the proxy (%s)', (kind) => {
  it("the service's client", async () => {
    const client = new ServiceClient({
      apiKey: KEYS.member,
      baseUrl: service.baseUrl,
      dispatcher: MODES[kind](),
    });
    const me = await client.me();
    expect(me).toBeDefined();
    const target = new URL(service.baseUrl).host;
    expect(proxy.countFor(target)).toBe(1);
    expect(proxy.relayed[0]).toMatchObject({ kind, target });
    expect(proxy.relayed[0]?.path).toBe(SEEN_PATH[kind]);
  });

  it("GitHub's client", async () => {
    github.seed({ repositories: [{ full_name: 'octo-org/webapp' }] });
    const client = new GitHubClient({
      token: github.token,
      apiUrl: github.url,
      dispatcher: MODES[kind](),
      signal: new AbortController().signal,
      logger: NOOP_LOGGER,
      userAgent: 'svc-scan-action-test',
    });
    const created = await client.request('POST /repos/{owner}/{repo}/check-runs', {
      owner: 'octo-org',
      repo: 'webapp',
      name: 'svc-scan',
      head_sha: 'a'.repeat(40),
    });
    expect(created.status).toBe(201);
    expect(github.calls()).toHaveLength(1);
    expect(proxy.relayed.map((request) => request.kind)).toEqual([kind]);
    expect(proxy.countFor(new URL(github.url).host)).toBe(1);
  });
});

it('refuses a request in origin form: a client that sends one took the proxy for the server', async () => {
  const response = await fetch(`${proxy.url}/api/v1/me`);
  expect(response.status).toBe(400);
  expect(proxy.relayed).toEqual([]);
});

/**
 * The project's own pool (what the action and svc use) with HTTP_PROXY set: a loopback host never goes through the
 * proxy, since a plain-http loopback URL would hand the key to it in clear, unless NO_PROXY is set empty.
 */
describe('the own pool with HTTP_PROXY set', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  /** The service's client and GitHub's, each on the project's lazy pool, one request each. */
  async function requestBoth(): Promise<void> {
    const service_ = new ServiceClient({ apiKey: KEYS.member, baseUrl: service.baseUrl });
    const pool = new LazyProxyAgent();
    github.seed({ repositories: [{ full_name: 'octo-org/webapp' }] });
    try {
      await service_.me();
      const client = new GitHubClient({
        token: github.token,
        apiUrl: github.url,
        dispatcher: await pool.open(),
        signal: new AbortController().signal,
        logger: NOOP_LOGGER,
        userAgent: 'svc-scan-action-test',
      });
      await client.request('POST /repos/{owner}/{repo}/check-runs', {
        owner: 'octo-org',
        repo: 'webapp',
        name: 'svc-scan',
        head_sha: 'a'.repeat(40),
      });
    } finally {
      await Promise.all([service_.close(), pool.close()]);
    }
  }

  it.each([
    ['unset', undefined],
    ['listing other hosts', 'example.internal'],
  ])('sends loopback hosts direct, with NO_PROXY %s', async (_, noProxy) => {
    vi.stubEnv('HTTP_PROXY', proxy.url);
    vi.stubEnv('HTTPS_PROXY', proxy.url);
    vi.stubEnv('NO_PROXY', noProxy);
    vi.stubEnv('no_proxy', undefined);
    await requestBoth();
    expect(github.calls()).toHaveLength(1);
    expect(proxy.relayed).toEqual([]);
  });

  it('sends loopback hosts through the proxy when NO_PROXY is set empty', async () => {
    vi.stubEnv('HTTP_PROXY', proxy.url);
    vi.stubEnv('NO_PROXY', '');
    vi.stubEnv('no_proxy', undefined);
    await requestBoth();
    expect(proxy.countFor(new URL(service.baseUrl).host)).toBe(1);
    expect(proxy.countFor(new URL(github.url).host)).toBe(1);
  });
});
