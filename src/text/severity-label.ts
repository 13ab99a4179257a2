import type { Severity } from '../domain/severity.ts';

/** A severity as the summary and the pull request comment show it: a coloured square and its name. */
export const SEVERITY_LABEL: Record<Severity, string> = {
  critical: '🟥 Critical',
  high: '🟧 High',
  medium: '🟨 Medium',
  low: '🟦 Low',
  info: '⬜ Info',
};
