import { Option, type Command } from 'commander';
import type { ReportedPolicy, ReportedResults, ReportedScan } from '../../domain/run-report.ts';
import { SUMMARY_MAX_FINDINGS } from '../../report/summary/summary.ts';
import { findCompletedBaseline } from '../../run/baseline-step.ts';
import { FindingSet } from '../../run/finding-set.ts';
import type { RunContext } from '../../run/run-context.ts';
import { RunDeadline, RunTimeoutError } from '../../run/run-deadline.ts';
import { runPolicyOf } from '../../run/run-policy-of.ts';
import { runScan, type ScanRunResult } from '../../run/run-scan.ts';
import { RepositoryNotFoundError, cancelScan } from '../../run/scan-step.ts';
import type { CommandContext } from '../command-context.ts';
import { CommandFailure, EXIT, type ExitCode } from '../exit-codes.ts';
import { SpinnerProgress } from '../scan/scan-progress-writer.ts';
import { readScanPolicy } from '../scan/scan-policy.ts';
import { buildScanReport } from '../scan/scan-report.ts';
import { checkWritable, writeReport, writeSarifReport } from '../scan/scan-output.ts';
import {
  SCAN_FORMATS,
  inSvcWords,
  scanFormat,
  scanSettings,
  sharedScanOptions,
  type ScanFlags,
  type ScanFormat,
} from '../scan/scan-settings.ts';
import { StartedScanRecord, stderrRunLog } from '../scan/stderr-run-log.ts';
import { terminalInline, terminalText } from '../terminal-text.ts';
import type { SvcCommand } from './command.ts';

/** What one svc scan shares between its steps: the run's context, and what svc adds to it. */
interface ScanRun {
  context: CommandContext;
  scope: RunContext;
  /** The run's finding set, kept for the SARIF run (--format sarif): no page is read twice. */
  findings: FindingSet;
  record: StartedScanRecord;
  progress: SpinnerProgress;
  format: ScanFormat;
  flags: ScanFlags;
}

/**
 * The action's run without GitHub, on the action's conductor (runScan): the policy file of the checkout, then
 * the repository, the scan (reused only at a commit SHA; a Ctrl-C during the create still gets its id, and
 * cancels it), its findings through the policy, the gate and the compliance gate; then the report, to stdout or
 * --output. Exit 0 when the gate passes, 1 when it fails; a scan that svc started and gives up on (Ctrl-C,
 * --wait-timeout, a failure) is cancelled: svc has no post step to leave it to.
 */
async function scan(context: CommandContext, repositoryName: string, flags: ScanFlags): Promise<ExitCode> {
  const format = scanFormat(flags, context.globals.json);
  // A bad flag is refused before the policy file is looked for, as the action refuses a bad input.
  scanSettings(repositoryName, flags);
  const loaded = await readScanPolicy(flags.policy, context.io.cwd);
  const settings = scanSettings(
    repositoryName,
    flags,
    loaded.policy && { file: loaded.policy.file, values: loaded.policy.settings },
  );
  if (flags.output !== undefined) checkWritable(flags.output);
  const record = new StartedScanRecord();
  const progress = new SpinnerProgress(context.err, context.io.now);
  const policy = runPolicyOf(loaded, settings, new Date());
  const scope = scanContext(context, { settings, record, progress, policy }, format === 'sarif');
  // Said once the client is had: without a key, the way to log in is the first line.
  for (const line of loaded.log) context.err.line(terminalText(line));
  const findings = new FindingSet(scope.client, format === 'sarif');
  const run: ScanRun = {
    context,
    scope: { ...scope, findingReading: findings },
    findings,
    record,
    progress,
    format,
    flags,
  };
  try {
    return await scanAndJudge(run);
  } catch (error) {
    throw await afterFailure(run, error);
  } finally {
    progress.stop();
    await findings.close();
  }
}

/**
 * svc's collaborators of the run: its log on stderr, a record that lets svc cancel what it started, no change
 * under review (so no baseline yet; its finder would start none), and no credits or posture to show.
 * --wait-timeout bounds the whole command, as the action's wait-timeout does: every request takes its signal.
 */
function scanContext(
  context: CommandContext,
  parts: Pick<RunContext, 'settings' | 'record' | 'progress' | 'policy'>,
  everyFinding: boolean,
): RunContext {
  const deadline = new RunDeadline(parts.settings.waitTimeoutSeconds * 1000, context.io.now);
  return {
    ...parts,
    client: context.client(),
    log: stderrRunLog(context.err, context.debugging),
    signal: AbortSignal.any([context.signal, deadline.signal]),
    stopSignal: context.signal,
    deadline,
    now: context.io.now,
    // The SARIF run reads every finding afterwards: the run reads whole pages, and its finding set keeps them.
    findingsNeed: { rows: SUMMARY_MAX_FINDINGS, perSeverity: 0, wholePages: everyFinding },
    // The counts hold no finding outside the policy's paths, below fail-on too: a person reads every count.
    wholeUnderPolicy: true,
    onScanStarted: () => Promise.resolve(undefined),
    change: undefined,
    baselineFinder: findCompletedBaseline,
    showsInsights: false,
  };
}

async function scanAndJudge(run: ScanRun): Promise<ExitCode> {
  const result = await runScan(run.scope);
  const { scan, results } = result;
  // Without a change under review, the run never skips: it always has a scan and results.
  if (scan === undefined || results === undefined) throw new Error(result.skipped ?? 'The run was skipped.');
  if (result.policy) run.context.err.line(terminalText(policyLine(result.policy)));
  return writeScanReport(run, { ...result, scan, results });
}

/** What the policy did to the findings, on stderr beside the line that named the file. */
function policyLine(policy: ReportedPolicy): string {
  return `Policy: ${policy.suppressedCount} suppressed, ${policy.outOfScopeCount} out of scope.`;
}

type JudgedRun = ScanRunResult & { scan: ReportedScan; results: ReportedResults };

/** Writes the report of the run, as the format asks, and exits as the gate decided. */
async function writeScanReport(run: ScanRun, result: JudgedRun): Promise<ExitCode> {
  const { context, scope, format, flags } = run;
  const { scan, results } = result;
  const { verdict } = results;
  if (format === 'sarif') {
    const target = {
      findings: run.findings,
      signal: scope.signal,
      pageSize: scope.settings.pageSize,
      output: flags.output,
      filter: scope.policy.filter,
    };
    await writeSarifReport(context, target, { scan, results, passed: verdict.passed });
  } else {
    const document = buildScanReport({
      scan: { ...scan, modules: [...scan.modules] },
      riskScore: results.riskScore,
      counts: results.counts,
      verdict,
      failOn: results.failOn,
      severityThreshold: results.severityThreshold,
      reportFloor: results.reportFloor,
      reportedTotal: results.reportedTotal,
      findings: results.findings,
      notes: result.notes,
      policy: result.policy,
    });
    writeReport(context, document, format, flags.output);
  }
  if (flags.output !== undefined)
    context.err.line(terminalInline(`Gate ${verdict.passed ? 'passed' : 'failed'}: ${verdict.reason}`));
  return verdict.passed ? EXIT.ok : EXIT.gateFailed;
}

/**
 * svc's post step: a scan still running when the command gives up is cancelled; the run's errors are said in
 * svc's words (flags, not inputs; no post step to leave the scan to).
 */
async function afterFailure(run: ScanRun, error: unknown): Promise<unknown> {
  const { scope, record } = run;
  const leftRunning = record.leftRunning;
  const cancelled =
    leftRunning === undefined
      ? undefined
      : await cancelScan(scope, leftRunning, () => {
          record.scanSettled();
        });
  if (run.context.signal.aborted) return error;
  if (error instanceof RepositoryNotFoundError)
    return new CommandFailure(inSvcWords(error.advice), EXIT.config);
  if (error instanceof CommandFailure || !(error instanceof RunTimeoutError || scope.deadline.expired))
    return error;
  const within = `did not finish within --wait-timeout (${scope.settings.waitTimeoutSeconds} s)`;
  if (leftRunning === undefined)
    return new CommandFailure(`svc scan ${within}.`, EXIT.service, { cause: error });
  return new CommandFailure(
    `Scan ${leftRunning} ${within}; ${cancelled ? 'it was cancelled on the service.' : 'it could not be cancelled.'}`,
    EXIT.service,
    { cause: error },
  );
}

export const addScanCommand: SvcCommand = (program, io) => {
  const command = program
    .command('scan')
    .description('scan a repository and apply the gate, as the action does: exit 0 passed, 1 failed')
    .argument('<repository>', 'owner/name, as svc repos list shows it');
  // The settings svc shares with the action take their flags, choices and defaults from the inputs' descriptors.
  for (const option of sharedScanOptions()) command.addOption(option);
  command
    .addOption(
      new Option('--format <format>', 'report format (default: text; json with --json)').choices(
        SCAN_FORMATS,
      ),
    )
    .option('--output <file>', 'write the report to this file instead of stdout')
    .action((repository: string, flags: ScanFlags, scanCommand: Command) =>
      io.invoke(scanCommand, (c) => scan(c, repository, flags)),
    );
};
