import type { FileLinkBase } from '../../core/file-links.ts';
import type { FindingFilter } from '../../core/finding-filter.ts';
import type { ReportedScan, RunReport } from '../../core/run-report.ts';
import type { GitHubEnvironment } from '../../github/github-environment.ts';
import type { FindingLister } from '../../run/finding-stream.ts';
import type { InputTable, ParsedInputs } from '../../run/input-descriptor.ts';
import type { FindingsNeed } from '../../run/run-context.ts';
import type { RunOrigin } from '../../run/settings.ts';
import type { Logger } from '../../client/index.ts';
import type { SharedSettings } from '../shared-inputs.ts';
import type { RunnerToolkit } from '../toolkit.ts';
import type { GitHubSide } from './github-side.ts';

export type { FindingsNeed };

/** Where the annotations went, so the summary and the comment can say it. */
type AnnotationSink = 'check run' | 'workflow commands' | 'none';

/**
 * What the reporters delivered, merged from the parts their `finish` returned and frozen: the sinks' parts are
 * what the views (the comment, the summary) render, and all of them what the outputs set.
 */
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
  /** Outputs named by what a reporter delivered (`check-run-id`, …): the outputs reporter sets them with the rest. */
  outputs: Readonly<Record<string, string>>;
  /** Warnings for the job summary's notes (plain text): what a sink left undone, and how to fix it. */
  notes: readonly string[];
}

/** What one reporter delivered: the fields it fills. */
export type DeliveryPart = Partial<Delivery>;

interface SarifFileDelivery {
  /** Absolute path. */
  path: string;
  results: number;
  /** Findings at or above the floor that GitHub's limits kept out of the file. */
  leftOut: number;
}

export interface ReportContext {
  /** The action's log: plain text in, escaped once for the log (a warning is an annotation). */
  log: Logger;
  /** What only the runner does: outputs, the summary, annotations. No log methods: a reporter logs through `log`. */
  toolkit: RunnerToolkit;
  /** Undefined when the inputs could not be read: only the summary and the outputs can still report. */
  settings: Readonly<SharedSettings> | undefined;
  /** Links to the scanned files, when the scanned repository is the workflow's own. */
  links: FileLinkBase | undefined;
  /** The workflow run's page, where the job summary is. */
  runUrl: string | undefined;
  /** What every reporter that ran before this one delivered (stage, then registry order), merged and frozen. */
  delivery: Readonly<Delivery>;
}

/**
 * One place a run is reported to. Each reporter escapes what it sends to its own sink (a comment, a check run, a
 * file) and keeps to that sink's budget; its log lines go through the context's `log`, which escapes them. One
 * that fails (GitHub down, a permission refused) says so in the log and never changes the verdict.
 */
export interface Reporter {
  readonly name: string;
  /** The findings this reporter shows: the run's read plan takes the largest need of the reporters that are on. */
  readonly needs?: FindingsNeed;
  /**
   * Called once the scan has started, so a pull request shows it running. Returns the reporter standing in for
   * it from then on when it stood down (the check run refused), so the run reads only what that one shows.
   */
  start?(scan: ReportedScan, context: ReportContext): Promise<Reporter | undefined>;
  /** Reports the run, and returns what it delivered (nothing for a reporter the others do not read). */
  finish(report: Readonly<RunReport>, context: ReportContext): Promise<DeliveryPart | undefined>;
}

/**
 * When a reporter runs: every sink first (the log, the annotations, the suggestions, files), then the views
 * rendered from what the sinks delivered (the comment, the summary), then the outputs from everything.
 */
export const STAGES = ['sink', 'view', 'outputs'] as const;
export type ReporterStage = (typeof STAGES)[number];

/** What a reporter's factory gets from the run that the face set up. */
export interface ReporterRun {
  settings: Readonly<SharedSettings>;
  toolkit: RunnerToolkit;
  /** The action's log, as the context's `log`. */
  logger: Logger;
  environment: GitHubEnvironment;
  /** GitHub, when a token and the workflow's repository and commit allow calling it. */
  github: GitHubSide | undefined;
  /** The pull request this run judges: only the workflow's own repository, at its head. */
  pullRequest: number | undefined;
  /** The run's finding set: a page the run read is handed on, never asked for again. */
  findings: FindingLister;
  /** The run's signal (its deadline, the runner's stop). */
  signal: AbortSignal;
  /** The repository's policy: what it leaves out, and what it suppresses. */
  policyFilter: FindingFilter;
}

/** What a reporter needs from the run, said by its descriptor (the findings it shows are the reporter's `needs`). */
export type RunNeed =
  | 'github'
  | 'pull-request'
  | 'findings shown'
  | 'every finding at or above the floor'
  | 'fixes of failing findings';

/**
 * A reporter as it declares itself: the one file that adds a place to report to holds this (its name and inputs
 * come from src/action/reporters/reporter-inputs.ts), and src/action/reporters/registry.ts lists it. Its inputs are parsed with the others' (action.yml, the README and
 * the policy's schema are checked against them); its factory makes the reporter, or nothing when it is off.
 */
export interface ReporterDescriptor<
  I extends InputTable<RunOrigin> = InputTable<RunOrigin>,
> extends ReporterInputs<I> {
  readonly stage: ReporterStage;
  /** The outputs it sets, by name, with action.yml's description. */
  readonly outputs: Readonly<Record<string, string>>;
  readonly needs: readonly RunNeed[];
  create(own: ParsedInputs<I>, run: ReporterRun): Reporter | undefined;
}

/**
 * A reporter's name and inputs: what the settings read (src/action/reporters/reporter-inputs.ts holds them,
 * apart from the reporters, so that checking the inputs loads none of them).
 */
export interface ReporterInputs<I extends InputTable<RunOrigin> = InputTable<RunOrigin>> {
  readonly name: string;
  /** Its inputs, by the field of the settings each fills. */
  readonly inputs: I;
  /** Fills in what depends on the run's settings once every input is read (a default naming the repository). */
  readonly settle?: (own: ParsedInputs<I>, settings: Readonly<SharedSettings>) => ParsedInputs<I>;
}

/** A reporter's inputs, typed by their table. */
export function describeReporterInputs<I extends InputTable<RunOrigin>>(
  inputs: ReporterInputs<I>,
): ReporterInputs<I> {
  return inputs;
}

/** A descriptor, typed by its inputs (the registry holds them side by side). */
export function describeReporter<I extends InputTable<RunOrigin>>(
  descriptor: ReporterDescriptor<I>,
): ReporterDescriptor<I> {
  return descriptor;
}

export const NOTHING_DELIVERED: Readonly<Delivery> = Object.freeze({
  annotations: Object.freeze({ sink: 'none', shown: 0, notShown: 0 }),
  checkRun: undefined,
  commentUrl: undefined,
  suggestionsPosted: 0,
  foldedFixes: Object.freeze([]),
  sarifFile: undefined,
  outputs: Object.freeze({}),
  notes: Object.freeze([]),
} satisfies Delivery);

/** The parts merged in order, the outputs and notes of each kept, and frozen: no reporter writes into another's. */
export function mergeDeliveries(
  base: Readonly<Delivery>,
  parts: readonly (DeliveryPart | undefined)[],
): Readonly<Delivery> {
  let merged: Delivery = { ...base };
  for (const part of parts) {
    if (part === undefined) continue;
    merged = {
      ...merged,
      ...part,
      outputs: { ...merged.outputs, ...part.outputs },
      notes: [...merged.notes, ...(part.notes ?? [])],
    };
  }
  return Object.freeze({
    ...merged,
    outputs: Object.freeze({ ...merged.outputs }),
    notes: Object.freeze([...merged.notes]),
  });
}
