import type { FleetOptions, FleetSelection } from '../fleet/fleet-options.ts';
import { fleetRunId } from '../fleet/run-id.ts';
import { InputError, type RunOrigin } from '../run/settings.ts';
import { ActionInputs, INPUT_DEFAULTS } from './action-settings.ts';
import { FLEET_INPUTS, readFleetInputs } from './fleet-inputs.ts';

/**
 * The action's fleet mode, read from the inputs alone (it reads no policy file: each repository of the fleet would
 * have its own): the fleet's options, the service's URL and key, and what to tell the user about the inputs the
 * workflow set that this mode does not use.
 */
export interface FleetStepSettings {
  options: FleetOptions;
  /**
   * The ledger is the step's own, begun afresh: the workflow named none, so a file at the default path is no
   * earlier run's of this job that the workflow restored, but whatever an earlier step left there, and a ledger
   * names the scans the fleet takes as its own.
   */
  freshLedger: boolean;
  service: { apiKey: string | undefined; apiUrl: string | undefined };
  /** Plain text, for the log as notices: an input that `repositories` overrides. */
  notices: readonly string[];
  /** Plain text, for the log as warnings: inputs the workflow set that this mode ignores. */
  warnings: readonly string[];
}

/** The inputs fleet mode reads: its own, and some of the run's. */
const FLEET_READS = new Set([
  ...Object.values(FLEET_INPUTS).map((input) => input.name),
  'api-key',
  'api-url',
  'project-id',
  'ref',
  'fail-on',
  'severity-threshold',
  'wait-timeout',
  'poll-interval',
  'upload-sarif',
]);

/** The reporters that write about one repository's scan: the check run, the pull request comment, SARIF. */
const ONE_SCAN_REPORTER_INPUTS = new Set([
  'annotations',
  'max-annotations',
  'check-name',
  'pr-comment',
  'suggest-fixes',
  'max-suggestions',
  'sarif-file',
  'sarif-category',
  'sarif-max-results',
  'wait-for-processing',
  'code-scanning-triage',
]);

/**
 * Defaulted by the runner to its own values (action.yml's expressions), so never told apart from a value the
 * workflow set; `repository` is compared with the workflow's repository instead (see inputsTheWorkflowSet).
 */
const RUNNER_DEFAULTED = new Set(['github-token', 'workflow-token']);

/** Fleet mode is on when the workflow gives `repositories`. */
export function fleetModeOn(inputs: Readonly<Record<string, string>>): boolean {
  return (inputs.repositories ?? '').trim() !== '';
}

/**
 * The inputs the workflow set: present and differing from the default the action would apply (for `repository`,
 * the workflow's own repository, the runner's default).
 */
export function inputsTheWorkflowSet(
  inputs: Readonly<Record<string, string>>,
  env: NodeJS.ProcessEnv,
): string[] {
  return Object.entries(inputs)
    .filter(([name, value]) => {
      const given = value.trim();
      if (given === '' || RUNNER_DEFAULTED.has(name)) return false;
      const byDefault = name === 'repository' ? (env.GITHUB_REPOSITORY ?? '') : (INPUT_DEFAULTS[name] ?? '');
      return given !== byDefault.trim();
    })
    .map(([name]) => name);
}

/** Reads fleet mode's settings; a bad input throws an InputError naming every one, before anything is sent. */
export function fleetStepSettings(
  inputs: Readonly<Record<string, string>>,
  origin: RunOrigin,
  env: NodeJS.ProcessEnv,
): FleetStepSettings {
  const read = new ActionInputs(inputs, origin).checkGiven();
  const {
    selection,
    projectId,
    shards: _shards,
    runId: _runId,
    ledgerPath,
    ...fleet
  } = readFleetInputs(inputs);
  const chosen: FleetSelection = selection ?? { kind: 'all' };
  if (projectId !== undefined && chosen.kind === 'patterns')
    throw new InputError([
      {
        input: 'project-id',
        given: projectId,
        expected: [
          'empty when ',
          { input: 'repositories' },
          " lists patterns (give repositories: all to scan the project's repositories)",
        ],
      },
    ]);
  const options: FleetOptions = {
    ...fleet,
    selection: chosen.kind === 'all' && projectId ? { ...chosen, kind: 'project', projectId } : chosen,
    ledgerPath: ledgerPath ?? defaultLedgerPath(env),
    // Every attempt of one workflow run shares its id: a re-run replays the ledger the workflow restored.
    runId: fleetRunId(undefined, env, 'GITHUB_RUN_ID'),
  };
  return {
    options,
    freshLedger: ledgerPath === undefined,
    service: read.service,
    ...ignoredInputs(inputs, env),
  };
}

/** The action always keeps a ledger, so that its post step can cancel what the main step left running. */
function defaultLedgerPath(env: NodeJS.ProcessEnv): string {
  const folder = env.RUNNER_TEMP?.trim() || '.';
  return `${folder}/svc-fleet-ledger.jsonl`;
}

/** What to say about the inputs the workflow set that fleet mode does not read. */
function ignoredInputs(
  inputs: Readonly<Record<string, string>>,
  env: NodeJS.ProcessEnv,
): Pick<FleetStepSettings, 'notices' | 'warnings'> {
  const set = inputsTheWorkflowSet(inputs, env).filter((name) => !FLEET_READS.has(name));
  const reporters = set.filter((name) => ONE_SCAN_REPORTER_INPUTS.has(name));
  const others = set.filter((name) => name !== 'repository' && !ONE_SCAN_REPORTER_INPUTS.has(name));
  const notices = set.includes('repository')
    ? [`Input 'repository' is ignored: 'repositories' selects the repositories this job scans.`]
    : [];
  const warnings = [
    ...(reporters.length > 0
      ? [
          `The check run, the pull request comment and SARIF do not apply when 'repositories' is set: ${quoted(reporters)} ignored. The roll-up is the job summary and the file the fleet-report output names.`,
        ]
      : []),
    ...(others.length > 0
      ? [
          `${capitalised(quoted(others))} ignored when 'repositories' is set: each repository is scanned with the service's default modules, judged on all its findings by fail-on, and no policy file is read.`,
        ]
      : []),
  ];
  return { notices, warnings };
}

function capitalised(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function quoted(names: readonly string[]): string {
  const list = names.map((name) => `'${name}'`).join(', ');
  return names.length === 1 ? `input ${list} is` : `inputs ${list} are`;
}
