import type { FileLinkBase } from '../text/file-links.ts';
import type { FindingFilter } from '../domain/finding-filter.ts';
import type { ReportedScan, RunReport } from '../domain/run-report.ts';
import type { GitHubEnvironment } from '../github/github-environment.ts';
import type { FindingLister } from '../run/finding-stream.ts';
import type { InputManifest, InputTable, ParsedInputs } from '../run/input-descriptor.ts';
import {
  grantOf,
  permissionPlanOf,
  scopesText,
  type FeaturePermissions,
  type PermissionPlan,
} from '../github/token-permissions.ts';
import type { FindingsNeed } from '../run/run-context.ts';
import type { RunPolicy } from '../run/run-policy.ts';
import type { RunOrigin } from '../run/settings.ts';
import type { Logger } from '../client/index.ts';
import type { SharedSettings } from './shared-inputs.ts';
import type { RunnerToolkit } from '../github/toolkit.ts';
import type { GitHubSide } from './github-side.ts';

export type { FindingsNeed };

/**
 * One kind of thing a reporter delivers, named and typed: the sink that delivers it declares its key (beside it,
 * in a file light enough for the views on the start path to load), and the views that show it look it up by the
 * key. `empty` is what a view sees when nothing was delivered under it. A new sink declares a key of its own and
 * edits no shared type.
 */
export interface DeliveryKey<T> {
  readonly name: string;
  readonly empty: T;
}

export function deliveryKey<T>(name: string, empty: T): DeliveryKey<T> {
  return Object.freeze({ name, empty });
}

/** A value delivered under its key. */
export interface Delivered<T = unknown> {
  readonly key: DeliveryKey<T>;
  readonly value: T;
}

export function delivered<T>(key: DeliveryKey<T>, value: T): Delivered<T> {
  return { key, value };
}

/** What one reporter delivered: values under their keys, the outputs it names, and the notes for the summary. */
export interface DeliveryPart {
  readonly delivered?: readonly Delivered[];
  /** Outputs named by what a reporter delivered (`check-run-id`, …): the outputs reporter sets them with the rest. */
  readonly outputs?: Readonly<Record<string, string>>;
  /** Warnings for the job summary's notes (plain text): what a sink left undone, and how to fix it. */
  readonly notes?: readonly string[];
}

/**
 * What the reporters delivered, merged from the parts their `finish` returned and frozen: the views (the comment,
 * the summary) look up what the sinks delivered by key, and the outputs reporter sets every output named.
 */
export class Delivery {
  readonly #values: ReadonlyMap<DeliveryKey<unknown>, unknown>;
  readonly outputs: Readonly<Record<string, string>>;
  readonly notes: readonly string[];

  constructor(
    values: ReadonlyMap<DeliveryKey<unknown>, unknown>,
    outputs: Readonly<Record<string, string>>,
    notes: readonly string[],
  ) {
    this.#values = values;
    this.outputs = Object.freeze({ ...outputs });
    this.notes = Object.freeze([...notes]);
    Object.freeze(this);
  }

  /** What was delivered under `key` last, or its empty value. */
  of<T>(key: DeliveryKey<T>): T {
    return this.#values.has(key) ? (this.#values.get(key) as T) : key.empty;
  }

  /** A new delivery with the parts merged in order, the outputs and notes of each kept: this one is left as it is. */
  with(parts: readonly (DeliveryPart | undefined)[]): Delivery {
    const values = new Map(this.#values);
    let outputs = this.outputs;
    let notes = this.notes;
    for (const part of parts) {
      if (part === undefined) continue;
      for (const { key, value } of part.delivered ?? []) values.set(key, value);
      outputs = { ...outputs, ...part.outputs };
      notes = [...notes, ...(part.notes ?? [])];
    }
    return new Delivery(values, outputs, notes);
  }
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
  delivery: Delivery;
  /** What the run's settings need of the workflow's token, planned before the scan (none without GitHub). */
  permissions?: PermissionPlan | undefined;
}

/**
 * What a refused feature asks the user to add (its own declaration), and, when the run's plan needs more, all of
 * it: one edit of the workflow then fixes every refusal at once.
 */
export function permissionsAdvice(
  feature: FeaturePermissions,
  context: Pick<ReportContext, 'permissions'>,
): string {
  // A fork's pull request gets a read-only token: a write is never granted there, a read is.
  const writes = feature.needs.some((need) => need.access === 'write');
  const fork = writes ? ' (a pull request from a fork never gets it)' : '';
  const own = `add ${grantOf(feature)} to the job's \`permissions:\`${fork}`;
  const plan = context.permissions;
  const all = plan && scopesText(plan);
  if (all === undefined || all === scopesText(permissionPlanOf([feature]))) return own;
  return `${own}; this run's settings need ${all} in all`;
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
  /**
   * Why what GitHub holds of the workflow's commits (alerts, a pull request's lines) does not describe the
   * scanned commit, when it does not: another repository or commit was scanned, or the pull request's head is not
   * the scanned commit. Undefined when the run scans the workflow's own head.
   */
  notWorkflowHead: string | undefined;
}

/**
 * Work a reporter's feature does before the verdict, declared by its descriptor and run by the conductor: the
 * policy the gate judges with, given what the feature knows (code scanning: the alerts a person dismissed). It
 * never throws for its feature's failure (it says so and hands the policy on as it was: fail closed).
 */
export type BeforeVerdict = (policy: RunPolicy) => Promise<RunPolicy>;

/** What a reporter needs from the run, said by its descriptor (the findings it shows are the reporter's `needs`). */
export type RunNeed =
  | 'github'
  | 'pull-request'
  | 'findings shown'
  | 'every finding at or above the floor'
  | 'fixes of failing findings';

/**
 * A feature as it declares itself, in one light file of its folder (`<feature>-manifest.ts`) that the action's
 * start path loads without loading the reporter: src/action/reporters/registry.ts lists the manifests, and
 * everything else is derived from them (the settings and their type, action.yml, the README's tables, the policy's
 * schema and docs/policy-file.md's keys, the inputs the fleet ignores). Every field is required, so a manifest
 * that leaves one out fails the typecheck naming it: an empty list says "none".
 */
export interface FeatureManifest<
  I extends InputTable<RunOrigin> = InputTable<RunOrigin>,
  S = ParsedInputs<I>,
> extends InputManifest<I> {
  readonly stage: ReporterStage;
  /** The outputs it sets, by name, with action.yml's description. */
  readonly outputs: Readonly<Record<string, string>>;
  /** What it needs of the workflow's token when it is on: the run's plan, its refusals and the README say it. */
  readonly permissions: readonly FeaturePermissions[];
  /** The keys it delivers under, for the views that show what it did (none: a view or a sink nobody reads). */
  readonly deliveryKeys: readonly DeliveryKey<unknown>[];
  /** What it needs from the run; the findings it shows are its reporter's `needs`. */
  readonly needs: readonly RunNeed[];
  /**
   * What its work before the verdict needs of the token, when it has such work (its reporter then plans it:
   * `planBeforeVerdict`), whether or not the reporter itself is on; undefined when it has none.
   */
  readonly beforeVerdict: FeaturePermissions | undefined;
  /**
   * Its own settings from its parsed inputs, once every input is read (a default that follows another input,
   * one naming the repository): the one place such a choice is made. Undefined: the inputs as parsed.
   */
  readonly settle: ((own: ParsedInputs<I>, settings: Readonly<SharedSettings>) => S) | undefined;
  /** Its reporter, imported only when the run reports (a refused input loads none). */
  readonly reporter: () => Promise<ReporterFactory<NoInfer<S>>>;
}

/**
 * What a feature's reporter file exports: `create` gets the feature's own settings and the run and makes the
 * reporter, or nothing when it is off; `planBeforeVerdict` makes its work before the verdict (declared by the
 * manifest's `beforeVerdict`), or nothing when its settings turn none on. The conductor runs each in the
 * registry's order.
 */
export interface ReporterFactory<S> {
  create(own: S, run: ReporterRun): Reporter | undefined;
  planBeforeVerdict?(own: S, run: ReporterRun): BeforeVerdict | undefined;
}

/** A manifest, typed by its inputs and its settled settings (the registry holds them side by side). */
export function describeFeature<I extends InputTable<RunOrigin>, S = ParsedInputs<I>>(
  manifest: FeatureManifest<I, S>,
): FeatureManifest<I, S> {
  return Object.freeze(manifest);
}

export const NOTHING_DELIVERED: Delivery = new Delivery(new Map(), {}, []);

/** The parts merged in order, the outputs and notes of each kept, and frozen: no reporter writes into another's. */
export function mergeDeliveries(base: Delivery, parts: readonly (DeliveryPart | undefined)[]): Delivery {
  return base.with(parts);
}
