import type { Dispatcher } from 'undici';
import type { Logger } from '../client/index.ts';
import { escapeAnnotationMessage, escapeLogLine } from '../core/escape.ts';
import type { FileLinkBase } from '../core/file-links.ts';
import type { FindingFilter } from '../core/finding-filter.ts';
import type { ReportedScan, RunReport } from '../core/run-report.ts';
import { GitHubClient } from '../github/github-client.ts';
import type { GitHubEnvironment } from '../github/github-environment.ts';
import type { FindingLister } from '../run/finding-stream.ts';
import { ownSettings, type ActionSettings } from './action-settings.ts';
import type { GitHubSide } from './reporters/github-side.ts';
import { jobSummaryReporter } from './reporters/job-summary.ts';
import { outputsReporter } from './reporters/outputs.ts';
import { REPORTER_DESCRIPTORS } from './reporters/registry.ts';
import {
  NOTHING_DELIVERED,
  STAGES,
  mergeDeliveries,
  type ReportContext,
  type Reporter,
  type ReporterRun,
  type ReporterStage,
} from './reporters/reporter.ts';
import type { Toolkit } from './toolkit.ts';

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
}

/** What reporting needs when the inputs could not even be read: the summary and the outputs still speak. */
export function minimalReporting(toolkit: Toolkit): Reporting {
  return {
    reporters: [
      { reporter: jobSummaryReporter, stage: 'view' },
      { reporter: outputsReporter, stage: 'outputs' },
    ],
    context: {
      toolkit,
      settings: undefined,
      links: undefined,
      runUrl: undefined,
      delivery: NOTHING_DELIVERED,
    },
    github: undefined,
  };
}

export interface ReportingInput {
  settings: Readonly<ActionSettings>;
  environment: GitHubEnvironment;
  toolkit: Toolkit;
  /** The project's proxy-aware dispatcher, shared with the service's client. */
  dispatcher: Dispatcher;
  /** Bounds every GitHub request: the run's deadline plus the margin for reporting, and the runner's stop. */
  signal: AbortSignal;
  logger: Logger;
  userAgent: string;
  /** The pull request this run judges (only then are fixes suggested on it). */
  pullRequest: number | undefined;
  /** Links to the scanned files, when the run scans the workflow's own repository at its head. */
  links: FileLinkBase | undefined;
  /** The run's one reading of the findings, its signal, and the repository's policy. */
  findings: FindingLister;
  runSignal: AbortSignal;
  policyFilter: FindingFilter;
}

/** Every reporter of the registry that the settings and the environment turn on, in the registry's order. */
export function setUpReporting(input: ReportingInput): Reporting {
  const { settings, toolkit, environment } = input;
  const github = gitHubSide(input, environment);
  const run: ReporterRun = {
    settings,
    toolkit,
    logger: input.logger,
    environment,
    github,
    pullRequest: input.pullRequest,
    findings: input.findings,
    signal: input.runSignal,
    policyFilter: input.policyFilter,
  };
  const reporters = REPORTER_DESCRIPTORS.flatMap((descriptor): StagedReporter[] => {
    const reporter = descriptor.create(ownSettings(settings, descriptor), run);
    return reporter ? [{ reporter, stage: descriptor.stage }] : [];
  });
  return {
    reporters,
    context: {
      toolkit,
      settings,
      links: input.links,
      runUrl: environment.runUrl,
      delivery: NOTHING_DELIVERED,
    },
    github,
  };
}

/** Tells every reporter that the scan started; a failure is a warning, never the run's. */
export async function announceStart(reporting: Reporting, scan: ReportedScan): Promise<void> {
  for (const { reporter } of reporting.reporters) {
    if (!reporter.start) continue;
    await reporter.start(scan, reporting.context).catch((error: unknown) => {
      warn(reporting.context.toolkit, reporter.name, error);
    });
  }
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
        warn(context.toolkit, reporter.name, error);
      }
    }
  }
}

function warn(toolkit: Toolkit, name: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  toolkit.warning(escapeAnnotationMessage(`Could not write the ${name}: ${reason}. The verdict stands.`));
}

function gitHubSide(input: ReportingInput, environment: GitHubEnvironment): GitHubSide | undefined {
  const { owner, repo, sha } = environment;
  const token = input.settings.githubToken;
  if (!token || !owner || !repo || !sha) return undefined;
  try {
    const client = new GitHubClient({
      token,
      apiUrl: environment.apiUrl,
      dispatcher: input.dispatcher,
      signal: input.signal,
      logger: input.logger,
      userAgent: input.userAgent,
    });
    return { client, environment: { ...environment, owner, repo, sha } };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    input.toolkit.info(escapeLogLine(`Not reporting to GitHub: ${reason}`));
    return undefined;
  }
}
