import { PollTimeoutError } from '../../client/index.ts';
import type { CommandContext } from '../command-context.ts';
import { CommandFailure, EXIT } from '../exit-codes.ts';
import { terminalInline } from '../terminal-text.ts';
import { DEFAULT_WAIT_TIMEOUT_SECONDS } from './wait-flags.ts';

/**
 * Waits for a job svc started, within `--wait-timeout`. Neither running out of time nor Ctrl-C stops the job on
 * the service (the API has no cancel for it): svc says what was left running and how to look at it again.
 */
export async function waitForJob<T>(
  context: CommandContext,
  job: { what: string; view: string },
  waitTimeoutSeconds: number | undefined,
  wait: (options: { timeoutMs: number; signal: AbortSignal }) => Promise<T>,
): Promise<T> {
  const seconds = waitTimeoutSeconds ?? DEFAULT_WAIT_TIMEOUT_SECONDS;
  try {
    return await wait({ timeoutMs: seconds * 1000, signal: context.signal });
  } catch (error) {
    const leftRunning = `${job.what} is left running on the service: \`${job.view}\` shows it.`;
    if (context.signal.aborted) {
      context.err.line(terminalInline(`Interrupted: ${leftRunning}`));
      throw error;
    }
    if (error instanceof PollTimeoutError) {
      throw new CommandFailure(
        `${job.what} did not finish within --wait-timeout (${seconds} s); ${leftRunning}`,
        EXIT.service,
        {
          cause: error,
        },
      );
    }
    throw error;
  }
}
