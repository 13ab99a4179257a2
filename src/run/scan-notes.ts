import type { ScanReport } from '../client/types.ts';
import type { FindingTally } from '../domain/finding-tally.ts';
import { SEVERITIES, type SeverityCounts } from '../domain/severity.ts';

/** What the findings phase learnt besides the counts, for the notes under a verdict. */
export interface ScanNoteInput {
  report: ScanReport;
  /** Each severity's count as the findings list gave it. */
  listTotals: SeverityCounts;
  tally: FindingTally;
  /** The service ignored the severity filter and the findings were counted from the items. */
  filterIgnored: boolean;
  /** Modules that did not complete, each with its status. */
  incompleteModules: readonly string[];
}

/**
 * The warnings a reader of the verdict needs, as plain sentences: everything the action had to work around or
 * could not know. The action and the command-line tool show the same ones.
 */
export function scanNotes(input: ScanNoteInput): string[] {
  return [
    ...filterNotes(input.filterIgnored, input.tally),
    ...consistencyNotes(input.report, input.listTotals, input.tally),
    ...malformedNotes(input.tally),
    ...moduleNotes(input.incompleteModules),
  ];
}

function filterNotes(filterIgnored: boolean, tally: FindingTally): string[] {
  if (!filterIgnored) return [];
  return [
    'The service ignored the severity filter of the findings list (a page asked for one severity held ' +
      `others), so the action read all ${tally.total} findings and counted each under its own severity.`,
  ];
}

function malformedNotes(tally: FindingTally): string[] {
  if (tally.malformedCount === 0) return [];
  const fields = [...tally.malformedFields.entries()].map(([field, count]) => `${field} (${count})`);
  const one = tally.malformedCount === 1;
  return [
    `${tally.malformedCount} ${one ? 'finding' : 'findings'} arrived with unusable fields: ${fields.join(', ')}. ` +
      `${one ? 'It is' : 'They are'} counted all the same (an unknown severity as critical) and shown without what was broken.`,
  ];
}

/** The list and the report should agree; when they do not, the gate counts the larger number (fail closed). */
function consistencyNotes(report: ScanReport, listTotals: SeverityCounts, tally: FindingTally): string[] {
  const notes: string[] = [];
  const listed = SEVERITIES.reduce((sum, severity) => sum + listTotals[severity], 0);
  const disagree = SEVERITIES.some((s) => (report.severity_breakdown[s] ?? 0) !== listTotals[s]);
  if (disagree || report.total_findings !== listed) {
    notes.push(
      `The scan report counts ${report.total_findings} findings but the findings list ${listed}; ` +
        'the gate counts the larger number of each severity.',
    );
  }
  if (tally.unknownSeverities.size > 0) {
    notes.push(
      `Findings with a severity the action does not know (${[...tally.unknownSeverities].join(', ')}) ` +
        'are counted as critical.',
    );
  }
  return notes;
}

function moduleNotes(incomplete: readonly string[]): string[] {
  if (incomplete.length === 0) return [];
  const one = incomplete.length === 1;
  return [
    `${one ? 'Module' : 'Modules'} ${incomplete.join(', ')} did not complete: the scan completed without ${one ? 'its' : 'their'} findings.`,
  ];
}
