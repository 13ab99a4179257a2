import type { RunStage } from './failure-advice.ts';
import { describeStage } from './failure-advice.ts';
import { RunError } from './run-error.ts';

/**
 * The one deadline of a run: `wait-timeout` seconds from the moment the action starts talking to the service.
 * Every request and every wait of the run (the repository lookup, the scan, its findings, the remediations)
 * takes its signal, so a request still in flight at the deadline is cut, not merely not followed by another.
 * After the deadline the step only writes what it has (the failure summary, the outputs): that work, at most
 * RUN_DEADLINE_MARGIN_MS, is the margin the README states.
 */
export class RunDeadline {
  readonly signal: AbortSignal;
  readonly timeoutMs: number;
  readonly #endsAt: number;
  readonly #now: () => number;

  constructor(timeoutMs: number, now: () => number) {
    this.timeoutMs = timeoutMs;
    this.#now = now;
    this.#endsAt = now() + timeoutMs;
    this.signal = AbortSignal.timeout(Math.ceil(timeoutMs));
  }

  get expired(): boolean {
    return this.signal.aborted || this.remainingMs() <= 0;
  }

  /** Time left, never negative. */
  remainingMs(): number {
    return Math.max(0, this.#endsAt - this.#now());
  }
}

/** What the step may still take after the deadline: ending the requests, the reports, the outputs. */
export const RUN_DEADLINE_MARGIN_MS = 5_000;
/**
 * Of that margin, what GitHub's reporters may use (the check run completed, the comment updated); the last
 * second is for the summary and the outputs.
 */
export const REPORTING_MARGIN_MS = RUN_DEADLINE_MARGIN_MS - 1_000;

/** The run reached wait-timeout; what it was doing is named, and a scan left running is cancelled by the post step. */
export class RunTimeoutError extends RunError {
  override name = 'RunTimeoutError';
  readonly stage: RunStage;

  constructor(seconds: number, stage: RunStage, scanId: string | undefined) {
    const scan =
      stage === 'scan' && scanId !== undefined
        ? ` Scan ${scanId} did not finish in time; it is cancelled when the job ends.`
        : '';
    super(
      `The run did not finish within wait-timeout (${seconds} s): it was ${describeStage(stage)}.${scan} ` +
        'wait-timeout bounds the whole run (repository lookup, scan, findings, remediations): raise it, scan ' +
        'fewer modules, or re-run the job if the service was slow.',
    );
    this.stage = stage;
  }
}
