import { escapeAnnotationMessage, escapeAnnotationProperty } from '../../text/escape.ts';
import type { ReportedFinding } from '../../domain/finding-tally.ts';
import { annotationLevel, type AnnotationLevel } from '../../domain/severity-level.ts';

/** Longer than any path a repository can hold (git's own limit is 4,096 bytes). */
const MAX_PATH_LENGTH = 4_096;

/**
 * GitHub shows at most 10 annotations of each level from one step and 50 from a job, and silently drops the
 * rest; emitting more only costs log lines. One error is kept free for the step's own failure message.
 */
export const ANNOTATION_LIMITS = {
  perLevelPerStep: { error: 9, warning: 10, notice: 10 },
  perJob: 50,
} as const;

interface PlannedAnnotation {
  level: AnnotationLevel;
  /** Escaped for a workflow command's data. */
  message: string;
  /** Escaped for a workflow command's properties. */
  title: string;
  file?: string;
  startLine?: number;
}

export interface AnnotationPlan {
  annotations: PlannedAnnotation[];
  /** Reported findings that get no annotation because GitHub would not show it. */
  notShown: number;
}

export interface AnnotationBudget {
  /** Warnings the step emits besides the findings' (notes on the scan), which count against GitHub's limit. */
  warningsUsed?: number;
}

/**
 * One annotation per reported finding, most severe first, as many of each level as GitHub shows.
 * `findings` is most severe first; `reportedTotal` counts the reported findings not in it too.
 */
export function planAnnotations(
  findings: readonly ReportedFinding[],
  reportedTotal: number,
  budget: AnnotationBudget = {},
): AnnotationPlan {
  const perLevel: Record<AnnotationLevel, number> = {
    error: 0,
    warning: budget.warningsUsed ?? 0,
    notice: 0,
  };
  const annotations: PlannedAnnotation[] = [];
  for (const finding of findings) {
    if (annotations.length >= ANNOTATION_LIMITS.perJob) break;
    const level = annotationLevel(finding.severity);
    if (perLevel[level] >= ANNOTATION_LIMITS.perLevelPerStep[level]) continue;
    perLevel[level] += 1;
    annotations.push(annotationFor(finding, level));
  }
  return { annotations, notShown: Math.max(0, reportedTotal - annotations.length) };
}

/** What an annotation says of a finding besides its title: severity as sent, CWE, OWASP, the finding's id. */
export function findingDetails(finding: ReportedFinding): string[] {
  return [
    `Severity: ${finding.originalSeverity ?? finding.severity}`,
    finding.cwe,
    finding.owasp ? `OWASP ${finding.owasp}` : undefined,
    finding.id ? `finding ${finding.id}` : undefined,
    // What a policy suppresses it by (ignore: - fingerprint: …), as the SARIF file's partialFingerprints carry it.
    finding.fingerprint ? `fingerprint ${finding.fingerprint}` : undefined,
  ].filter((part): part is string => Boolean(part));
}

function annotationFor(finding: ReportedFinding, level: AnnotationLevel): PlannedAnnotation {
  const details = findingDetails(finding);
  const annotation: PlannedAnnotation = {
    level,
    title: escapeAnnotationProperty(`${finding.severity.toUpperCase()}: ${finding.title}`),
    message: escapeAnnotationMessage(`${finding.title}\n${details.join(' · ')}`),
  };
  // A path too long to be real cannot be cut without pointing elsewhere: the finding is shown without a location.
  const file = finding.filePath.replace(/^\.\//, '');
  if (file && file.length <= MAX_PATH_LENGTH) {
    annotation.file = escapeAnnotationProperty(file, MAX_PATH_LENGTH);
    if (Number.isInteger(finding.line) && finding.line > 0) annotation.startLine = finding.line;
  }
  return annotation;
}
