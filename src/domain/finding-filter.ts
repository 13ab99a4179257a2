import type { Finding } from '../client/types.ts';

/** Why the gate leaves a finding out: it lies outside the policy's paths, or one of its suppressions covers it. */
export type FindingExclusion =
  | { kind: 'out-of-scope' }
  | {
      kind: 'suppressed';
      /** The suppression's index in the policy's `ignore:` list. */
      entry: number;
      /** The suppression's reason, as the policy gives it (user text: the renderers escape it). */
      reason: string;
      /** A short name of the suppression for messages (`ignore[2]: CWE-79 in legacy/**`). */
      label: string;
      /** The suppression's `expires` date (YYYY-MM-DD), when it has one. */
      expires?: string;
      /** Set when a dismissed code scanning alert, not the policy, takes the finding out (entry is then -1). */
      alertUrl?: string;
    };

/** Classifies the findings of one list, in the order the list gives them: undefined when a finding counts. */
export type FindingClassifier = (finding: Finding) => FindingExclusion | undefined;

/** The repository's policy applied to findings. */
export interface FindingFilter {
  /** True when the filter can exclude anything: the gate must then read every finding it decides on. */
  readonly active: boolean;
  /**
   * A classifier for one list of findings, read most severe first and in the service's order: a finding's
   * fingerprint counts the findings of its kind before it in the same list, as the SARIF file's does.
   */
  classifier(): FindingClassifier;
}

/** The filter of a run without a policy: every finding counts. */
export const NO_FINDING_FILTER: FindingFilter = { active: false, classifier: () => () => undefined };

/**
 * Code scanning alerts a person dismissed, as the gate applies them: after the comparison with the baseline, so
 * that a finding the change under review introduces (or made more severe) is never taken out by a dismissal of
 * what was there before.
 */
export interface FindingDismissals {
  /** `base`, then the dismissals, which cover no finding at the place of one of `newFindings`. */
  after(base: FindingFilter, newFindings: readonly Finding[]): FindingFilter;
}
