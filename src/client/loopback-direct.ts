import type { Dispatcher } from 'undici';
import { isLoopbackHost } from './base-url.ts';

type Env = Readonly<Record<string, string | undefined>>;

/**
 * Whether a request to `origin` goes straight to its host, whatever HTTP_PROXY and HTTPS_PROXY say: a loopback
 * host (127.0.0.0/8, ::1, localhost) never leaves the machine, and a proxy would carry the key, which a plain-http
 * loopback URL sends in clear, off it. NO_PROXY set to the empty string is how a user asks for every request to
 * go through the proxy (no_proxy first, as undici and curl read them).
 */
export function goesDirect(origin: string, env: Env): boolean {
  const noProxy = env.no_proxy ?? env.NO_PROXY;
  if (noProxy?.trim() === '') return false;
  return isLoopbackHost(new URL(origin).hostname);
}

/**
 * A dispatcher that sends what goesDirect names through `direct` and everything else through `proxied` (which
 * applies HTTP_PROXY, HTTPS_PROXY and NO_PROXY), closing both. `Base` is undici's Dispatcher class, loaded with
 * the HTTP stack.
 */
export function loopbackDirect(
  Base: typeof Dispatcher,
  routes: { proxied: Dispatcher; direct: Dispatcher },
  env: Env = process.env,
): Dispatcher {
  const both = (stop: (dispatcher: Dispatcher) => Promise<void>) =>
    Promise.all([stop(routes.proxied), stop(routes.direct)]).then(() => undefined);
  class LoopbackDirect extends Base {
    override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
      const route = goesDirect(String(options.origin), env) ? routes.direct : routes.proxied;
      return route.dispatch(options, handler);
    }

    override close(): Promise<void>;
    override close(callback: () => void): void;
    override close(callback?: () => void): Promise<void> | void {
      return settle(
        both((dispatcher) => dispatcher.close()),
        callback,
      );
    }

    override destroy(error?: Error | null): Promise<void>;
    override destroy(callback: () => void): void;
    override destroy(error: Error | null, callback: () => void): void;
    override destroy(first?: Error | null | (() => void), second?: () => void): Promise<void> | void {
      const error = typeof first === 'function' ? null : (first ?? null);
      const callback = typeof first === 'function' ? first : second;
      return settle(
        both((dispatcher) => dispatcher.destroy(error)),
        callback,
      );
    }
  }
  return new LoopbackDirect();
}

/** undici's two styles: a promise, or a callback once done. */
function settle(done: Promise<void>, callback: (() => void) | undefined): Promise<void> | void {
  if (callback === undefined) return done;
  void done.then(callback);
}
