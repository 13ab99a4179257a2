/** The spec's Severity enumeration, most severe first: the shared vocabulary of the client's wire types and the core. */
export const SEVERITIES = ['critical', 'high', 'medium', 'low', 'info'] as const;
export type Severity = (typeof SEVERITIES)[number];

/** Most severe first: critical is 0, info is 4. */
export function severityRank(severity: Severity): number {
  return SEVERITIES.indexOf(severity);
}

export function isSeverity(value: string): value is Severity {
  return (SEVERITIES as readonly string[]).includes(value);
}

/** True when `severity` is as severe as `floor` or more. */
export function isAtOrAbove(severity: Severity, floor: Severity): boolean {
  return severityRank(severity) <= severityRank(floor);
}

/** The severities at or above `floor`, most severe first. */
export function severitiesAtOrAbove(floor: Severity): Severity[] {
  return SEVERITIES.slice(0, severityRank(floor) + 1);
}

/** The less severe of the two: the floor that admits everything either admits. */
export function lowerOf(a: Severity, b: Severity): Severity {
  return severityRank(a) >= severityRank(b) ? a : b;
}

export type SeverityCounts = Record<Severity, number>;

export function zeroCounts(): SeverityCounts {
  return { critical: 0, high: 0, medium: 0, low: 0, info: 0 };
}
