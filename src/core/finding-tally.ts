import type { Finding } from '../client/types.ts';
import {
  SEVERITIES,
  isAtOrAbove,
  isSeverity,
  zeroCounts,
  type Severity,
  type SeverityCounts,
} from './severity.ts';

/**
 * Severity a finding counts under when the service gives one the action does not know: the most severe, so a
 * change in the service's vocabulary can only make the gate stricter, never open it.
 */
export const UNKNOWN_SEVERITY_COUNTS_AS: Severity = 'critical';

/** A finding as the action reports it: its severity normalised. */
export interface ReportedFinding {
  id: string;
  severity: Severity;
  /** The service's own spelling, when it was not one of the five. */
  originalSeverity?: string;
  title: string;
  filePath: string;
  line: number;
  cwe?: string;
  owasp?: string;
}

/**
 * What the action knows of a scan's findings: how many there are of each severity (every one accounted for),
 * and the first few of each reported severity, which are all that the summary, the annotations and the
 * remediations show. Memory stays bounded whatever the size of the scan.
 *
 * A severity's count is the largest of what the service says of it (the list's total, the report's
 * breakdown) and the findings of it actually seen, so no disagreement between them can open the gate.
 */
/** The severity a finding counts under: its own when it is one of the five, else UNKNOWN_SEVERITY_COUNTS_AS. */
export function countedSeverity(raw: string): Severity {
  const normalized = raw.trim().toLowerCase();
  return isSeverity(normalized) ? normalized : UNKNOWN_SEVERITY_COUNTS_AS;
}

/** A listed finding as the action reports it: its severity counted (an unknown one as critical), the rest kept. */
export function reportedFindingOf(finding: Finding): ReportedFinding {
  const raw: string = finding.severity;
  const severity = countedSeverity(raw);
  return {
    id: finding.id,
    severity,
    ...(severity === raw.trim().toLowerCase() ? {} : { originalSeverity: raw }),
    title: finding.title,
    filePath: finding.file_path,
    line: finding.line,
    ...(finding.cwe ? { cwe: finding.cwe } : {}),
    ...(finding.owasp ? { owasp: finding.owasp } : {}),
  };
}

export class FindingTally {
  /** Severities the service used that are not one of the five. */
  readonly unknownSeverities = new Set<string>();
  /** Findings that arrived with unusable fields, by field name: counted all the same. */
  readonly malformedFields = new Map<string, number>();
  #malformed = 0;
  readonly #stated: SeverityCounts = zeroCounts();
  readonly #seen: SeverityCounts = zeroCounts();
  readonly #seenIds = new Set<string>();
  #uncategorised = 0;
  readonly #kept: Record<Severity, ReportedFinding[]> = {
    critical: [],
    high: [],
    medium: [],
    low: [],
    info: [],
  };
  readonly #reportFloor: Severity;

  constructor(reportFloor: Severity) {
    this.#reportFloor = reportFloor;
  }

  get reportFloor(): Severity {
    return this.#reportFloor;
  }

  isReported(severity: Severity): boolean {
    return isAtOrAbove(severity, this.#reportFloor);
  }

  /** What the service says the count of one severity is; the largest statement stands. */
  stateCount(severity: Severity, count: number): void {
    if (Number.isFinite(count)) this.#stated[severity] = Math.max(this.#stated[severity], count);
  }

  /** Findings the service counts under no known severity; they count as UNKNOWN_SEVERITY_COUNTS_AS. */
  addUncategorised(count: number, severityName: string): void {
    this.#uncategorised += count;
    this.unknownSeverities.add(severityName);
  }

  /** Counts a listed finding, and keeps it to show when its severity is reported. */
  keep(finding: Finding): void {
    // A malformed finding may have no id: it is counted, never taken for another one.
    if (finding.id !== '') {
      if (this.#seenIds.has(finding.id)) return;
      this.#seenIds.add(finding.id);
    }
    if (finding.malformed && finding.malformed.length > 0) {
      this.#malformed += 1;
      for (const field of finding.malformed)
        this.malformedFields.set(field, (this.malformedFields.get(field) ?? 0) + 1);
    }
    // Typed as a Severity, but it is whatever the service sent.
    const raw: string = finding.severity;
    const severity = countedSeverity(raw);
    const normalized = raw.trim().toLowerCase();
    if (severity !== normalized) this.unknownSeverities.add(raw);
    this.#seen[severity] += 1;
    if (!this.isReported(severity)) return;
    this.#kept[severity].push(reportedFindingOf(finding));
  }

  get counts(): SeverityCounts {
    const counts = zeroCounts();
    for (const severity of SEVERITIES)
      counts[severity] = Math.max(this.#stated[severity], this.#seen[severity]);
    counts[UNKNOWN_SEVERITY_COUNTS_AS] += this.#uncategorised;
    return counts;
  }

  /** How many findings arrived with unusable fields. */
  get malformedCount(): number {
    return this.#malformed;
  }

  keptCount(severity: Severity): number {
    return this.#kept[severity].length;
  }

  get total(): number {
    const counts = this.counts;
    return SEVERITIES.reduce((sum, severity) => sum + counts[severity], 0);
  }

  /** Findings at or above the report floor, shown or not. */
  get reportedTotal(): number {
    const counts = this.counts;
    return SEVERITIES.filter((s) => this.isReported(s)).reduce((sum, s) => sum + counts[s], 0);
  }

  /** The kept findings, most severe first. */
  kept(): ReportedFinding[] {
    return SEVERITIES.flatMap((severity) => this.#kept[severity]);
  }
}

/**
 * How many findings of each severity to list so that the summary's rows (most severe first, at most `rows`)
 * and each severity's first annotations can be shown: nothing is fetched that would not be shown.
 */
export function findingsToList(
  counts: SeverityCounts,
  reportFloor: Severity,
  rows: number,
  perSeverityMinimum: number,
): SeverityCounts {
  const wanted = zeroCounts();
  let rowsLeft = rows;
  for (const severity of SEVERITIES) {
    if (!isAtOrAbove(severity, reportFloor)) continue;
    const forRows = Math.min(counts[severity], rowsLeft);
    rowsLeft -= forRows;
    wanted[severity] = Math.max(forRows, Math.min(counts[severity], perSeverityMinimum));
  }
  return wanted;
}
