/**
 * The one way the project logs: the client, the run's steps and both faces take this. Callers pass plain text;
 * each face escapes it once for where it goes (the action's log through workflow commands, svc's stderr), so no
 * library code writes to the console or to the runner itself, and the same code runs in tests.
 */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  /** Something the user should act on: the action shows it as a warning annotation. */
  warning(message: string): void;
  /** A folded section of the log (the action's `::group::`); nothing where there is none. */
  startGroup(name: string): void;
  endGroup(): void;
}

export const NOOP_LOGGER: Logger = Object.freeze({
  debug: () => undefined,
  info: () => undefined,
  warning: () => undefined,
  startGroup: () => undefined,
  endGroup: () => undefined,
});

/**
 * The same log with warnings kept as lines: the clients' routine warnings (a retry, an unknown status) belong in
 * the log, not among the annotations, which GitHub caps at 10 a step and the findings need.
 */
export function warningsAsInfo(logger: Logger): Logger {
  return {
    ...logger,
    warning: (message) => {
      logger.info(`Warning: ${message}`);
    },
  };
}
