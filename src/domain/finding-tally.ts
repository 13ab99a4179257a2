import type { Finding } from '../client/types.ts';
import { FindingFingerprinter } from './identity/finding-fingerprinter.ts';
import { fingerprintOf } from './identity/finding-fingerprint.ts';
import { NO_FINDING_FILTER, type FindingClassifier, type FindingFilter } from './finding-filter.ts';
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
const UNKNOWN_SEVERITY_COUNTS_AS: Severity = 'critical';

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
  /** The SARIF file's fingerprint of it (`partialFingerprints`), which a policy suppression can name. */
  fingerprint?: string;
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

/** A finding the policy suppressed, with the suppression's reason and name, for the summary and the comment. */
export interface SuppressedFinding extends ReportedFinding {
  reason: string;
  suppression: string;
}

/** Suppressed findings kept to show, most severe first; the rest are counted. */
const LISTED_SUPPRESSED = 100;

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
  readonly #classify: FindingClassifier;
  /** Findings of each severity that were read and that the policy leaves out of the gate. */
  readonly #excluded: SeverityCounts = zeroCounts();
  #outOfScope = 0;
  readonly #suppressed: SuppressedFinding[] = [];
  #suppressedCount = 0;
  readonly #matchedSuppressions = new Set<number>();
  readonly #fingerprints = new FindingFingerprinter();
  readonly #keptPerSeverity: number;

  /**
   * `keptPerSeverity`: the most findings of one severity any sink shows. A run that reads more (every finding at
   * or above fail-on under a policy, the SARIF file's) counts them all but keeps only these, not every record.
   */
  constructor(
    reportFloor: Severity,
    filter: FindingFilter = NO_FINDING_FILTER,
    keptPerSeverity = Number.POSITIVE_INFINITY,
  ) {
    this.#reportFloor = reportFloor;
    this.#classify = filter.classifier();
    this.#keptPerSeverity = keptPerSeverity;
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
    // Every finding read counts towards the fingerprints of its kind after it, kept or not; only a kept one needs
    // its own fingerprint, hashed then (a policy's read of 12,000 findings keeps a few hundred).
    const occurrence = this.#fingerprints.occurrenceOf(finding);
    if (this.#leaveOut(finding, severity)) return;
    if (!this.isReported(severity) || this.#kept[severity].length >= this.#keptPerSeverity) return;
    this.#kept[severity].push({ ...reportedFindingOf(finding), fingerprint: fingerprintOf(occurrence) });
  }

  /** A finding the policy leaves out is counted apart, and a suppressed one kept to show with its reason. */
  #leaveOut(finding: Finding, severity: Severity): boolean {
    const exclusion = this.#classify(finding);
    if (exclusion === undefined) return false;
    this.#excluded[severity] += 1;
    if (exclusion.kind === 'out-of-scope') {
      this.#outOfScope += 1;
      return true;
    }
    this.#suppressedCount += 1;
    this.#matchedSuppressions.add(exclusion.entry);
    if (this.#suppressed.length < LISTED_SUPPRESSED) {
      this.#suppressed.push({
        ...reportedFindingOf(finding),
        reason: exclusion.reason,
        suppression: exclusion.label,
      });
    }
    return true;
  }

  /**
   * The findings of each severity that count: the largest statement of the service less the findings read that
   * the policy leaves out. A severity read whole is exact; one read in part counts every unread finding (fail
   * closed).
   */
  get counts(): SeverityCounts {
    const counts = zeroCounts();
    for (const severity of SEVERITIES)
      counts[severity] = Math.max(0, this.listedCount(severity) - this.#excluded[severity]);
    counts[UNKNOWN_SEVERITY_COUNTS_AS] += this.#uncategorised;
    return counts;
  }

  /** Findings of one severity the scan holds, policy or not: what paging walks. */
  listedCount(severity: Severity): number {
    return Math.max(this.#stated[severity], this.#seen[severity]);
  }

  /** Findings the scan holds under the five severities, policy or not. */
  get listedTotal(): number {
    return SEVERITIES.reduce((sum, severity) => sum + this.listedCount(severity), 0);
  }

  /** Findings of one severity read so far, left out or not. */
  seenCount(severity: Severity): number {
    return this.#seen[severity];
  }

  /** Findings read that lie outside the policy's paths. */
  get outOfScopeCount(): number {
    return this.#outOfScope;
  }

  /** Findings read that a suppression in force covers. */
  get suppressedCount(): number {
    return this.#suppressedCount;
  }

  /** The first LISTED_SUPPRESSED suppressed findings, most severe first. */
  suppressed(): SuppressedFinding[] {
    return SEVERITIES.flatMap((severity) =>
      this.#suppressed.filter((finding) => finding.severity === severity),
    );
  }

  /** The indexes of the suppressions that covered at least one finding read. */
  get matchedSuppressions(): ReadonlySet<number> {
    return this.#matchedSuppressions;
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
