import type { Severity } from './severity.ts';

/**
 * How loud a finding of each severity is on GitHub: the level of its workflow annotation and, through it, of its
 * SARIF result. One mapping, so the annotations and code scanning never rank a finding differently.
 */
export type AnnotationLevel = 'error' | 'warning' | 'notice';

export function annotationLevel(severity: Severity): AnnotationLevel {
  switch (severity) {
    case 'critical':
    case 'high':
      return 'error';
    case 'medium':
      return 'warning';
    case 'low':
    case 'info':
      return 'notice';
  }
}
