import {
  FLEET_MANIFEST,
  fleetOptionsOf,
  readFleetManifest,
  type FleetManifestValues,
  type FleetOption,
} from '../fleet/fleet-manifest.ts';
import type { InputTable } from '../run/input-descriptor.ts';
import type { InputProblem } from '../run/input-problem.ts';
import { InputError, RUN_INPUTS, type RunOrigin } from '../run/settings.ts';
import { FEATURE_MANIFESTS } from './reporters/registry.ts';

/**
 * The action's fleet mode, from the fleet's manifest (src/fleet/fleet-manifest.ts), as `svc fleet scan` takes it:
 * `repositories` turns it on (the job scans many repositories from one process and writes one roll-up). The
 * options the one-scan run declares too (project-id, ref, fail-on, severity-threshold, wait-timeout,
 * poll-interval, upload-sarif) are its inputs, read in this mode with the fleet's defaults.
 */

/** The one-scan inputs a fleet option may be (the run's, a reporter's such as upload-sarif): declared once, there. */
const ONE_SCAN_TABLES: readonly InputTable<RunOrigin>[] = [
  RUN_INPUTS,
  ...FEATURE_MANIFESTS.map((feature) => feature.inputs),
];
const RUN_INPUT_NAMES = new Set(
  ONE_SCAN_TABLES.flatMap((table) => Object.values(table).map((input) => input.name)),
);
const ACTION_OPTIONS: ReadonlySet<FleetOption<unknown>> = new Set(fleetOptionsOf('action'));

/** The inputs of the fleet alone, by the field of its options each fills: action.yml declares them after the run's. */
export const FLEET_INPUTS: InputTable<RunOrigin> = Object.fromEntries(
  Object.entries(FLEET_MANIFEST).filter(
    ([, option]) => ACTION_OPTIONS.has(option) && !RUN_INPUT_NAMES.has(option.name),
  ),
);

/**
 * The fleet's default of an input the one-scan run declares too, where it differs from the run's (wait-timeout:
 * 600 for one scan, 19,800 for a fleet): action.yml and the README say both.
 */
export function fleetDefaultOf(input: { name: string; default: string }): string | undefined {
  const option = fleetOptionsOf('action').find((candidate) => candidate.name === input.name);
  return option === undefined || option.default === input.default ? undefined : option.default;
}

/**
 * The fleet's options from the inputs (the runner's record: '' where the workflow set none), else the fleet's
 * defaults; every bad one named at once in an InputError. Those of svc alone are never read from an input.
 */
export function readFleetInputs(inputs: Readonly<Record<string, string>>): FleetManifestValues {
  const problems: InputProblem[] = [];
  const values = readFleetManifest(
    (option) => (ACTION_OPTIONS.has(option) ? inputs[option.name] : undefined),
    problems,
  );
  if (problems.length > 0) throw new InputError(problems);
  return values;
}

/** The outputs of fleet mode, with action.yml's descriptions (the one-scan outputs stay empty in this mode). */
export const FLEET_OUTPUTS = {
  'fleet-report':
    'Fleet mode: path of the roll-up written as JSON (one entry per repository: scan id, status, gate, findings by severity, why it was not judged; and the totals), for svc fleet merge or an artifact.',
  'repositories-failed':
    'Fleet mode: the full names of the repositories that failed the gate, as a JSON array (fromJSON).',
  'repositories-not-judged':
    'Fleet mode: the full names of the repositories that could not be judged (their scan failed, not started, failed to start, timed out, cancelled), as a JSON array (fromJSON).',
} as const;
