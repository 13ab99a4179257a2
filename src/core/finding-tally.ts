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
 * Severity a finding counts under when the service sends one the action does not know: the most severe, so
 * a change in the service's vocabulary can only make the gate stricter, never open it.
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

export interface FindingTallyOptions {
  /** Lowest severity reported in annotations and the summary. */
  reportFloor: Severity;
  /**
   * Reported findings kept per severity, in the order the service lists them. Everything else is only
   * counted, so memory stays bounded whatever the size of the scan.
   */
  keepPerSeverity: number;
}

/** Streaming aggregation of a scan's findings: counts every one, keeps the first few of each reported severity. */
export class FindingTally {
  readonly counts: SeverityCounts = zeroCounts();
  readonly unknownSeverities = new Set<string>();
  readonly #kept: Record<Severity, ReportedFinding[]> = {
    critical: [],
    high: [],
    medium: [],
    low: [],
    info: [],
  };
  readonly #options: FindingTallyOptions;

  constructor(options: FindingTallyOptions) {
    this.#options = options;
  }

  add(finding: Finding): void {
    // Typed as a Severity, but it is whatever the service sent.
    const raw: string = finding.severity;
    const normalized = raw.trim().toLowerCase();
    let severity: Severity;
    if (isSeverity(normalized)) {
      severity = normalized;
    } else {
      severity = UNKNOWN_SEVERITY_COUNTS_AS;
      this.unknownSeverities.add(raw);
    }
    this.counts[severity] += 1;
    if (!isAtOrAbove(severity, this.#options.reportFloor)) return;
    const kept = this.#kept[severity];
    if (kept.length >= this.#options.keepPerSeverity) return;
    kept.push({
      id: finding.id,
      severity,
      ...(severity === normalized ? {} : { originalSeverity: raw }),
      title: finding.title,
      filePath: finding.file_path,
      line: finding.line,
      ...(finding.cwe ? { cwe: finding.cwe } : {}),
      ...(finding.owasp ? { owasp: finding.owasp } : {}),
    });
  }

  get total(): number {
    return SEVERITIES.reduce((sum, severity) => sum + this.counts[severity], 0);
  }

  /** How many findings are at or above the report floor (kept or not). */
  get reportedTotal(): number {
    return SEVERITIES.filter((s) => isAtOrAbove(s, this.#options.reportFloor)).reduce(
      (sum, severity) => sum + this.counts[severity],
      0,
    );
  }

  /** The kept findings, most severe first. */
  kept(): ReportedFinding[] {
    return SEVERITIES.flatMap((severity) => this.#kept[severity]);
  }
}
