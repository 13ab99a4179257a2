import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubEmulator, type GitHubEmulator } from '../../github-emulator/index.ts';
import { pullRequestEvent } from '../fixtures/events.ts';
import { startForwardProxy, type ForwardProxy } from '../support/forward-proxy.ts';
import { seedWithPullRequest } from '../support/github-side.ts';
import { runSvc, temporaryHome } from './cli-support.ts';
import { KEYS, runAgainst, useEmulator } from './support.ts';

/**
 * A runner behind a corporate proxy: the bundled action and svc with HTTP_PROXY, HTTPS_PROXY and NO_PROXY set,
 * against a real forward proxy on loopback that counts what it relays. The emulators speak plain http, so the
 * proxy relays absolute-URI requests (undici tunnels only https targets through CONNECT). The emulators are on
 * loopback, which goes direct unless NO_PROXY is set empty: the tests of the proxy path set it so.
 */
const emulator = useEmulator();
let github: GitHubEmulator;
let proxy: ForwardProxy;
const REPOSITORY = 'acme/vulnerable-app';
const HEAD = 'd'.repeat(40);

beforeEach(async () => {
  [github, proxy] = await Promise.all([startGitHubEmulator({ log: () => undefined }), startForwardProxy()]);
  github.seed(seedWithPullRequest(REPOSITORY, 42, HEAD));
});
afterEach(async () => {
  await Promise.all([github.close(), proxy.close()]);
});

/** The action on pull request 42, reporting to the GitHub emulator, with `env` added to the runner's. */
function runOnPullRequest(env: Record<string, string>) {
  return runAgainst(
    emulator.current,
    // gate: all keeps the requests to GitHub to the reporters' (no compare, no pull request files).
    { 'api-key': KEYS.member, 'github-token': github.token, 'pr-comment': 'always', gate: 'all' },
    {
      repository: REPOSITORY,
      sha: HEAD,
      env: { GITHUB_API_URL: github.url, ...env },
      event: pullRequestEvent({ repository: REPOSITORY, number: 42, headSha: HEAD }),
    },
  );
}

const hostOf = (url: string): string => new URL(url).host;

describe('the action behind a forward proxy', () => {
  it('sends every request to the service and to GitHub through HTTP_PROXY', async () => {
    const result = await runOnPullRequest({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, NO_PROXY: '' });
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    const serviceRequests = emulator.current.stats().requests_total;
    expect(serviceRequests).toBeGreaterThan(0);
    expect(proxy.countFor(hostOf(emulator.current.baseUrl))).toBe(serviceRequests);
    expect(github.calls().length).toBeGreaterThan(0);
    expect(proxy.countFor(hostOf(github.url))).toBe(github.calls().length);
    expect(proxy.relayed.every((request) => request.kind === 'forward')).toBe(true);
    // What the proxy relayed reached GitHub whole: the check run completed and the comment is there.
    expect(github.state().check_runs[0]).toMatchObject({ status: 'completed', conclusion: 'failure' });
    expect(result.outputs['comment-url']).toMatch(/^https:\/\/github\.com\/acme\/vulnerable-app\/pull\/42/);
  });

  it('honours the lower-case http_proxy that many runners set', async () => {
    const result = await runOnPullRequest({ http_proxy: proxy.url, no_proxy: '' });
    expect(result.exitCode).toBe(1);
    expect(proxy.countFor(hostOf(emulator.current.baseUrl))).toBe(emulator.current.stats().requests_total);
    expect(proxy.countFor(hostOf(github.url))).toBe(github.calls().length);
  });

  it.each([
    ['unset', {}],
    ['listing other hosts', { NO_PROXY: 'example.internal' }],
  ])(
    'sends a loopback service and GitHub direct with NO_PROXY %s: the key never reaches the proxy',
    async (_, noProxy) => {
      const result = await runOnPullRequest({ HTTP_PROXY: proxy.url, HTTPS_PROXY: proxy.url, ...noProxy });
      expect(result.exitCode).toBe(1);
      expect(emulator.current.stats().requests_total).toBeGreaterThan(0);
      expect(github.calls().length).toBeGreaterThan(0);
      expect(github.state().check_runs[0]).toMatchObject({ status: 'completed' });
      expect(proxy.relayed).toEqual([]);
    },
  );

  it('leaves http targets alone when only HTTPS_PROXY is set, as curl and undici do', async () => {
    const result = await runOnPullRequest({ HTTPS_PROXY: proxy.url, NO_PROXY: '' });
    expect(result.exitCode).toBe(1);
    expect(github.calls().length).toBeGreaterThan(0);
    expect(proxy.relayed).toEqual([]);
  });
});

describe('svc behind a forward proxy', () => {
  it('sends its requests through HTTP_PROXY', async () => {
    const result = await runSvc(['scan', 'acme/clean-service', '--poll-interval', '0.1'], {
      home: temporaryHome(),
      env: {
        SVC_API_KEY: KEYS.member,
        SVC_API_URL: emulator.current.baseUrl,
        HTTP_PROXY: proxy.url,
        NO_PROXY: '',
      },
    });
    expect(result.exitCode).toBe(0);
    const serviceRequests = emulator.current.stats().requests_total;
    expect(serviceRequests).toBeGreaterThan(0);
    expect(proxy.countFor(hostOf(emulator.current.baseUrl))).toBe(serviceRequests);
  });
});
