import { annotationLevel } from '../domain/severity-level.ts';
import type { Severity } from '../domain/severity.ts';

/**
 * How code scanning ranks an alert: a rule's `properties.security-severity`, a number from 0.0 to 10.0 written as
 * a string. GitHub reads over 9.0 as critical, 7.0 to 8.9 as high, 4.0 to 6.9 as medium and 0.1 to 3.9 as low.
 *
 * The score comes from the finding's CVSS score when it has one, clamped into the band of the finding's severity so
 * that the two never disagree (the service's severity is the one the gate used), else from a fixed score per
 * severity. Critical starts at 9.1, not 9.0: GitHub says "over 9.0", and a 9.0 could be shown as high.
 * Info findings get no score: GitHub has no band for them, and any score would promote them to low. Their rule then
 * ranks by its level (note), as GitHub does for rules without a security severity.
 */

type Band = readonly [low: number, high: number];

export const SECURITY_SEVERITY_BANDS: Readonly<Record<Exclude<Severity, 'info'>, Band>> = Object.freeze({
  critical: [9.1, 10.0],
  high: [7.0, 8.9],
  medium: [4.0, 6.9],
  low: [0.1, 3.9],
});

const FIXED_SECURITY_SEVERITY: Readonly<Record<Exclude<Severity, 'info'>, number>> = Object.freeze({
  critical: 9.5,
  high: 8.0,
  medium: 5.5,
  low: 2.0,
});

export function securitySeverity(severity: Severity, cvssScore?: number | null): string | undefined {
  if (severity === 'info') return undefined;
  const [low, high] = SECURITY_SEVERITY_BANDS[severity];
  const score =
    typeof cvssScore === 'number' && Number.isFinite(cvssScore)
      ? Math.round(cvssScore * 10) / 10
      : FIXED_SECURITY_SEVERITY[severity];
  // Rounded first, then clamped: 8.95 must not round up out of the high band.
  return Math.min(high, Math.max(low, score)).toFixed(1);
}

export type SarifLevel = 'error' | 'warning' | 'note';

/**
 * The result's level, as the annotations map severities (critical and high fail a check, medium warns), with
 * SARIF's name for a notice.
 */
export function sarifLevel(severity: Severity): SarifLevel {
  const level = annotationLevel(severity);
  return level === 'notice' ? 'note' : level;
}
