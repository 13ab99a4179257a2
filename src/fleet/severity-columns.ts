import { SEVERITIES } from '../domain/severity.ts';

/** The severities as a markdown table's column headings (`Critical | High | …`), most severe first. */
export const SEVERITY_HEADINGS = SEVERITIES.map((s) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`).join(
  ' | ',
);

/** Their alignment row's cells: counts align right. */
export const SEVERITY_ALIGNMENT = SEVERITIES.map(() => '---:').join(' | ');
