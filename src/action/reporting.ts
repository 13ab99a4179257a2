import type { Dispatcher } from 'undici';
import type { Logger } from '../client/index.ts';
import type { FileLinkBase } from '../text/file-links.ts';
import type { FindingFilter } from '../domain/finding-filter.ts';
import { GitHubClient } from '../github/github-client.ts';
import type { GitHubEnvironment } from '../github/github-environment.ts';
import { TokenAccount } from '../github/token-account.ts';
import {
  permissionPlanOf,
  scopesText,
  type FeaturePermissions,
  type PermissionPlan,
} from '../github/token-permissions.ts';
import type { FindingLister } from '../run/finding-stream.ts';
import { FindingSet } from '../run/finding-set.ts';
import { SpillFile } from '../run/spill-file.ts';
import { readPlanOf, type PlannedReporter, type ReadPlan } from './read-plan.ts';
import { ownSettings, type ActionSettings } from './action-settings.ts';
import type { GitHubSide } from '../report/github-side.ts';
import { FEATURE_MANIFESTS } from './reporters/registry.ts';
import { NOTHING_DELIVERED, type BeforeVerdict, type ReporterRun } from '../report/reporter.ts';
import type { RunPolicy } from '../run/run-policy.ts';
import type { Reporting, StagedReporter } from './report-delivery.ts';
import { runnerToolkit, toolkitLogger, type Toolkit } from '../github/toolkit.ts';

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
  /** The service's list of findings (read through the run's finding set), the run's signal, and the policy. */
  findings: FindingLister;
  runSignal: AbortSignal;
  policyFilter: FindingFilter;
  /** Why GitHub's view of the workflow's commits does not describe the scanned one, when it does not. */
  notWorkflowHead: string | undefined;
  /**
   * Where the finding set spills past its bound: the runner's temporary directory (RUNNER_TEMP, emptied at each
   * job's end even when the step is killed), else the system's.
   */
  spillDirectory: string | undefined;
}

/** The reporters that are on, the read plan they make, the finding set it keeps, and their work before the verdict. */
export interface PlannedReporting extends Reporting {
  planned: readonly PlannedReporter[];
  plan: ReadPlan;
  findings: FindingSet;
  /** What the manifests declared for before the verdict, in the registry's order. */
  beforeVerdict: readonly BeforeVerdict[];
  /** What the reporters that are on and the work before the verdict need of the workflow's token. */
  permissions: PermissionPlan;
}

type PlannedFeatures = Pick<PlannedReporting, 'beforeVerdict' | 'permissions'> & {
  planned: (StagedReporter & PlannedReporter)[];
};

/**
 * What the manifests make and declare for these settings, in the registry's order: the reporters that are on
 * (each feature's reporter imported now, once the inputs were accepted), the work before the verdict, and the
 * permissions of the token both need.
 */
async function planFeatures(settings: Readonly<ActionSettings>, run: ReporterRun): Promise<PlannedFeatures> {
  const factories = await Promise.all(FEATURE_MANIFESTS.map((feature) => feature.reporter()));
  const planned: (StagedReporter & PlannedReporter)[] = [];
  const beforeVerdict: BeforeVerdict[] = [];
  const features: FeaturePermissions[] = [];
  for (const [index, feature] of FEATURE_MANIFESTS.entries()) {
    const factory = factories[index] as (typeof factories)[number];
    const own = ownSettings(settings, feature);
    const reporter = factory.create(own, run);
    if (reporter) planned.push({ reporter, stage: feature.stage, runNeeds: feature.needs });
    // Without GitHub (no token, or no repository and commit), nothing is asked of a token.
    if (reporter && run.github) features.push(...feature.permissions);
    const work = feature.beforeVerdict && factory.planBeforeVerdict?.(own, run);
    if (feature.beforeVerdict === undefined || !work) continue;
    beforeVerdict.push(work);
    features.push(feature.beforeVerdict);
  }
  return { planned, beforeVerdict, permissions: permissionPlanOf(features) };
}

/**
 * Every reporter of the registry that the settings and the environment turn on, in the registry's order; then,
 * before any scan, the read plan of what they show and declare, and the finding set every reader shares.
 */
export async function setUpReporting(input: ReportingInput): Promise<PlannedReporting> {
  const { settings, environment } = input;
  // The action's log for the reporters (a warning is an annotation); the GitHub client keeps input.logger's.
  const log = toolkitLogger(input.toolkit);
  const toolkit = runnerToolkit(input.toolkit);
  const github = gitHubSide(input, environment, log);
  // The reporters read the findings only once the run is over, through the set the plan below makes.
  const set: { findings?: FindingSet } = {};
  const run: ReporterRun = {
    settings,
    toolkit,
    logger: log,
    environment,
    github,
    pullRequest: input.pullRequest,
    findings: {
      listFindings: (params, options) => (set.findings as FindingSet).listFindings(params, options),
    },
    signal: input.runSignal,
    policyFilter: input.policyFilter,
    notWorkflowHead: input.notWorkflowHead,
  };
  const { planned, beforeVerdict, permissions } = await planFeatures(settings, run);
  log.debug(`The token's permissions this run's settings need: ${scopesText(permissions)}.`);
  const plan = readPlanOf(planned);
  set.findings = new FindingSet(input.findings, plan.everyFinding, {
    spill: new SpillFile(input.spillDirectory || undefined),
  });
  return {
    reporters: planned.map(({ reporter, stage }) => ({ reporter, stage })),
    planned,
    plan,
    findings: set.findings,
    beforeVerdict,
    permissions,
    close: () => (set.findings as FindingSet).close(),
    context: {
      log,
      toolkit,
      settings,
      links: input.links,
      runUrl: environment.runUrl,
      delivery: NOTHING_DELIVERED,
      permissions,
    },
    github,
  };
}

/** The policy the gate judges with: the run's, through each reporter's work before the verdict in turn. */
export async function policyBeforeVerdict(
  reporting: Pick<PlannedReporting, 'beforeVerdict'>,
  policy: RunPolicy,
): Promise<RunPolicy> {
  let judged = policy;
  for (const work of reporting.beforeVerdict) judged = await work(judged);
  return judged;
}

function gitHubSide(
  input: ReportingInput,
  environment: GitHubEnvironment,
  log: Logger,
): GitHubSide | undefined {
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
    const isWorkflowToken = token === input.settings.workflowToken;
    return {
      client,
      account: new TokenAccount(client, { isWorkflowToken, serverUrl: environment.serverUrl }),
      environment: { ...environment, owner, repo, sha },
    };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    log.info(`Not reporting to GitHub: ${reason}`);
    return undefined;
  }
}
