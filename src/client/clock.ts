/**
 * The time and randomness the client depends on. Retries, polling and timeouts take them as parameters so
 * tests drive them without real waiting.
 */

/** Resolves after `ms`, or rejects with the signal's reason as soon as the signal aborts. */
export type Sleep = (ms: number, signal?: AbortSignal) => Promise<void>;
export type Now = () => number;
/** A number in [0, 1). */
export type Random = () => number;

export const realSleep: Sleep = (ms, signal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason as Error);
      return;
    }
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal?.reason as Error);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });

export const realNow: Now = () => Date.now();
export const realRandom: Random = () => Math.random();
