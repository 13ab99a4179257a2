import type { Finding } from '../client/types.ts';
import type { FindingClassifier, FindingFilter } from '../domain/finding-filter.ts';
import { FindingFingerprinter } from '../domain/identity/finding-fingerprinter.ts';
import type { Scrub } from '../domain/identity/sarif-text.ts';
import type { PathMatcher } from './path-scope.ts';
import type { Suppression } from '../domain/policy.ts';
import { SuppressionMatcher, findingKey, suppressionLabel, type FindingKey } from './suppression.ts';

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
  const candidates = candidateIndex(matchers);
  // Worked out once per entry, not once per finding it covers.
  const labels = new Map(inForce.map((suppression) => [suppression.index, suppressionLabel(suppression)]));
  return {
    active: scope !== undefined || matchers.length > 0,
    classifier(): FindingClassifier {
      const fingerprinter = fingerprinted ? new FindingFingerprinter(scrub) : undefined;
      return (finding: Finding) => {
        // Every finding goes through the fingerprinter, in order: a fingerprint counts those of its kind before it.
        const fingerprint = fingerprinter?.of(finding);
        if (scope !== undefined && finding.file_path !== '' && !scope(finding.file_path))
          return { kind: 'out-of-scope' };
        const key = findingKey(finding, fingerprint);
        const matcher = candidates(key).find((candidate) => candidate.covers(key));
        if (matcher === undefined) return undefined;
        const { suppression } = matcher;
        return {
          kind: 'suppressed',
          entry: suppression.index,
          reason: suppression.reason,
          label: labels.get(suppression.index) ?? suppressionLabel(suppression),
          ...(suppression.expires === undefined ? {} : { expires: suppression.expires }),
        };
      };
    },
  };
}

/**
 * The entries that can cover a finding, in the file's order: those of its fingerprint, of its CWE, of its title,
 * and those that name none of the three (paths only cannot be: every entry names one). A policy of a thousand
 * entries then costs a few look-ups a finding, not a thousand comparisons.
 */
const NO_CANDIDATES: readonly SuppressionMatcher[] = [];

function candidateIndex(
  matchers: readonly SuppressionMatcher[],
): (key: FindingKey) => readonly SuppressionMatcher[] {
  const byFingerprint = new Map<string, SuppressionMatcher[]>();
  const byCwe = new Map<number, SuppressionMatcher[]>();
  const byTitle = new Map<string, SuppressionMatcher[]>();
  const add = <K>(index: Map<K, SuppressionMatcher[]>, key: K, matcher: SuppressionMatcher): void => {
    index.set(key, [...(index.get(key) ?? []), matcher]);
  };
  for (const matcher of matchers) {
    const { fingerprint, cwe, title } = matcher.suppression;
    // Each entry is filed under one criterion it gives; covers() checks the others.
    if (fingerprint !== undefined) add(byFingerprint, fingerprint, matcher);
    else if (cwe !== undefined) add(byCwe, cwe, matcher);
    else if (title !== undefined) add(byTitle, title.toLowerCase(), matcher);
  }
  return (key) => {
    const fingerprinted = key.fingerprint === undefined ? undefined : byFingerprint.get(key.fingerprint);
    const ofCwe = key.cwe === undefined ? undefined : byCwe.get(key.cwe);
    const titled = byTitle.get(key.title);
    const given = (fingerprinted ? 1 : 0) + (ofCwe ? 1 : 0) + (titled ? 1 : 0);
    // Most findings have no candidate, or candidates of one criterion: no array is made for them.
    if (given < 2) return fingerprinted ?? ofCwe ?? titled ?? NO_CANDIDATES;
    return [...(fingerprinted ?? []), ...(ofCwe ?? []), ...(titled ?? [])].sort(
      (a, b) => a.suppression.index - b.suppression.index,
    );
  };
}
