/**
 * The client's one concurrent fetcher: runs `fetch` for each request, at most `concurrency` at a time, and yields
 * the results in the order of the requests, as soon as each one's turn comes. The first failure ends it, and
 * so does a consumer that stops reading: either way the requests still in flight are aborted, not left to run.
 */
export async function* fetchInOrder<Request, Result>(
  requests: readonly Request[],
  options: { concurrency: number; signal?: AbortSignal | undefined },
  fetch: (request: Request, signal: AbortSignal) => Promise<Result>,
): AsyncGenerator<Result, void, undefined> {
  const concurrency = Math.max(1, Math.floor(options.concurrency));
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const inFlight: Promise<Result>[] = [];
  let launched = 0;
  const launch = (): void => {
    const request = requests[launched++] as Request;
    const pending = fetch(request, signal);
    // A rejection is observed when the result's turn comes; until then it must not count as unhandled.
    pending.catch(() => undefined);
    inFlight.push(pending);
  };
  try {
    while (launched < requests.length && inFlight.length < concurrency) launch();
    while (inFlight.length > 0) {
      const result = await (inFlight.shift() as Promise<Result>);
      options.signal?.throwIfAborted();
      if (launched < requests.length) launch();
      yield result;
    }
  } finally {
    stop.abort(new Error('the fetch of these pages ended'));
  }
}

/** Every result of `fetchInOrder`, in the order of the requests. */
export async function fetchAllInOrder<Request, Result>(
  requests: readonly Request[],
  options: { concurrency: number; signal?: AbortSignal | undefined },
  fetch: (request: Request, signal: AbortSignal) => Promise<Result>,
): Promise<Result[]> {
  const results: Result[] = [];
  for await (const result of fetchInOrder(requests, options, fetch)) results.push(result);
  return results;
}
