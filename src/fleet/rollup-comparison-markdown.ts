import { markdownCode, truncate } from '../text/escape.ts';
import { SEVERITIES } from '../domain/severity.ts';
import type { CountChange, RollUpComparison } from './rollup-compare.ts';

/** The names one line of the comparison shows; the rest are counted. */
const NAMES_PER_LINE = 50;
const NAME_CHARACTERS = 140;

/** What changed since the previous roll-up, as a section of the summary (at most NAMES_PER_LINE names a line). */
export function renderComparison(comparison: RollUpComparison): string {
  const lines = [
    '### Since the previous roll-up',
    '',
    `- Findings of the fleet: ${signedCounts(comparison.totalsChange) || 'unchanged'}.`,
    namesLine('Newly failing', comparison.newlyFailing),
    namesLine('Newly passing', comparison.newlyPassing),
    changesLine('Findings up', comparison.countsUp),
    changesLine('Findings down', comparison.countsDown),
    namesLine('No longer scanned', comparison.noLongerScanned),
  ];
  return `${lines.join('\n')}\n`;
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
