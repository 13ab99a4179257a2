import { POLL_DEFAULTS } from './defaults.ts';
import {
  classifyAiAnalysis,
  classifyRemediation,
  classifyScanStatus,
  unknownStatusReporter,
  type JobOutcome,
} from './job-status.ts';
import type { Logger } from './logger.ts';
import type { AIAnalysis, RemediationJob, Scan } from './types.ts';

/** How the poller sees one kind of long-running job: its name, default interval, outcome and description. */
export interface AwaitedJob<T> {
  /** Names the job with its id, e.g. `scan abc`. */
  what: string;
  defaultIntervalMs: number;
  outcome: (job: T) => JobOutcome;
  /** The state shown when the wait times out. */
  describe: (job: T) => string;
}

export function awaitedScan(id: string, logger: Logger): AwaitedJob<Scan> {
  const observe = unknownStatusReporter(logger, `Scan ${id}`);
  return {
    what: `scan ${id}`,
    defaultIntervalMs: POLL_DEFAULTS.scanIntervalMs,
    outcome: (scan) => {
      observe(scan.status);
      return classifyScanStatus(scan.status);
    },
    describe: (scan) => scan.status,
  };
}

export function awaitedAiAnalysis(scanId: string, logger: Logger): AwaitedJob<AIAnalysis> {
  const observe = unknownStatusReporter(logger, `The AI analysis of scan ${scanId}`);
  return {
    what: `the AI analysis of scan ${scanId}`,
    defaultIntervalMs: POLL_DEFAULTS.aiAnalysisIntervalMs,
    outcome: (analysis) => classifyAiAnalysis(analysis, observe),
    describe: (analysis) => {
      if (analysis.status) return analysis.status;
      const runs = analysis.agent_runs.map((run) => run.status);
      return runs.length === 0 ? 'no agent runs yet' : `agent runs ${runs.join(', ')}`;
    },
  };
}

export function awaitedRemediation(id: string, logger: Logger): AwaitedJob<RemediationJob> {
  const observe = unknownStatusReporter(logger, `Remediation job ${id}`);
  return {
    what: `remediation job ${id}`,
    defaultIntervalMs: POLL_DEFAULTS.remediationIntervalMs,
    outcome: (job) => classifyRemediation(job, observe),
    describe: (job) => job.status ?? (job.pr_url ? 'pull request opened' : 'no pull request yet'),
  };
}
