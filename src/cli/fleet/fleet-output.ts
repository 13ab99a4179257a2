import { appendFileSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { truncate } from '../../text/escape.ts';
import { SEVERITIES } from '../../domain/severity.ts';
import { outcomeGroups } from '../../fleet/rollup-build.ts';
import { withChanges } from '../../fleet/rollup-compare.ts';
import { historyWith, nightsOf, type HistoryNight } from '../../fleet/rollup-history.ts';
import { renderRollUpMarkdown } from '../../fleet/rollup-markdown.ts';
import { parseRollUp } from '../../fleet/rollup-read.ts';
import type { FleetRollUp, RepositoryOutcome } from '../../fleet/rollup.ts';
import type { CommandContext } from '../command-context.ts';
import { CommandFailure, EXIT, UsageError } from '../exit-codes.ts';
import { checkWritable } from '../scan/scan-output.ts';
import { jsonText, renderTable, terminalInline } from '../terminal-text.ts';

/** Where a roll-up goes besides stdout (JSON with --json, else a table). */
export interface RollUpTargets {
  /** The JSON roll-up. */
  output?: string | undefined;
  /** The markdown roll-up (the job summary's text). */
  summary?: string | undefined;
}

/** A roll-up that cannot be written is found before anything is sent; the folders it goes in are made. */
export function checkRollUpTargets(targets: RollUpTargets): void {
  if (targets.output !== undefined) prepareWritable(targets.output, '--output');
  if (targets.summary !== undefined) prepareWritable(targets.summary, '--summary');
}

/**
 * A file svc fleet writes (`--ledger`, `--output`, `--summary`): its parent folders made (a recipe's volume or
 * cache folder holds none yet on the first night), then checked writable. A folder that cannot be made is a
 * usage error naming the flag.
 */
export function prepareWritable(path: string, flag: string): void {
  try {
    mkdirSync(dirname(resolve(path)), { recursive: true });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${flag} ${path} cannot be written: its folder cannot be made (${reason})`);
  }
  checkWritable(path, flag);
}

/** A roll-up file given to `--compare` or `merge`; one that cannot be read or is not a roll-up is a usage error. */
export function readRollUpFile(path: string, flag: string): FleetRollUp {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${flag}${path} cannot be read: ${reason}`);
  }
  return parseRollUp(text, `${flag}${path}`);
}

/** The earlier roll-ups a night is read against, as the flags name them. */
export interface EarlierRollUpFlags {
  /** The previous night's roll-up: the roll-up's `changes`. */
  compare?: string | undefined;
  /** Earlier nights' roll-ups: the summary's findings by night. */
  history?: string[] | undefined;
}

/** The earlier roll-ups, read: `--compare`'s and the nights of `--history`'s. */
export interface EarlierRollUps {
  previous: FleetRollUp | undefined;
  nights: HistoryNight[] | undefined;
}

/**
 * `--compare` and `--history`, read before any request: a file that cannot be read or is not a roll-up, or a
 * history roll-up without `started_at`, is a usage error naming it.
 */
export function readEarlierRollUps(flags: EarlierRollUpFlags): EarlierRollUps {
  return {
    previous: flags.compare === undefined ? undefined : readRollUpFile(flags.compare, '--compare '),
    nights:
      flags.history === undefined
        ? undefined
        : nightsOf(
            flags.history.map((path) => ({
              where: `--history ${path}`,
              rollUp: readRollUpFile(path, '--history '),
            })),
          ),
  };
}

/**
 * The roll-up, with its changes since `--compare`'s, to stdout (JSON with --json, else a table), to --output
 * (JSON), to --summary (markdown, with `--history`'s nights), and, in a GitHub Actions step, appended to its job
 * summary. Files are scrubbed of every secret svc knows.
 */
export function writeRollUp(
  context: CommandContext,
  night: FleetRollUp,
  targets: RollUpTargets,
  earlier: EarlierRollUps,
): void {
  const rollUp = withChanges(night, earlier.previous);
  context.out.write(context.globals.json ? jsonText(rollUp) : renderRollUpText(rollUp));
  if (targets.output !== undefined) writeFile(context, targets.output, jsonText(rollUp), 'roll-up');
  const env = context.io.env;
  const stepSummary = env.GITHUB_ACTIONS === 'true' ? (env.GITHUB_STEP_SUMMARY ?? '') : '';
  if (targets.summary === undefined && stepSummary === '') return;
  const history = earlier.nights && historyWith(earlier.nights, rollUp);
  const markdown = renderRollUpMarkdown(rollUp, history === undefined ? {} : { history });
  if (targets.summary !== undefined) writeFile(context, targets.summary, markdown, 'summary');
  if (stepSummary !== '') writeFile(context, stepSummary, markdown, 'job summary', true);
}

function writeFile(context: CommandContext, path: string, text: string, what: string, append = false): void {
  try {
    (append ? appendFileSync : writeFileSync)(path, context.scrub(text));
  } catch (error) {
    throw new CommandFailure(`Could not write the ${what} to ${path}: ${String(error)}`, EXIT.config, {
      cause: error,
    });
  }
  context.err.line(terminalInline(`The ${what} was written to ${path}.`));
}

/** A terminal row's cut of why a repository was not judged (the JSON has it whole). */
const ERROR_CHARACTERS = 200;

/**
 * The roll-up for a terminal: failing first (`FAILED, NEW` for those newly failing since `--compare`'s night), then
 * the scans that failed, then not judged and why, then passed; the totals last.
 */
function renderRollUpText(rollUp: FleetRollUp): string {
  const { failed, scanFailed, notJudged, passed } = outcomeGroups(rollUp.repositories);
  const newlyFailing = new Set(rollUp.changes?.newly_failing ?? []);
  const row = (gate: string, outcome: RepositoryOutcome): string[] => [
    gate,
    outcome.repository,
    ...SEVERITIES.map((severity) => String(outcome.findings[severity])),
    truncate(outcome.error ?? '', ERROR_CHARACTERS),
  ];
  const rows = [
    ...failed.map((o) => row(newlyFailing.has(o.repository) ? 'FAILED, NEW' : 'FAILED', o)),
    ...scanFailed.map((o) => row('SCAN FAILED', o)),
    ...notJudged.map((o) => row('NOT JUDGED', o)),
    ...passed.map((o) => row('passed', o)),
  ];
  const header = ['GATE', 'REPOSITORY', ...SEVERITIES.map((s) => s.toUpperCase()), 'WHY NOT JUDGED'];
  const { totals } = rollUp;
  const shard = rollUp.shard === null ? '' : ` (shard ${rollUp.shard})`;
  const since =
    rollUp.changes === null
      ? ''
      : ` ${newlyFailing.size} newly failing since ${rollUp.changes.compared_with.started_at ?? 'the compared roll-up'}.`;
  const scansFailed = totals.scan_failed > 0 ? ` (${totals.scan_failed} of them: the scan failed)` : '';
  const line = `${totals.repositories} repositories${shard}: ${totals.failed} failed the gate, ${totals.passed} passed, ${totals.not_judged} not judged${scansFailed}.${since}`;
  return `${rows.length > 0 ? renderTable(header, rows) : ''}${terminalInline(line)}\n`;
}
