import type { Dispatcher } from 'undici';
import { loopbackDirect } from './loopback-direct.ts';

type Undici = typeof import('undici');

/** What the service's client sends a request with: undici's request() on a given dispatcher. */
type SendRequest = (
  dispatcher: Dispatcher,
  url: string,
  options: Pick<Dispatcher.RequestOptions, 'method' | 'headers' | 'body' | 'signal'>,
) => Promise<Dispatcher.ResponseData>;

interface HttpCore {
  /** The pool the service's client and GitHub's share: proxy-aware, loopback always direct. */
  openPool: () => Dispatcher;
  send: SendRequest;
}

// undici is CommonJS: a module's exports are its namespace's default, bundled or not (a bundled chunk has no other).
const exportsOf = <T>(module: { default?: T }): T => module.default as T;

let undici: Promise<Undici> | undefined;
let core: Promise<HttpCore> | undefined;

/**
 * All of undici, for octokit's fetch (the GitHub client, only with a token). Loaded on first use, not with the
 * program: it is most of the bundle, and fetch, WebSocket and the cache come with its index.
 */
export function loadUndici(): Promise<Undici> {
  undici ??= import('undici').then((module) => (module as { default?: Undici }).default ?? module);
  return undici;
}

/**
 * Every certificate is verified, whatever NODE_TLS_REJECT_UNAUTHORIZED says: any earlier step of the job can set
 * it through $GITHUB_ENV, with HTTPS_PROXY beside it, and whoever answered would then receive the key (and the
 * token) and decide the gate. A private CA is given with NODE_EXTRA_CA_CERTS instead.
 */
const VERIFIED = { rejectUnauthorized: true } as const;

/**
 * The part of undici the service's client needs, loaded from its own modules on the first request: the
 * proxy-aware agent and request(). A run refused for its inputs never loads it; a run never loads undici's
 * index for it (a third of the compile time before the first request).
 */
export function loadHttpCore(): Promise<HttpCore> {
  core ??= Promise.all([
    import('undici/lib/dispatcher/env-http-proxy-agent.js'),
    import('undici/lib/dispatcher/agent.js'),
    import('undici/lib/dispatcher/dispatcher.js'),
    import('undici/lib/api/api-request.js'),
    import('undici/lib/api/api-connect.js'),
  ]).then(([proxyAgent, agent, dispatcherBase, request, connect]) => {
    // A proxy tunnels https with its client's connect(), which undici's index puts on every dispatcher: loaded
    // without the index, it is put there here, or no https request could go through HTTPS_PROXY.
    (exportsOf(dispatcherBase).prototype as { connect?: unknown }).connect ??= exportsOf(connect);
    const requestOn = exportsOf(request);
    const send: SendRequest = (dispatcher, url, options) => {
      const target = new URL(url);
      return requestOn.call(dispatcher, {
        ...options,
        origin: target.origin,
        path: `${target.pathname}${target.search}`,
      });
    };
    const [ProxyAgent, Agent] = [exportsOf(proxyAgent), exportsOf(agent)];
    const openPool = () =>
      loopbackDirect(exportsOf(dispatcherBase), {
        proxied: new ProxyAgent({ connect: VERIFIED, requestTls: VERIFIED, proxyTls: VERIFIED }),
        direct: new Agent({ connect: VERIFIED }),
      });
    return { openPool, send };
  });
  return core;
}

/**
 * A proxy-aware connection pool (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, as runners behind a corporate proxy need;
 * loopback hosts direct unless NO_PROXY is set empty), opened with its first request. Closing or destroying one
 * that never opened does nothing and loads nothing.
 */
export class LazyProxyAgent {
  #agent: Promise<Dispatcher> | undefined;

  open(): Promise<Dispatcher> {
    this.#agent ??= loadHttpCore().then(({ openPool }) => openPool());
    return this.#agent;
  }

  async close(): Promise<void> {
    if (this.#agent !== undefined) await (await this.#agent).close();
  }

  /** Drops idle keep-alive sockets at once instead of closing them one by one. */
  async destroy(): Promise<void> {
    if (this.#agent !== undefined) await (await this.#agent).destroy();
  }
}
