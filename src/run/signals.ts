/**
 * A cancelled workflow sends SIGINT, then SIGTERM 7.5 s later, then kills the process. The first signal
 * aborts the run so it can cancel the scan on the service and exit non-zero within that window; a second
 * signal means the cleanup is taking too long, so the process exits at once (the post step cancels the
 * scan then).
 */
export interface TerminationWatch {
  signal: AbortSignal;
  /** The signal that aborted the run, once one has. */
  received(): NodeJS.Signals | undefined;
  dispose(): void;
}

export const EXIT_CODE_INTERRUPTED = 130;

export function watchTermination(process: NodeJS.Process): TerminationWatch {
  const controller = new AbortController();
  let first: NodeJS.Signals | undefined;
  const onSignal = (name: NodeJS.Signals): void => {
    if (first) {
      process.exit(EXIT_CODE_INTERRUPTED);
    }
    first = name;
    controller.abort(new Error(`received ${name}`));
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  return {
    signal: controller.signal,
    received: () => first,
    dispose: () => {
      process.off('SIGINT', onSignal);
      process.off('SIGTERM', onSignal);
    },
  };
}

/**
 * A signal that aborts `graceMs` after `signal` does: for work that should survive the first stop request for
 * a moment (a scan being created must come back with its id, or it cannot be cancelled). `dispose` clears the
 * timer once the work is done.
 */
export function graceAfter(signal: AbortSignal, graceMs: number): { signal: AbortSignal; dispose(): void } {
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const start = (): void => {
    timer = setTimeout(() => {
      controller.abort(signal.reason);
    }, graceMs);
  };
  if (signal.aborted) start();
  else signal.addEventListener('abort', start, { once: true });
  return {
    signal: controller.signal,
    dispose: () => {
      signal.removeEventListener('abort', start);
      clearTimeout(timer);
    },
  };
}
