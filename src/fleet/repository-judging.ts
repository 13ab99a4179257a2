import type { FailOn } from '../domain/gate.ts';
import type { PolicySuppression, RunPolicy } from '../run/run-policy.ts';
import { runPolicyOf } from '../run/run-policy-of.ts';
import { InputError, type Settings } from '../run/settings.ts';
import { fleetPolicy, repositorySettings } from './fleet-settings.ts';
import { NotJudgedError, appliedSettingsOf, ignoredKeysOf, type ReadPolicy } from './repository-policy.ts';
import type { PolicyUse, SuppressionUse } from './rollup.ts';

/** How one repository is judged: its settings and its policy as the run applies them, and the file they came from. */
export interface RepositoryJudging {
  settings: Readonly<Settings>;
  policy: RunPolicy;
  read: ReadPolicy | undefined;
}

/**
 * The judging of a repository by its policy file (none: the fleet's settings), the same for the night's run and
 * for `merge --verify`: suppressions in force on `today` (the night's date), the fail-on floored at the fleet's.
 * A file whose values cannot be used is a NotJudgedError naming it.
 */
export function judgingOf(
  fleet: Readonly<Settings>,
  read: ReadPolicy | undefined,
  today: Date,
): RepositoryJudging {
  if (read === undefined) return { settings: fleet, policy: fleetPolicy(fleet, today), read };
  let settings: Readonly<Settings>;
  try {
    settings = repositorySettings(fleet, appliedSettingsOf(read.policy));
  } catch (error) {
    if (error instanceof InputError) throw new NotJudgedError(error.message);
    throw error;
  }
  const loaded = {
    policy: read.policy,
    source: `${read.path} (blob ${read.blobSha.slice(0, 12)})`,
    change: [],
    changeApplied: true,
    notes: [],
    log: [],
  };
  return { settings, policy: runPolicyOf(loaded, settings, today), read };
}

/** What the gate learnt of the policy's suppressions on the findings it read. */
export interface PolicyEffect {
  failOn: FailOn;
  /** Whether a suppression in force covered at least one finding. */
  covered: (suppression: PolicySuppression) => boolean;
  suppressed: number;
  outOfScope: number;
}

/** The roll-up's account of a repository's policy: the file, its fail-on, its suppressions, the keys ignored. */
export function policyUseOf(read: ReadPolicy, policy: RunPolicy, effect: PolicyEffect): PolicyUse {
  const use = (suppression: PolicySuppression): SuppressionUse => ({
    entry: suppression.entry,
    description: suppression.description,
  });
  return {
    path: read.path,
    blob_sha: read.blobSha,
    fail_on: effect.failOn,
    suppressed: effect.suppressed,
    out_of_scope: effect.outOfScope,
    suppressions_applied: policy.suppressions
      .filter((suppression) => suppression.state !== 'expired' && effect.covered(suppression))
      .map(use),
    suppressions_expired: policy.suppressions
      .filter((suppression) => suppression.state === 'expired')
      .map(use),
    ignored_keys: ignoredKeysOf(read.policy),
  };
}
