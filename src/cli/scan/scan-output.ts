import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { GITHUB_UPLOAD_LIMITS } from '../../code-scanning/github-upload-limits.ts';
import { SarifRun, type SarifRunOutcome, type SarifRunReport } from '../../code-scanning/sarif-run.ts';
import type { FindingFilter } from '../../domain/finding-filter.ts';
import type { FindingLister } from '../../run/finding-stream.ts';
import { writeFileAtomically } from '../../run/sarif-file.ts';
import { defaultSarifCategory } from '../../sarif/sarif-category.ts';
import type { CommandContext } from '../command-context.ts';
import { CommandFailure, EXIT, UsageError } from '../exit-codes.ts';
import { jsonText, terminalInline } from '../terminal-text.ts';
import { renderScanText, type ScanReportDocument } from './scan-report.ts';

export interface SarifTarget {
  /** The run's finding set: the pages the run read are handed on, not asked of the service again. */
  findings: FindingLister;
  signal: AbortSignal;
  pageSize: number;
  output: string | undefined;
  /** The policy's filter: findings outside its paths are left out, suppressed ones written with their reason. */
  filter: FindingFilter;
}

/**
 * The action's SARIF run (src/code-scanning/sarif-run.ts), built by the same code from the run's finding set:
 * every finding at or above the report floor, up to code scanning's 25,000 results (the most severe), through
 * the policy, under the action's tool name and default category (`svc-scan/<owner>/<name>/`). Written to stdout,
 * or to --output whole or not at all. A scan a module did not complete is refused as the action refuses it:
 * code scanning would close that module's alerts as fixed.
 */
export async function writeSarifReport(
  context: CommandContext,
  target: SarifTarget,
  report: Readonly<SarifRunReport> & { passed: boolean },
): Promise<void> {
  const repository = report.scan?.repository ?? '';
  const sarif = new SarifRun({
    findings: target.findings,
    pageSize: target.pageSize,
    maxResults: GITHUB_UPLOAD_LIMITS.maxResults,
    category: defaultSarifCategory(repository),
    serverUrl: undefined,
    signal: target.signal,
    filter: target.filter,
  });
  const outcome = await sarif.of(report, { toolkit: { scrub: (text) => context.scrub(text) } });
  const log = builtLog(outcome, report.passed);
  if (target.output === undefined) {
    context.out.write(log.bytes.toString('utf8'));
    return;
  }
  const path = resolve(target.output);
  await writeFileAtomically(path, (sink) => sink.write(log.bytes));
  context.err.line(terminalInline(`SARIF written to ${path} (${log.results} results).`));
}

/**
 * The log of a built run; any other outcome is a failure. A partial scan exits as its verdict does: 1, since the
 * gate fails on a module that did not complete, or 4 (the scan failed) when --fail-on none passed it.
 */
function builtLog(outcome: SarifRunOutcome, passed: boolean): { bytes: Buffer; results: number } {
  if (outcome.kind === 'built') return { bytes: outcome.log, results: outcome.summary.results };
  if (outcome.kind === 'unread') throw outcome.error;
  if (outcome.kind === 'none') throw new Error('The run ended without results: no SARIF was written.');
  throw new CommandFailure(
    `${outcome.reason}, so no SARIF was written: code scanning would close their alerts as fixed.`,
    passed ? EXIT.service : EXIT.gateFailed,
  );
}

export function writeReport(
  context: CommandContext,
  document: ScanReportDocument,
  format: 'text' | 'json',
  output: string | undefined,
): void {
  const text = format === 'json' ? jsonText(document) : renderScanText(document);
  if (output === undefined) {
    context.out.write(text);
    return;
  }
  try {
    writeFileSync(output, text);
  } catch (error) {
    throw new CommandFailure(`Could not write the report to ${output}: ${String(error)}`, EXIT.config, {
      cause: error,
    });
  }
  context.err.line(terminalInline(`Report written to ${output}.`));
}

/** A report that cannot be written is found before the scan spends credits. */
export function checkWritable(output: string, flag = '--output'): void {
  const path = resolve(output);
  try {
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw new Error('it is a directory');
    accessSync(dirname(path), constants.W_OK);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`${flag} ${output} cannot be written: ${reason}`);
  }
}
