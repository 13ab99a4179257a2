import type { ServiceClient } from '../client/index.ts';
import type { Repository, Scan } from '../client/types.ts';
import type { PullRequestDiff } from '../new-findings/pr-diff.ts';
import type { ReportedScan } from '../domain/run-report.ts';
import type { RunStage } from './failure-advice.ts';
import type { RunDeadline } from './run-deadline.ts';
import type { Logger } from '../client/index.ts';
import type { ScanRecord } from './run-log.ts';
import type { RunPolicy } from './run-policy.ts';
import type { Settings } from './settings.ts';
import type { FindingLister } from './finding-stream.ts';

/** How far the run got: read by the face when the run fails, to say what it was doing and which scan it had. */
export interface RunProgress {
  stage: RunStage;
  scan: Scan | undefined;
}

/** The findings the face will show (rows in all, and rows of each severity): the run fetches no more. */
export interface FindingsNeed {
  rows: number;
  perSeverity: number;
  /**
   * A reporter reads every finding afterwards, through the run's finding set (the SARIF run, the fixed findings'
   * threads): the run then reads whole pages, the ones streamScanFindings plans, so that each page it reads is
   * handed on, not read again.
   */
  wholePages?: boolean | undefined;
  /** The fixes of up to this many findings that fail the gate, read after the verdict. */
  fixes?: number | undefined;
}

/**
 * Waits for a scan until it ends. The client polls one scan (the action, `svc scan`); a fleet passes its one
 * watcher of every scan in flight, which reads them in batches.
 */
export type ScanWatcher = Pick<ServiceClient, 'waitForScan'>;

/**
 * Sends the start of the head scan. The client sends it as it is; a fleet passes a guard that records it in the
 * ledger first and never starts a repository's scan twice (it may hand back a scan it adopts instead).
 */
export type ScanStarter = Pick<ServiceClient, 'createScan'> & {
  /** Whether the scan it handed back was adopted (an earlier attempt's) rather than started by this run. */
  adopted?: (id: string) => boolean;
};

/** Everything the steps of one run share, made once by the face that runs it. */
export interface RunContext {
  client: ServiceClient;
  settings: Readonly<Settings>;
  log: Logger;
  record: ScanRecord;
  /** Aborted at the run's deadline or when the runner asks the step to stop: every request takes it. */
  signal: AbortSignal;
  /** Aborted only when the runner asks the step to stop (SIGINT/SIGTERM). */
  stopSignal: AbortSignal;
  deadline: RunDeadline;
  now: () => number;
  progress: RunProgress;
  /** The findings the reporters will show, planned before the scan: the run fetches no more. */
  findingsNeed: FindingsNeed;
  /**
   * Called once the scan has started (the check run then shows it running). May return the need as it stands
   * then, never larger than the planned one: a reporter that stood down (the check run refused) shows fewer.
   */
  onScanStarted: (scan: ReportedScan) => Promise<FindingsNeed | undefined>;
  /** The change this run judges (a pull request of the scanned repository), as its host tells it. */
  change: ChangeUnderReview | undefined;
  /** The repository's policy: what the gate leaves out, and what is in scope. */
  policy: RunPolicy;
  /**
   * The run's finding set, when the face keeps one: the pages the run reads go through it, so a reporter that
   * reads them all afterwards (the SARIF run) asks the service for none of them again.
   */
  findingReading?: FindingLister | undefined;
  /**
   * Whether the face shows the credits and the AI-security posture (the action's summary does). When false, the
   * run reads neither: only what the gate needs (compliance, with frameworks) and what the settings start (the
   * AI analysis). Default: true.
   */
  showsInsights?: boolean | undefined;
  /**
   * The service's repository, when the face has looked it up already (a fleet reads the list once, not once per
   * repository): the run then asks for it no more. It must be `settings.repository`.
   */
  repository?: Repository | undefined;
  /**
   * How this face finds the scan a change under review is compared with (src/run/baseline-step.ts holds the
   * action's and svc scan's). Undefined for a face without one: the run compares with no baseline, reads no
   * recent scans for one, and the gate judges every finding.
   */
  baselineFinder?: BaselineFinder | undefined;
  /**
   * The face shows no finding and judges the counts alone (a fleet, on each report's severity_breakdown): the
   * run reads the report and no page of findings. Ignored under a policy that can leave findings out.
   */
  countsOnly?: boolean | undefined;
  /**
   * Under a policy that can leave findings out, every severity is read whole, not only those at or above fail-on:
   * no count then holds a finding the policy leaves out, whatever its severity (svc scan's counts).
   */
  wholeUnderPolicy?: boolean | undefined;
  /** Who waits for the scan; default: the client, polling this one scan. */
  scanWatcher?: ScanWatcher | undefined;
  /** Who sends the scan's start; default: the client. */
  scanStarter?: ScanStarter | undefined;
}

/** The commit a change is compared with, and where it came from (for the log and the summary). */
export interface BaselineCommit {
  sha: string;
  source: string;
}

/** The baseline a change is compared with: its commit, and the scan of it the face's finder had. */
export interface BaselineChoice {
  commit: BaselineCommit;
  /** A completed scan of the baseline commit, found or started. */
  scan: Scan | undefined;
  /** The action started it: it costs a scan, and it is cancelled if still running when the run ends. */
  started: boolean;
  /** Why there is no baseline scan, when there is none. */
  missing?: string;
}

/**
 * Finds, for a change under review, a completed scan of its baseline commit with the head scan's modules, from
 * the repository's newest scans (`scans`: undefined when they could not be read), or starts one, and waits for
 * it beside the head scan. Undefined when the change has no baseline commit; a `missing` reason when there is no
 * scan of it. Throws only for the run's stop or deadline.
 */
export interface BaselineFinder {
  /** For the log and the tests: which finder a face chose. */
  readonly name: string;
  find(
    context: RunContext,
    head: Scan,
    scans: readonly Scan[] | undefined,
    repositoryId: string,
  ): Promise<BaselineChoice | undefined>;
}

/**
 * A change under review (a pull request), read from the host that holds it: the run compares the scan of its
 * head with a scan of its baseline commit through its diff, and never needs to know who the host is.
 */
export interface ChangeUnderReview {
  /** The scanned head commit. */
  headSha: string;
  /** The commit to compare with; undefined when there is none to compare with. Never throws for a host refusal. */
  baselineCommit(signal: AbortSignal): Promise<BaselineCommit | undefined>;
  /** The change's files and patches; an unavailable diff, with the reason, when they cannot be read. */
  diff(signal: AbortSignal): Promise<PullRequestDiff>;
}
