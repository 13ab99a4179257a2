import {
  describeSuppression,
  expiredSuppressionWarning,
  pathScope,
  policyFilter,
  suppressionState,
  type Policy,
  type Suppression,
} from '../policy/index.ts';
import type { PolicySuppression, RunPolicy } from './run-policy.ts';
import { POLICY_BOUNDS, type Settings } from './settings.ts';

/** The policy that judges a run, as a face read it, and what the change under review does to it. */
export interface LoadedPolicy {
  /** The policy that judges the run; undefined when the repository has none. */
  policy: Policy | undefined;
  /** Where it was read, for the log and the summary. */
  source: string | undefined;
  /** What the pull request changes in the policy, one sentence each. */
  change: string[];
  /** False when the change is shown but the base's policy judged the run. */
  changeApplied: boolean;
  /** Warnings about the policy. */
  notes: string[];
  /** Lines for the log. */
  log: string[];
}

export interface PolicyParser {
  parsePolicy(text: string, file: string): Policy;
  describePolicyChange(base: Policy | undefined, head: Policy | undefined): string[];
}

/**
 * The YAML parser and the schema's validator, loaded only when a policy file was found: a run without one never
 * compiles them (they are a separate chunk of the bundle).
 */
export async function loadPolicyParser(): Promise<PolicyParser> {
  const [{ parsePolicy }, { describePolicyChange }] = await Promise.all([
    import('../policy/parse-policy.ts'),
    import('../policy/policy-change.ts'),
  ]);
  // Both sides of a pull request are parsed under the same bounds: the one that does not judge is shown.
  return { parsePolicy: (text, file) => parsePolicy(text, file, POLICY_BOUNDS), describePolicyChange };
}

/**
 * The policy as the run applies it: the scope of the settings (`paths`, `paths-ignore`, from the inputs or the
 * file), the suppressions in force on `today` (expired ones are named in a warning and applied no more), and what
 * to say about them.
 */
export function runPolicyOf(loaded: LoadedPolicy, settings: Readonly<Settings>, today: Date): RunPolicy {
  const entries = loaded.policy?.ignore ?? [];
  const suppressions = entries.map((entry) => ({ entry, state: suppressionState(entry, today) }));
  const inForce = suppressions.filter(({ state }) => state !== 'expired').map(({ entry }) => entry);
  const scope = pathScope(settings.paths, settings.pathsIgnore);
  return {
    filter: policyFilter(scope, inForce),
    inScope: scope,
    suppressions: suppressions.map(({ entry, state }) => reported(entry, state)),
    source: loaded.source,
    change: loaded.change,
    changeApplied: loaded.changeApplied,
    paths: settings.paths,
    pathsIgnore: settings.pathsIgnore,
    notes: [...loaded.notes, ...expiredNotes(suppressions)],
  };
}

function reported(entry: Suppression, state: PolicySuppression['state']): PolicySuppression {
  return { entry: entry.index, description: describeSuppression(entry), state };
}

function expiredNotes(suppressions: readonly { entry: Suppression; state: string }[]): string[] {
  return suppressions
    .filter(({ state }) => state === 'expired')
    .map(({ entry }) => expiredSuppressionWarning(describeSuppression(entry)));
}
