import { Option, type Command } from 'commander';
import type { Repository, Scan } from '../../client/index.ts';
import { evaluateGate } from '../../core/gate.ts';
import { scanNotes } from '../../core/scan-notes.ts';
import { SEVERITIES } from '../../core/severity.ts';
import { SUMMARY_MAX_FINDINGS } from '../../core/summary.ts';
import { collectScanResults } from '../../run/findings-step.ts';
import { RunDeadline, RunTimeoutError } from '../../run/run-deadline.ts';
import { incompleteModules } from '../../run/run-scan.ts';
import {
  RepositoryNotFoundError,
  cancelScan,
  describeEndedScan,
  lookUpRepository,
  startScan,
  waitForScan,
  type RunScope,
} from '../../run/scan-step.ts';
import type { Settings } from '../../run/settings.ts';
import { classifyScanStatus } from '../../client/index.ts';
import type { CommandContext } from '../command-context.ts';
import { CommandFailure, EXIT, type ExitCode } from '../exit-codes.ts';
import { ScanProgressWriter } from '../scan/scan-progress-writer.ts';
import { buildScanReport } from '../scan/scan-report.ts';
import { checkWritable, writeReport, writeSarifReport } from '../scan/scan-output.ts';
import {
  SCAN_FORMATS,
  inFlagWords,
  scanFormat,
  scanSettings,
  type ScanFlags,
  type ScanFormat,
} from '../scan/scan-settings.ts';
import { StartedScanRecord, stderrRunLog } from '../scan/stderr-run-log.ts';
import { terminalInline } from '../terminal-text.ts';
import type { SvcCommand } from './command.ts';

/** What one svc scan shares between its steps: the run's scope, and what svc adds to it. */
interface ScanRun {
  context: CommandContext;
  scope: RunScope;
  record: StartedScanRecord;
  format: ScanFormat;
  flags: ScanFlags;
}

/**
 * The action's run without GitHub, on the run's own steps: look the repository up, start the scan (a Ctrl-C
 * during the create still gets its id, and cancels it), wait for it (progress on stderr), count its findings
 * and apply the gate, then write the report to stdout or --output. Exit 0 when the gate passes, 1 when it fails;
 * a scan that svc started and gives up on (Ctrl-C, --wait-timeout, a failure) is cancelled.
 */
async function scan(
  context: CommandContext,
  repositoryName: string,
  flags: ScanFlags,
): Promise<ExitCode> {
  const format = scanFormat(flags, context.globals.json);
  const settings = scanSettings(repositoryName, flags);
  if (flags.output !== undefined) checkWritable(flags.output);
  const record = new StartedScanRecord();
  const run: ScanRun = { context, scope: scanScope(context, settings, record), record, format, flags };
  try {
    return await scanAndJudge(run);
  } catch (error) {
    throw await afterFailure(run, error);
  }
}

/** --wait-timeout bounds the whole command, as the action's wait-timeout does: every request takes its signal. */
function scanScope(
  context: CommandContext,
  settings: Readonly<Settings>,
  record: StartedScanRecord,
): RunScope {
  const deadline = new RunDeadline(settings.waitTimeoutSeconds * 1000, context.io.now);
  return {
    client: context.client(),
    settings,
    log: stderrRunLog(context.err, context.debugging),
    record,
    signal: AbortSignal.any([context.signal, deadline.signal]),
    stopSignal: context.signal,
    deadline,
    now: context.io.now,
  };
}

async function scanAndJudge(run: ScanRun): Promise<ExitCode> {
  const { scope } = run;
  const repository = await lookUpRepository(scope);
  const ref = scope.settings.ref ?? repository.default_branch;
  const finished = await scanToCompletion(run, repository, ref);
  if (classifyScanStatus(finished.status) !== 'succeeded') {
    throw new CommandFailure(describeEndedScan(finished), EXIT.service);
  }
  return judgeAndReport(run, finished, repository, ref);
}

/** The run's startScan and waitForScan, with the spinner on a terminal. */
async function scanToCompletion(run: ScanRun, repository: Repository, ref: string): Promise<Scan> {
  const { scope, context } = run;
  const { settings, log } = scope;
  log.info(terminalInline(`Starting a scan of ${repository.full_name} at ${ref}`));
  const started = await startScan(
    scope,
    {
      repository_id: repository.id,
      ref,
      ...(settings.modules.length > 0 ? { modules: [...settings.modules] } : {}),
      ...(settings.frameworks.length > 0 ? { frameworks: [...settings.frameworks] } : {}),
      is_incremental: settings.incremental,
    },
    (scan) => {
      log.info(terminalInline(`Started scan ${scan.id} of ${repository.full_name} at ${ref}`));
    },
  );
  const spinner = context.err.isTTY ? new ScanProgressWriter(context.err, context.io.now) : undefined;
  try {
    const finished = await waitForScan(scope, started, (seen) => spinner?.update(seen));
    run.record.scanSettled();
    return finished;
  } finally {
    spinner?.stop();
  }
}

/** Reads the findings as the action's summary would show them, applies the gate and writes the report. */
async function judgeAndReport(
  run: ScanRun,
  finished: Scan,
  repository: Repository,
  ref: string,
): Promise<ExitCode> {
  const { context, scope, format, flags } = run;
  const { settings } = scope;
  const need = { rows: SUMMARY_MAX_FINDINGS, perSeverity: 0 };
  const results = await collectScanResults(scope.client, finished.id, settings, scope.signal, need);
  const { report, tally, listTotals, filterIgnored } = results;
  const incomplete = incompleteModules(finished);
  const verdict = evaluateGate(tally.counts, settings.failOn, incomplete);
  if (format === 'sarif') {
    const target = {
      client: scope.client,
      signal: scope.signal,
      pageSize: settings.pageSize,
      output: flags.output,
    };
    const scanned = { scanId: finished.id, repository: repository.full_name, ref, floor: tally.reportFloor };
    await writeSarifReport(context, target, scanned);
  } else {
    const document = buildScanReport({
      scan: {
        id: finished.id,
        status: finished.status,
        repository: repository.full_name,
        ref,
        modules: finished.modules,
      },
      riskScore: report.risk_score,
      counts: tally.counts,
      verdict,
      failOn: settings.failOn,
      severityThreshold: settings.severityThreshold,
      reportFloor: tally.reportFloor,
      reportedTotal: tally.reportedTotal,
      findings: tally.kept(),
      notes: scanNotes({ report, listTotals, tally, filterIgnored, incompleteModules: incomplete }),
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
    return new CommandFailure(inFlagWords(error.message), EXIT.config);
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
  program
    .command('scan')
    .description('scan a repository and apply the gate, as the action does: exit 0 passed, 1 failed')
    .argument('<repository>', 'owner/name, as svc repos list shows it')
    .option('--ref <ref>', "git ref to scan (default: the repository's default branch)")
    .option('--modules <list>', 'scan modules, comma separated (default: the service default)')
    .option('--frameworks <list>', 'compliance frameworks, comma separated')
    .addOption(
      new Option(
        '--severity-threshold <severity>',
        'lowest severity listed in the report (default: low)',
      ).choices(SEVERITIES),
    )
    .addOption(
      new Option(
        '--fail-on <severity>',
        'lowest severity that fails the gate, or none (default: high)',
      ).choices([...SEVERITIES, 'none']),
    )
    .addOption(
      new Option('--format <format>', 'report format (default: text; json with --json)').choices(
        SCAN_FORMATS,
      ),
    )
    .option('--output <file>', 'write the report to this file instead of stdout')
    .option('--wait-timeout <seconds>', 'give up (and cancel the scan) after this long (default: 600)')
    .option('--poll-interval <seconds>', 'seconds between status checks (default: 2)')
    .option('--project-id <id>', 'look the repository up in this project only')
    .action((repository: string, flags: ScanFlags, command: Command) =>
      io.invoke(command, (c) => scan(c, repository, flags)),
    );
};
