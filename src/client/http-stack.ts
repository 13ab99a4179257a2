import type { Dispatcher, EnvHttpProxyAgent } from 'undici';

type Undici = typeof import('undici');

let undici: Promise<Undici> | undefined;

/**
 * undici, loaded with the first request instead of with the program: it is most of the bundle, and a run
 * refused for its inputs (or `svc --help`) sends nothing, so it should not pay to compile it. The bundler gives
 * it a chunk of its own behind this `import()`.
 */
export function loadUndici(): Promise<Undici> {
  // undici is CommonJS: its exports are its namespace's default, bundled or not (the bundled chunk has no other).
  undici ??= import('undici').then((module) => (module as { default?: Undici }).default ?? module);
  return undici;
}

/**
 * A proxy-aware connection pool (HTTPS_PROXY, HTTP_PROXY, NO_PROXY, as runners behind a corporate proxy need),
 * opened with its first request. Closing or destroying one that never opened does nothing and loads nothing.
 */
export class LazyProxyAgent {
  #agent: Promise<EnvHttpProxyAgent> | undefined;

  open(): Promise<Dispatcher> {
    this.#agent ??= loadUndici().then(({ EnvHttpProxyAgent: Agent }) => new Agent());
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
