import type { Logger } from '../client/index.ts';
import type { ReportedScan, RunReport } from '../domain/run-report.ts';
import type { GitHubSide } from '../report/github-side.ts';
import { jobSummaryReporter } from '../report/summary/job-summary-reporter.ts';
import { outputsReporter } from '../report/outputs/outputs-reporter.ts';
import {
  NOTHING_DELIVERED,
  STAGES,
  mergeDeliveries,
  type ReportContext,
  type Reporter,
  type ReporterStage,
} from '../report/reporter.ts';
import { runnerToolkit, toolkitLogger, type Toolkit } from '../github/toolkit.ts';

/*
 * The reporters that are on, told the start and the report. Apart from setting them up (src/action/reporting.ts,
 * the registry and the GitHub client): a refused input is reported through the job summary and the outputs alone,
 * without loading the others.
 */

/** A reporter that is on, and its stage. */
export interface StagedReporter {
  reporter: Reporter;
  stage: ReporterStage;
}

export interface Reporting {
  /** In the registry's order; they run stage by stage. */
  reporters: StagedReporter[];
  /** The context every reporter gets; `delivery` is what the stages before delivered. */
  context: ReportContext;
  /** GitHub, when a token and the workflow's repository and commit allow calling it. */
  github: GitHubSide | undefined;
  /** Lets go of what the reporters read from until they are done (the finding set's spill file). */
  close?: () => Promise<void>;
}

/** What reporting needs when the inputs could not even be read: the summary and the outputs still speak. */
export function minimalReporting(toolkit: Toolkit): Reporting {
  return {
    reporters: [
      { reporter: jobSummaryReporter, stage: 'view' },
      { reporter: outputsReporter, stage: 'outputs' },
    ],
    context: reportContextOver(toolkit),
    github: undefined,
  };
}

/**
/**
 * A reporter's context over the runner's toolkit: the action's log, the runner without its log methods, nothing
 * delivered yet, and no settings unless given.
 */
export function reportContextOver(toolkit: Toolkit, given: Partial<ReportContext> = {}): ReportContext {
  return {
    log: toolkitLogger(toolkit),
    toolkit: runnerToolkit(toolkit),
    settings: undefined,
    links: undefined,
    runUrl: undefined,
    delivery: NOTHING_DELIVERED,
    ...given,
  };
}

/**
 * Tells every reporter that the scan started; a failure is a warning, never the run's. Returns the reporters that
 * stood down then, each with the one standing in for it (the run reads no more than the stand-in shows).
 */
export async function announceStart(
  reporting: Reporting,
  scan: ReportedScan,
): Promise<ReadonlyMap<Reporter, Reporter>> {
  const standIns = new Map<Reporter, Reporter>();
  for (const { reporter } of reporting.reporters) {
    if (!reporter.start) continue;
    const standIn = await reporter.start(scan, reporting.context).catch((error: unknown) => {
      warn(reporting.context.log, reporter.name, error);
    });
    if (standIn) standIns.set(reporter, standIn);
  }
  return standIns;
}

/**
 * Runs the reporters stage by stage: the sinks, then the views from what the sinks delivered, then the outputs
 * from everything; within a stage, in the registry's order. Each sees what every reporter before it delivered,
 * merged and frozen (an upload sees the SARIF file written); one reporter's failure is a warning, and the rest
 * (the outputs last) run whatever happened to it.
 */
export async function deliver(reporting: Reporting, report: Readonly<RunReport>): Promise<void> {
  let delivery = reporting.context.delivery;
  for (const stage of STAGES) {
    for (const { reporter } of reporting.reporters.filter((staged) => staged.stage === stage)) {
      const context = { ...reporting.context, delivery };
      try {
        delivery = mergeDeliveries(delivery, [await reporter.finish(report, context)]);
      } catch (error) {
        warn(context.log, reporter.name, error);
      }
    }
  }
}

function warn(log: Logger, name: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  log.warning(`Could not write the ${name}: ${reason}. The verdict stands.`);
}
