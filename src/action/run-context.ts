import type { ServiceClient } from '../client/index.ts';
import type { Scan } from '../client/types.ts';
import type { ReportedScan } from '../core/run-report.ts';
import type { RunStage } from './failure-advice.ts';
import type { GitHubSide } from './reporters/github-side.ts';
import type { FindingsNeed } from './reporters/reporter.ts';
import type { RunDeadline } from './run-deadline.ts';
import type { Settings } from './settings.ts';
import type { Toolkit } from './toolkit.ts';

/** How far the run got: read by run.ts when the run fails, to say what it was doing and which scan it had. */
export interface RunProgress {
  stage: RunStage;
  scan: Scan | undefined;
}

/** Everything the steps of one run share, made once in run.ts. */
export interface RunContext {
  client: ServiceClient;
  settings: Readonly<Settings>;
  toolkit: Toolkit;
  /** Aborted at the run's deadline or when the runner asks the step to stop: every request takes it. */
  signal: AbortSignal;
  /** Aborted only when the runner asks the step to stop (SIGINT/SIGTERM). */
  stopSignal: AbortSignal;
  deadline: RunDeadline;
  now: () => number;
  progress: RunProgress;
  /** The findings the reporters will show: the run fetches no more. */
  findingsNeed: FindingsNeed;
  /** Called once the scan has started (the check run then shows it running). */
  onScanStarted: (scan: ReportedScan) => Promise<void>;
  /** GitHub, when a token and the workflow's repository and commit allow calling it. */
  github: GitHubSide | undefined;
  /** The pull request this run judges, when the workflow runs for one of the scanned repository. */
  pullRequest: PullRequestContext | undefined;
}

export interface PullRequestContext {
  number: number | undefined;
  /** The pull request's base commit, from the event. */
  baseSha: string | undefined;
  /** The scanned head commit. */
  headSha: string;
}
