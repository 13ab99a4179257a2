import type { FailOn } from '../domain/gate.ts';
import { lowerOf } from '../domain/severity.ts';
import type { RunPolicy } from '../run/run-policy.ts';
import { runPolicyOf } from '../run/run-policy-of.ts';
import { NO_ORIGIN, parseSettings, type PolicySettings, type Settings } from '../run/settings.ts';
import type { FleetRunOptions } from './fleet-options.ts';

/** A valid name the settings are parsed with; each repository's run puts its own in its place. */
const ANY_REPOSITORY = 'fleet/any';

/**
 * What the fleet sets as inputs, which a repository's policy file cannot change (an input wins over the file): no
 * reuse (a fleet scans afresh), no AI analysis, no remediation, and the gate on every finding.
 */
const FLEET_INPUTS: Readonly<Record<string, string>> = {
  repository: ANY_REPOSITORY,
  'reuse-scan': 'false',
  'ai-analysis': 'false',
  remediate: 'false',
  gate: 'all',
};

/** The settings every repository of the fleet is run with: the fleet's inputs, the defaults of `svc scan` otherwise. */
export function fleetSettings(options: FleetRunOptions): Readonly<Settings> {
  const parsed = parseSettings((name) => FLEET_INPUTS[name] ?? '', NO_ORIGIN);
  return Object.freeze({
    ...parsed,
    failOn: options.failOn,
    severityThreshold: options.severityThreshold,
    pollIntervalSeconds: options.pollIntervalSeconds,
    waitTimeoutSeconds: options.waitTimeoutSeconds,
    ref: options.ref,
  });
}

/**
 * The settings of one repository judged by its policy file (only the keys the fleet applies: see
 * FLEET_POLICY_KEYS), parsed by the run's own parser: `fail-on` and `severity-threshold` never looser than the
 * fleet's (a floor the file may tighten), `wait-timeout` never longer than the fleet's, polling the fleet's.
 * An InputError names the file when a value cannot be used.
 */
export function repositorySettings(fleet: Readonly<Settings>, policy: PolicySettings): Readonly<Settings> {
  const parsed = parseSettings((name) => FLEET_INPUTS[name] ?? '', NO_ORIGIN, policy);
  const fromFile = (input: string): boolean => parsed.sources[input] === 'policy';
  return Object.freeze({
    ...parsed,
    failOn: fromFile('fail-on') ? stricterFailOn(fleet.failOn, parsed.failOn) : fleet.failOn,
    severityThreshold: fromFile('severity-threshold')
      ? lowerOf(fleet.severityThreshold, parsed.severityThreshold)
      : fleet.severityThreshold,
    pollIntervalSeconds: fleet.pollIntervalSeconds,
    waitTimeoutSeconds: fromFile('wait-timeout')
      ? Math.min(fleet.waitTimeoutSeconds, parsed.waitTimeoutSeconds)
      : fleet.waitTimeoutSeconds,
    ref: fleet.ref,
  });
}

/** The stricter of two fail-ons: the lower severity; `none` is the loosest. */
export function stricterFailOn(a: FailOn, b: FailOn): FailOn {
  if (a === 'none') return b;
  if (b === 'none') return a;
  return lowerOf(a, b);
}

/** A repository without a policy file: the gate judges every finding. */
export function fleetPolicy(settings: Readonly<Settings>, today = new Date()): RunPolicy {
  const none = { policy: undefined, source: undefined, change: [], changeApplied: true, notes: [], log: [] };
  return runPolicyOf(none, settings, today);
}
