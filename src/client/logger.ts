/**
 * Where the client reports what it does. Library code never writes to the console or to the runner itself,
 * so the same code runs in the action, in the command line and in tests.
 */
export interface Logger {
  debug(message: string): void;
  info(message: string): void;
  warning(message: string): void;
}

export const NOOP_LOGGER: Logger = Object.freeze({
  debug: () => undefined,
  info: () => undefined,
  warning: () => undefined,
});
