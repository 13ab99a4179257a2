import type { SarifPlace } from '../sarif/sarif-location.ts';
import { isAtOrAbove, type Severity } from '../domain/severity.ts';

/**
 * Which code scanning alert is which finding's. Code scanning files an alert under the SARIF rule id (stable: the
 * finding's CWE and normalised title) and the file's path; where one rule has several results in a file, each
 * finding takes the alert whose line is nearest its own, and no alert serves two findings. Fingerprints are not
 * used: the alerts API does not return them.
 */

export interface AlertPlace {
  number: number;
  ruleId: string;
  path: string;
  line: number;
}

/** For each finding (by index), its alert, when one matches. */
export function matchAlerts<A extends AlertPlace>(
  findings: readonly SarifPlace[],
  alerts: readonly A[],
): Map<number, A> {
  const byKey = new Map<string, A[]>();
  for (const alert of alerts) {
    const key = `${alert.ruleId}\u0000${alert.path}`;
    byKey.set(key, [...(byKey.get(key) ?? []), alert]);
  }
  const pairs: { finding: number; alert: A; distance: number }[] = [];
  findings.forEach((finding, index) => {
    if (finding.path === undefined) return;
    for (const alert of byKey.get(`${finding.ruleId}\u0000${finding.path}`) ?? [])
      pairs.push({ finding: index, alert, distance: Math.abs(alert.line - finding.line) });
  });
  // Nearest pairs first, so two findings of one rule in one file each get the alert nearest them.
  pairs.sort((a, b) => a.distance - b.distance || a.finding - b.finding || a.alert.number - b.alert.number);
  const matched = new Map<number, A>();
  const taken = new Set<number>();
  for (const pair of pairs) {
    if (matched.has(pair.finding) || taken.has(pair.alert.number)) continue;
    matched.set(pair.finding, pair.alert);
    taken.add(pair.alert.number);
  }
  return matched;
}

/** A dismissed alert, with the severity code scanning ranked its rule at (`rule.security_severity_level`). */
export interface DismissedAlertPlace extends AlertPlace {
  /** Undefined when the rule had none (GitHub has no band for info): the dismissal then covers info only. */
  securitySeverityLevel: Exclude<Severity, 'info'> | undefined;
}

/**
 * The dismissed alert that takes a finding out of the gate: one of its rule, in its file, at its very line, not
 * taken by a finding before it, and ranked at least as severe as the finding. Unlike `matchAlerts` there is no
 * nearest line: a dismissal decides the verdict, and the alert nearest a finding may be another finding's (a new
 * one of the same rule further down the file), so anything but the exact place counts the finding (fail closed).
 * A person dismissed what the alert showed: a finding that became more severe at that place is not what they saw.
 */
export function dismissedAlertAt<A extends DismissedAlertPlace>(
  place: SarifPlace,
  severity: Severity,
  alerts: readonly A[],
  taken: ReadonlySet<number>,
): A | undefined {
  if (place.path === undefined) return undefined;
  return alerts.find(
    (alert) =>
      !taken.has(alert.number) &&
      alert.ruleId === place.ruleId &&
      alert.path === place.path &&
      alert.line === place.line &&
      isAtOrAbove(alert.securitySeverityLevel ?? 'info', severity),
  );
}
