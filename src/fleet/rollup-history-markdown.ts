import { SEVERITIES } from '../domain/severity.ts';
import type { HistoryNight } from './rollup-history.ts';
import { SEVERITY_ALIGNMENT, SEVERITY_HEADINGS } from './severity-columns.ts';

/**
 * Each severity's line colour, most severe first: GitHub's mermaid draws no key for an xychart, so the caption
 * under the chart names the colours.
 */
const SEVERITY_COLOURS = [
  ['#cf222e', 'red'],
  ['#bc4c00', 'orange'],
  ['#9a6700', 'yellow'],
  ['#0969da', 'blue'],
  ['#6e7781', 'grey'],
] as const;

/**
 * The organization's findings by severity per night (`--history`): a mermaid `xychart-beta` chart when there are
 * two nights or more to draw, then a table of every night, always (the chart is drawn only where mermaid is).
 */
export function renderHistory(nights: readonly HistoryNight[]): string {
  if (nights.length === 0) return '';
  const lines = [`### Findings by night (${nights.length} ${nights.length === 1 ? 'night' : 'nights'})`, ''];
  if (nights.length >= 2) lines.push(...chart(nights), '');
  lines.push(
    `| Night (UTC) | ${SEVERITY_HEADINGS} | Repositories | Failing |`,
    `| --- | ${SEVERITY_ALIGNMENT} | ---: | ---: |`,
    ...nights.map(
      (night) =>
        `| ${night.started_at} | ${SEVERITIES.map((s) => night.findings[s]).join(' | ')} | ${night.repositories} | ${night.failed} |`,
    ),
  );
  return `${lines.join('\n')}\n`;
}

function chart(nights: readonly HistoryNight[]): string[] {
  const palette = SEVERITY_COLOURS.map(([hex]) => hex).join(', ');
  const key = SEVERITIES.map((s, i) => `${s} ${SEVERITY_COLOURS[i]?.[1] ?? ''}`).join(', ');
  return [
    '```mermaid',
    `%%{init: {"themeVariables": {"xyChart": {"plotColorPalette": "${palette}"}}}}%%`,
    'xychart-beta',
    '  title "Findings by severity, per night"',
    `  x-axis [${labels(nights)
      .map((label) => `"${label}"`)
      .join(', ')}]`,
    '  y-axis "Findings"',
    ...SEVERITIES.map((s) => `  line [${nights.map((night) => night.findings[s]).join(', ')}]`),
    '```',
    '',
    `Lines: ${key}.`,
  ];
}

/** Each night's date (`11-28`), with its time when two nights share a date. */
function labels(nights: readonly HistoryNight[]): string[] {
  const dates = nights.map((night) => night.started_at.slice(5, 10));
  if (new Set(dates).size === dates.length) return dates;
  return nights.map((night) => `${night.started_at.slice(5, 10)} ${night.started_at.slice(11, 16)}`);
}
