import { escapeMarkdownInline, markdownCode, truncate } from '../text/escape.ts';
import { SEVERITIES } from '../domain/severity.ts';
import type { CountChange, RollUpChanges } from './rollup.ts';

/** The names one line of the comparison shows; the rest are counted. */
const NAMES_PER_LINE = 50;
const NAME_CHARACTERS = 140;

/**
 * What changed since the compared roll-up, as a section of the summary (at most NAMES_PER_LINE names a line): a
 * change of fail-on first, since it may be the cause of every verdict that changed below it.
 */
export function renderComparison(changes: RollUpChanges): string {
  const lines = [
    `### Changes since ${comparedNight(changes.compared_with)}`,
    '',
    ...failOnLines(changes.fail_on),
    `- Findings of the fleet: ${signedCounts(changes.findings_delta) || 'unchanged'}.`,
    namesLine('Newly failing', changes.newly_failing),
    namesLine('Newly passing', changes.newly_passing),
    namesLine('Newly not judged', changes.newly_not_judged),
    changesLine('Findings up', changes.counts_up),
    changesLine('Findings down', changes.counts_down),
    namesLine('New repositories', changes.new_repositories),
    namesLine('No longer scanned', changes.no_longer_scanned),
  ];
  return `${lines.join('\n')}\n`;
}

function comparedNight(night: RollUpChanges['compared_with']): string {
  const when = night.started_at === null ? 'the compared roll-up' : `the night of ${night.started_at}`;
  const run = night.run_id === null ? '' : ` (run ${escapeMarkdownInline(truncate(night.run_id, 80))})`;
  return `${when}${run}`;
}

function failOnLines(failOn: RollUpChanges['fail_on']): string[] {
  if (failOn === null) return [];
  return [
    `> fail-on changed from ${failOn.previous} to ${failOn.now}: a repository may be newly failing or passing because the gate moved, not its code.`,
    '',
  ];
}

function namesLine(label: string, names: readonly string[]): string {
  return listLine(label, names.map(nameCode));
}

function changesLine(label: string, changes: readonly CountChange[]): string {
  return listLine(
    label,
    changes.map(({ repository, change }) => `${nameCode(repository)} (${signedCounts(change)})`),
  );
}

function listLine(label: string, items: readonly string[]): string {
  if (items.length === 0) return `- ${label}: none.`;
  const shown = items.slice(0, NAMES_PER_LINE).join(', ');
  const more = items.length > NAMES_PER_LINE ? `, and ${items.length - NAMES_PER_LINE} more` : '';
  return `- ${label} (${items.length}): ${shown}${more}.`;
}

function nameCode(name: string): string {
  return markdownCode(truncate(name, NAME_CHARACTERS));
}

/** `critical +1, high −2`: the severities that moved, most severe first. */
function signedCounts(change: Partial<Record<(typeof SEVERITIES)[number], number>>): string {
  return SEVERITIES.filter((s) => (change[s] ?? 0) !== 0)
    .map((s) => {
      const value = change[s] ?? 0;
      return `${s} ${value > 0 ? '+' : '−'}${Math.abs(value)}`;
    })
    .join(', ');
}
