import type { Finding } from '../../client/types.ts';
import type { FindingClassifier, FindingFilter } from '../finding-filter.ts';
import { FindingFingerprinter } from '../sarif/finding-fingerprinter.ts';
import type { Scrub } from '../sarif/sarif-text.ts';
import type { PathMatcher } from './path-scope.ts';
import type { Suppression } from './policy.ts';
import { SuppressionMatcher, suppressionLabel } from './suppression.ts';

/**
 * The policy applied to findings: a finding outside the scope is left out first, then one that a suppression in
 * force covers (the first that does, in the file's order). Expired suppressions are not given here.
 */
export function policyFilter(
  scope: PathMatcher | undefined,
  inForce: readonly Suppression[],
  scrub?: Scrub,
): FindingFilter {
  const matchers = inForce.map((suppression) => new SuppressionMatcher(suppression));
  const fingerprinted = matchers.some((matcher) => matcher.needsFingerprint);
  return {
    active: scope !== undefined || matchers.length > 0,
    classifier(): FindingClassifier {
      const fingerprinter = fingerprinted ? new FindingFingerprinter(scrub) : undefined;
      return (finding: Finding) => {
        // Every finding goes through the fingerprinter, in order: a fingerprint counts those of its kind before it.
        const fingerprint = fingerprinter?.of(finding);
        if (scope !== undefined && finding.file_path !== '' && !scope(finding.file_path))
          return { kind: 'out-of-scope' };
        const matcher = matchers.find((candidate) => candidate.covers(finding, fingerprint));
        if (matcher === undefined) return undefined;
        const { suppression } = matcher;
        return {
          kind: 'suppressed',
          entry: suppression.index,
          reason: suppression.reason,
          label: suppressionLabel(suppression),
        };
      };
    },
  };
}
