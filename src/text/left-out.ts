import { markdownCode, markdownLink } from './escape.ts';
import type { ReportedPolicy } from '../domain/run-report.ts';
import { SEVERITIES, type SeverityCounts } from '../domain/severity.ts';

/**
 * What every capped list says at its end: how many entries it left out, and where the rest are. A list cut to a
 * sink's budget (a comment's ten rows, a summary's 500, a check run's 65,535 characters) that reads as whole
 * misleads: a comment headed "16 existing findings" over ten rows hides six. Each sink names the place that has
 * more than it does (the job summary, the check run, `svc`), so a reader always has a next step.
 */

/** What an entry of a list is called, once and several times. */
export interface Noun {
  one: string;
  many: string;
}

/** A noun whose plural takes an `s`, the common case. */
export function noun(one: string, many = `${one}s`): Noun {
  return { one, many };
}

export const FINDING = noun('finding');

/** `1 finding`, `6 findings`. */
export function counted(count: number, what: Noun): string {
  return `${count} ${count === 1 ? what.one : what.many}`;
}

/**
 * `6 more existing findings are not listed here: see the job summary.`, plain text; empty when nothing was left
 * out. `where` completes the sentence: it says where the rest are (already escaped for the sink).
 */
export function leftOutSentence(leftOut: number, what: Noun, where: string): string {
  if (!(leftOut > 0)) return '';
  return `${leftOut} more ${leftOut === 1 ? `${what.one} is` : `${what.many} are`} not listed here: ${where}.`;
}

/** The sentence as a markdown line of its own (italic), or no line at all. */
export function leftOutLines(leftOut: number, what: Noun, where: string): string[] {
  const sentence = leftOutSentence(leftOut, what, where);
  return sentence ? ['', `_${sentence}_`] : [];
}

/** The most `svc findings list --limit` takes (src/cli/commands/findings.ts). */
const FINDINGS_LIMIT_MAX = 100_000;

/** The places the rest of a list can be found, each worded to complete "…not listed here: ". */
export const ELSEWHERE = {
  /** The job summary, linked when the workflow run's page is known (markdown). */
  jobSummary(runUrl: string | undefined): string {
    return `see the ${runUrl ? markdownLink('job summary', runUrl) : 'job summary'}`;
  },
  /**
   * `svc findings list`, which pages through every finding of a scan. `total` is every finding the scan holds
   * (its default `--limit` is 100), so the command as printed lists them all; unknown, it is svc's largest.
   */
  findingsCommand(
    scanId: string,
    format: 'markdown' | 'plain',
    { total = FINDINGS_LIMIT_MAX, scan = 'the scan' }: { total?: number; scan?: string } = {},
  ): string {
    const limit = Math.min(Math.max(total, 1), FINDINGS_LIMIT_MAX);
    const command = `svc findings list --scan ${scanId} --limit ${limit}`;
    return `${format === 'markdown' ? markdownCode(command) : command} lists every finding of ${scan}`;
  },
  /** A `svc` command that shows a whole list (compliance, the posture, the AI analysis). */
  command(command: string, format: 'markdown' | 'plain'): string {
    return `${format === 'markdown' ? markdownCode(command) : command} lists them all`;
  },
} as const;

/**
 * Where the rest of a scan's findings are: `svc findings list` with a `--limit` that covers every finding the scan
 * holds, those counted and those the policy took out.
 */
export function restOfScan(
  scanId: string,
  counts: SeverityCounts,
  policy: Pick<ReportedPolicy, 'suppressedCount' | 'outOfScopeCount'> | undefined,
  format: 'markdown' | 'plain',
): string {
  const countedTotal = SEVERITIES.reduce((sum, severity) => sum + counts[severity], 0);
  const total = countedTotal + (policy?.suppressedCount ?? 0) + (policy?.outOfScopeCount ?? 0);
  return ELSEWHERE.findingsCommand(scanId, format, { total });
}
