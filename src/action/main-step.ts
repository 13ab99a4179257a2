import type { ServiceClient } from '../client/index.ts';
import type { RunDeadline } from '../run/run-deadline.ts';
import type { RunProgress } from '../run/run-context.ts';
import type { ActionInputs } from './action-settings.ts';
import type { Reporting } from './report-delivery.ts';
import type { Toolkit } from '../github/toolkit.ts';
import type { ScannedPlace, WorkflowFacts } from './workflow-origin.ts';

/**
 * What the main step's two halves share: the start (src/action/run.ts: the inputs, and the report whatever
 * happens) and the run itself (src/action/main-run.ts), a chunk loaded only once the inputs the workflow set
 * are good, so that a refused input never loads it.
 */
export interface MainStepInput {
  toolkit: Toolkit;
  env: NodeJS.ProcessEnv;
  /** Aborted when the runner asks the step to stop (SIGINT/SIGTERM). */
  signal: AbortSignal;
  /**
   * Milliseconds since the epoch, never going back (the process's start plus a monotonic clock): waits are measured
   * on it, and the fleet's log and roll-up say UTC times from it.
   */
  now: () => number;
  homeDir?: string;
}

/** What the main step has set up so far: what a failure report and the clean-up need. */
export interface MainRun {
  progress: RunProgress;
  client: ServiceClient | undefined;
  deadline: RunDeadline | undefined;
  reporting: Reporting;
}

/** The inputs the workflow sets, checked, with the event's facts and the place they say to scan. */
export interface GivenInputs {
  facts: WorkflowFacts;
  actionInputs: ActionInputs;
  place: ScannedPlace;
}
