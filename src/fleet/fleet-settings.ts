import type { RunPolicy } from '../run/run-policy.ts';
import { runPolicyOf } from '../run/run-policy-of.ts';
import { NO_ORIGIN, parseSettings, type Settings } from '../run/settings.ts';
import type { FleetRunOptions } from './fleet-options.ts';

/** A valid name the settings are parsed with; each repository's run puts its own in its place. */
const ANY_REPOSITORY = 'fleet/any';

/**
 * The settings every repository of the fleet is run with: the gate of the options, the defaults of `svc scan`
 * otherwise, no reuse (a fleet scans afresh), no AI analysis, no remediation, and the gate on every finding.
 */
export function fleetSettings(options: FleetRunOptions): Readonly<Settings> {
  const inputs: Record<string, string> = {
    repository: ANY_REPOSITORY,
    'reuse-scan': 'false',
    'ai-analysis': 'false',
    remediate: 'false',
    gate: 'all',
  };
  const parsed = parseSettings((name) => inputs[name] ?? '', NO_ORIGIN);
  return Object.freeze({
    ...parsed,
    failOn: options.failOn,
    severityThreshold: options.severityThreshold,
    pollIntervalSeconds: options.pollIntervalSeconds,
    waitTimeoutSeconds: options.waitTimeoutSeconds,
    ref: options.ref,
  });
}

/** Repository policy files are not read in this version (the roll-up says so): the gate judges every finding. */
export function fleetPolicy(settings: Readonly<Settings>): RunPolicy {
  const none = { policy: undefined, source: undefined, change: [], changeApplied: true, notes: [], log: [] };
  return runPolicyOf(none, settings, new Date());
}
