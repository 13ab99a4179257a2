import type { FileLinkBase } from '../../core/file-links.ts';
import type { ReportedScan, RunReport } from '../../core/run-report.ts';
import { escapeAnnotationMessage } from '../../core/escape.ts';
import type { FindingsNeed } from '../../run/run-context.ts';
import type { Settings } from '../../run/settings.ts';
import type { Toolkit } from '../toolkit.ts';

export type { FindingsNeed };

/** Where the annotations went, so the summary and the comment can say it. */
export type AnnotationSink = 'check run' | 'workflow commands' | 'none';

/** What the reporters have written so far, for the ones after them (the summary links the check run). */
export interface Delivery {
  annotations: { sink: AnnotationSink; shown: number; notShown: number };
  checkRun: { id: number; url: string } | undefined;
  commentUrl: string | undefined;
  /** Fix suggestions posted on the pull request in this run. */
  suggestionsPosted: number;
  /** Fixes shown folded (markdown, escaped), each with why it is not a suggestion. */
  foldedFixes: readonly string[];
  /** The SARIF file written, for the summary and the `sarif-file` output. */
  sarifFile: SarifFileDelivery | undefined;
}

export interface SarifFileDelivery {
  /** Absolute path. */
  path: string;
  results: number;
  /** Findings at or above the floor that GitHub's limits kept out of the file. */
  leftOut: number;
}

export interface ReportContext {
  toolkit: Toolkit;
  /** Undefined when the inputs could not be read: only the summary and the outputs can still report. */
  settings: Readonly<Settings> | undefined;
  /** Links to the scanned files, when the scanned repository is the workflow's own. */
  links: FileLinkBase | undefined;
  /** The workflow run's page, where the job summary is. */
  runUrl: string | undefined;
  delivery: Delivery;
}

/**
 * One place a run is reported to. Each reporter does its own escaping and keeps to its own size budget; one
 * that fails (GitHub down, a permission refused) says so in the log and never changes the verdict.
 */
export interface Reporter {
  readonly name: string;
  /** The findings this reporter shows: the run fetches the largest need of the reporters that are on. */
  readonly needs?: FindingsNeed;
  /** Called once the scan has started, so a pull request shows it running. */
  start?(scan: ReportedScan, context: ReportContext): Promise<void>;
  finish(report: Readonly<RunReport>, context: ReportContext): Promise<void>;
}

export function emptyDelivery(): Delivery {
  return {
    annotations: { sink: 'none', shown: 0, notShown: 0 },
    checkRun: undefined,
    commentUrl: undefined,
    suggestionsPosted: 0,
    foldedFixes: [],
    sarifFile: undefined,
  };
}

/** The largest need of the reporters: the run fetches no finding that none of them shows. */
export function combinedNeed(reporters: readonly Reporter[]): FindingsNeed {
  return reporters.reduce<FindingsNeed>(
    (need, reporter) => ({
      rows: Math.max(need.rows, reporter.needs?.rows ?? 0),
      perSeverity: Math.max(need.perSeverity, reporter.needs?.perSeverity ?? 0),
    }),
    { rows: 0, perSeverity: 0 },
  );
}

/**
 * The largest need, read when the findings are fetched rather than when the run starts: by then a reporter
 * refused at the scan's start (the check run without `checks: write`) may need fewer.
 */
export function liveNeed(reporters: readonly Reporter[]): FindingsNeed {
  return {
    get rows() {
      return combinedNeed(reporters).rows;
    },
    get perSeverity() {
      return combinedNeed(reporters).perSeverity;
    },
  };
}

/** Tells every reporter that the scan started; a failure is a warning, never the run's. */
export async function announceStart(
  reporters: readonly Reporter[],
  scan: ReportedScan,
  context: ReportContext,
): Promise<void> {
  for (const reporter of reporters) {
    if (!reporter.start) continue;
    await reporter.start(scan, context).catch((error: unknown) => {
      warn(context.toolkit, reporter.name, error);
    });
  }
}

/** Runs each reporter in order; the last one (the outputs) runs whatever happened to the others. */
export async function deliver(
  reporters: readonly Reporter[],
  report: Readonly<RunReport>,
  context: ReportContext,
): Promise<void> {
  for (const reporter of reporters) {
    try {
      await reporter.finish(report, context);
    } catch (error) {
      warn(context.toolkit, reporter.name, error);
    }
  }
}

function warn(toolkit: Toolkit, name: string, error: unknown): void {
  const reason = error instanceof Error ? error.message : String(error);
  toolkit.warning(escapeAnnotationMessage(`Could not write the ${name}: ${reason}. The verdict stands.`));
}
