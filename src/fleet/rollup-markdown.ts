import { escapeMarkdownInline, markdownCode, truncate } from '../text/escape.ts';
import { SEVERITIES } from '../domain/severity.ts';
import type { FleetRollUp, RepositoryOutcome, RollUpTotals } from './rollup.ts';
import { outcomeGroups } from './rollup-build.ts';
import { renderComparison } from './rollup-comparison-markdown.ts';
import type { HistoryNight } from './rollup-history.ts';
import { renderHistory } from './rollup-history-markdown.ts';
import { commitText, policyCell, policyNote, readsPolicies } from './rollup-policy-markdown.ts';
import { SEVERITY_ALIGNMENT, SEVERITY_HEADINGS } from './severity-columns.ts';
import { uploadCell, uploadsNote, uploadsSarif } from './rollup-upload-markdown.ts';

/**
 * GitHub refuses a step summary over 1 MiB (and the upload's failure then shows as an error annotation): the
 * roll-up stays at half of it, whatever the service's strings and however many repositories, and says what it
 * left out.
 */
const ROLLUP_SUMMARY_BUDGET_BYTES = 512 * 1024;

/** Cuts of the service's strings in a cell. */
const NAME_CHARACTERS = 140;
const STATUS_CHARACTERS = 40;
const ERROR_CHARACTERS = 300;

/** What the summary shows besides the roll-up itself. */
export interface RollUpMarkdownOptions {
  /** The nights of `--history`, tonight's included; none: no history section. */
  history?: readonly HistoryNight[];
  budgetBytes?: number;
}

/**
 * The roll-up as the job summary shows it: the night (date, ref, run, duration, shard), the totals, a note on
 * what judged the repositories (their policy files, or the fleet's fail-on); then those failing the gate (most
 * severe findings first, with the policy that judged each), those whose scan failed, the others not judged and why, what changed since the compared night (`changes`), the findings by night
 * (`history`), and the repositories that passed folded in one `<details>` block. Every string from the service is
 * escaped for markdown and cut; the whole stays within the budget, its sections whole and its tables cut between
 * rows, with a count.
 */
export function renderRollUpMarkdown(rollUp: FleetRollUp, options: RollUpMarkdownOptions = {}): string {
  const head = headLines(rollUp).join('\n');
  const changes = rollUp.changes === null ? '' : renderComparison(rollUp.changes);
  const history = renderHistory(options.history ?? []);
  const budget = options.budgetBytes ?? ROLLUP_SUMMARY_BUDGET_BYTES;
  const rows = { bytesLeft: budget - bytes(head) - bytes(changes) - bytes(history) - TABLE_RESERVE_BYTES };
  const { failed, scanFailed, notJudged, passed } = outcomeGroups(rollUp.repositories);
  const findings = findingsTable(rollUp);
  const sections = [
    head,
    table(`Failing the gate (${failed.length})`, findings.header, failed.map(findings.row), rows),
    table(`Scans that failed (${scanFailed.length})`, NOT_JUDGED_HEADER, scanFailed.map(notJudgedRow), rows),
    table(`Not judged (${notJudged.length})`, NOT_JUDGED_HEADER, notJudged.map(notJudgedRow), rows),
    changes,
    history,
    folded(`Passed (${passed.length})`, table('', findings.header, passed.map(findings.row), rows)),
  ];
  return sections.filter((section) => section !== '').join('\n');
}

/** Room kept for the headings, headers and "left out" lines of the three tables. */
const TABLE_RESERVE_BYTES = 2048;

/** What a merged roll-up's verdicts rest on. */
function verificationSentence(verified: boolean): string {
  return verified
    ? "Verified against the service: every judged repository's scan was read again, found to be its own, and judged anew from its report."
    : "Not verified: the shards' roll-ups were taken as written. Anyone who can write them (a cache, an artifact, a volume) could have changed them; `svc fleet merge --verify` re-judges them against the service.";
}

/**
 * The night at a glance: `**2026-11-28** · 01:17:03Z to 02:04:51Z (47 min 48 s) · ref: default branches · run:
 * 123 · shard 2/4`. What a roll-up written before these fields lacks is said to be unknown.
 */
function nightLine(rollUp: FleetRollUp): string {
  const { started_at: start, finished_at: end } = rollUp;
  const date = start === null ? '**date unknown**' : `**${start.slice(0, 10)}**`;
  const times =
    start === null || end === null
      ? 'duration unknown'
      : `${start.slice(11)} to ${end.slice(11)} (${duration(Date.parse(end) - Date.parse(start))})`;
  const ref =
    rollUp.ref === null
      ? "each repository's default branch"
      : markdownCode(truncate(rollUp.ref, NAME_CHARACTERS));
  const run = rollUp.run_id === null ? 'no run id' : markdownCode(truncate(rollUp.run_id, NAME_CHARACTERS));
  const shard =
    rollUp.shard === null ? 'the whole fleet' : `shard ${escapeMarkdownInline(truncate(rollUp.shard, 20))}`;
  return [date, times, `ref: ${ref}`, `run: ${run}`, shard].join(' · ');
}

/** `1 h 2 min`, `47 min 48 s`, `9 s`. */
function duration(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  const [h, m, s] = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  if (h > 0) return `${h} h ${m} min`;
  return m > 0 ? `${m} min ${s} s` : `${s} s`;
}

function headLines(rollUp: FleetRollUp): string[] {
  const { totals } = rollUp;
  const shard = rollUp.shard === null ? '' : ` (shard ${escapeMarkdownInline(truncate(rollUp.shard, 20))})`;
  const lines = [
    `## Fleet scan: ${totals.repositories} ${totals.repositories === 1 ? 'repository' : 'repositories'}${shard}`,
    '',
    nightLine(rollUp),
    '',
    `**${totals.failed} failed the gate, ${totals.passed} passed, ${totals.not_judged} not judged.** ${findingsSentence(totals)}`,
    '',
    policyNote(rollUp),
  ];
  const uploads = uploadsNote(rollUp);
  if (uploads !== '') lines.push('>', uploads);
  if (rollUp.stopped_by === 'key-refused')
    lines.push(
      '>',
      '> The service refused the key (401 or 403): no scan was started after that, and the rest are not judged.',
    );
  if (rollUp.stopped_by === 'interrupted')
    lines.push(
      '>',
      '> Interrupted: the scans the fleet started were cancelled, and the rest are not judged.',
    );
  if (rollUp.verified !== null) lines.push('>', `> ${verificationSentence(rollUp.verified)}`);
  if (rollUp.missing_shards.length > 0)
    lines.push(
      '>',
      `> The roll-ups of shard ${rollUp.missing_shards.map((s) => escapeMarkdownInline(truncate(s, 20))).join(', ')} were missing: their repositories are listed as not judged, as far as the other shards knew them.`,
    );
  lines.push('');
  return lines;
}

function findingsSentence(totals: RollUpTotals): string {
  return `Findings: ${SEVERITIES.map((s) => `${totals.findings[s]} ${s}`).join(', ')}.`;
}

const FINDINGS_HEADER = [
  `| Repository | ${SEVERITY_HEADINGS} | Scan |`,
  `| --- | ${SEVERITY_ALIGNMENT} | --- |`,
];
const NOT_JUDGED_HEADER = ['| Repository | Status | Why |', '| --- | --- | --- |'];

/** The judged repositories' table: with a Policy column when the night read policy files, a Code scanning one when it uploaded. */
function findingsTable(rollUp: FleetRollUp): {
  header: readonly string[];
  row: (outcome: RepositoryOutcome) => string;
} {
  const columns = [
    ...(readsPolicies(rollUp)
      ? [{ name: 'Policy', cell: (outcome: RepositoryOutcome) => policyCell(outcome, rollUp.fail_on) }]
      : []),
    ...(uploadsSarif(rollUp) ? [{ name: 'Code scanning', cell: uploadCell }] : []),
  ];
  const extra = (cells: readonly string[]) => cells.map((cell) => ` ${cell} |`).join('');
  return {
    header: [
      `${FINDINGS_HEADER[0]}${extra(columns.map((column) => column.name))}`,
      `${FINDINGS_HEADER[1]}${extra(columns.map(() => '---'))}`,
    ],
    row: (outcome) => `${findingsRow(outcome)}${extra(columns.map((column) => column.cell(outcome)))}`,
  };
}

function findingsRow(outcome: RepositoryOutcome): string {
  const counts = SEVERITIES.map((s) => String(outcome.findings[s]));
  const scan =
    outcome.scan_id === null
      ? ''
      : `${markdownCode(truncate(outcome.scan_id, NAME_CHARACTERS))}${commitText(outcome)}`;
  return `| ${repositoryCell(outcome)} | ${counts.join(' | ')} | ${scan} |`;
}

function notJudgedRow(outcome: RepositoryOutcome): string {
  const why = escapeMarkdownInline(truncate(outcome.error ?? 'not judged', ERROR_CHARACTERS));
  return `| ${repositoryCell(outcome)} | ${markdownCode(truncate(outcome.status, STATUS_CHARACTERS))} | ${why} |`;
}

function repositoryCell(outcome: RepositoryOutcome): string {
  return markdownCode(truncate(outcome.repository, NAME_CHARACTERS));
}

/** A table of rows while the budget lasts; the rows it leaves out are counted in a line of their own. */
function table(
  heading: string,
  header: readonly string[],
  rows: readonly string[],
  budget: { bytesLeft: number },
): string {
  if (rows.length === 0) return '';
  const kept: string[] = [];
  for (const row of rows) {
    const size = bytes(row) + 1;
    if (size > budget.bytesLeft) break;
    budget.bytesLeft -= size;
    kept.push(row);
  }
  const left = rows.length - kept.length;
  const note =
    left === 0
      ? []
      : [
          '',
          `…and ${left} more, left out to keep the summary within GitHub's limit: the JSON roll-up has every repository.`,
        ];
  return [...(heading === '' ? [] : [`### ${heading}`, '']), ...header, ...kept, ...note, ''].join('\n');
}

/** A section folded under its summary line (GitHub renders the markdown inside after the blank line). */
function folded(summary: string, body: string): string {
  if (body === '') return '';
  return ['<details>', `<summary>${summary}</summary>`, '', body, '</details>', ''].join('\n');
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
