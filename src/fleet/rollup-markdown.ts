import { escapeMarkdownInline, markdownCode, truncate } from '../text/escape.ts';
import { SEVERITIES } from '../domain/severity.ts';
import type { FleetRollUp, RepositoryOutcome, RollUpTotals } from './rollup.ts';
import { outcomeGroups } from './rollup-build.ts';
import type { RollUpComparison } from './rollup-compare.ts';
import { renderComparison } from './rollup-comparison-markdown.ts';

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

/**
 * The roll-up as the job summary shows it: the totals, a note that repository policy files are not read, then one
 * row per repository, those failing the gate first (most severe findings first), then those whose scan failed,
 * then the others not judged and why, then those that passed; given a comparison, what changed since. Every string from the service is escaped for
 * markdown and cut; the whole stays within `budgetBytes`.
 */
export function renderRollUpMarkdown(
  rollUp: FleetRollUp,
  comparison?: RollUpComparison,
  budgetBytes = ROLLUP_SUMMARY_BUDGET_BYTES,
): string {
  const head = headLines(rollUp).join('\n');
  const tail = comparison === undefined ? '' : `\n${renderComparison(comparison)}`;
  const rows = { bytesLeft: budgetBytes - bytes(head) - bytes(tail) - TABLE_RESERVE_BYTES };
  const { failed, scanFailed, notJudged, passed } = outcomeGroups(rollUp.repositories);
  const tables = [
    table(`Failing the gate (${failed.length})`, FINDINGS_HEADER, failed.map(findingsRow), rows),
    table(`Scans that failed (${scanFailed.length})`, NOT_JUDGED_HEADER, scanFailed.map(notJudgedRow), rows),
    table(`Not judged (${notJudged.length})`, NOT_JUDGED_HEADER, notJudged.map(notJudgedRow), rows),
    table(`Passed (${passed.length})`, FINDINGS_HEADER, passed.map(findingsRow), rows),
  ];
  return `${[head, ...tables.filter((t) => t !== '')].join('\n')}${tail}`;
}

/** Room kept for the headings, headers and "left out" lines of the three tables. */
const TABLE_RESERVE_BYTES = 2048;

/** What a merged roll-up's verdicts rest on. */
function verificationSentence(verified: boolean): string {
  return verified
    ? "Verified against the service: every judged repository's scan was read again, found to be its own, and judged anew from its report."
    : "Not verified: the shards' roll-ups were taken as written. Anyone who can write them (a cache, an artifact, a volume) could have changed them; `svc fleet merge --verify` re-judges them against the service.";
}

function headLines(rollUp: FleetRollUp): string[] {
  const { totals } = rollUp;
  const shard = rollUp.shard === null ? '' : ` (shard ${escapeMarkdownInline(truncate(rollUp.shard, 20))})`;
  const lines = [
    `## Fleet scan: ${totals.repositories} ${totals.repositories === 1 ? 'repository' : 'repositories'}${shard}`,
    '',
    `**${totals.failed} failed the gate, ${totals.passed} passed, ${totals.not_judged} not judged.** ${findingsSentence(totals)}`,
    '',
    `> Repository policy files (\`.github/svc-scan.yml\`) are not read in this version: every repository is judged by fail-on ${rollUp.fail_on}.`,
  ];
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
  `| Repository | ${SEVERITIES.map(capitalised).join(' | ')} | Scan |`,
  `| --- | ${SEVERITIES.map(() => '---:').join(' | ')} | --- |`,
];
const NOT_JUDGED_HEADER = ['| Repository | Status | Why |', '| --- | --- | --- |'];

function capitalised(word: string): string {
  return `${word.charAt(0).toUpperCase()}${word.slice(1)}`;
}

function findingsRow(outcome: RepositoryOutcome): string {
  const counts = SEVERITIES.map((s) => String(outcome.findings[s]));
  const scan = outcome.scan_id === null ? '' : markdownCode(truncate(outcome.scan_id, NAME_CHARACTERS));
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
  return [`### ${heading}`, '', ...header, ...kept, ...note, ''].join('\n');
}

function bytes(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}
