import { InvalidArgumentError, type Command } from 'commander';

/** The spec's default for waiting on a job, in seconds; `--wait-timeout` changes it. */
export const DEFAULT_WAIT_TIMEOUT_SECONDS = 600;
/** The spec's default poll interval for remediations and AI analyses. */
export const JOB_POLL_INTERVAL_MS = 3_000;

export interface WaitFlags {
  wait?: boolean;
  waitTimeout?: number;
}

/** `--wait-timeout`: whole seconds, 1 to 6 hours, checked before anything is sent. */
function parseWaitTimeout(value: string): number {
  const seconds = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(seconds) || seconds < 1 || seconds > 21_600) {
    throw new InvalidArgumentError('expected whole seconds from 1 to 21600.');
  }
  return seconds;
}

/** `--limit`: a whole number from 1 to `max`. */
export function limitParser(max: number): (value: string) => number {
  return (value) => {
    const limit = /^\d+$/.test(value) ? Number(value) : Number.NaN;
    if (!Number.isInteger(limit) || limit < 1 || limit > max) {
      throw new InvalidArgumentError(`expected a whole number from 1 to ${max}.`);
    }
    return limit;
  };
}

/** `--wait` and `--wait-timeout`, for a command that starts a job. */
export function withWait(command: Command, what: string): Command {
  return command
    .option('--wait', `wait for ${what} to finish, and print its result`)
    .option('--wait-timeout <seconds>', 'give up waiting after this long (default: 600)', parseWaitTimeout);
}
