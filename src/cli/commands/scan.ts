import { accessSync, constants, statSync, writeFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import {
  PollTimeoutError,
  classifyScanStatus,
  type Repository,
  type Scan,
  type ServiceClient,
} from '../../client/index.ts';
import { collectScanResults } from '../../run/findings-step.ts';
import { incompleteModules } from '../../run/run-scan.ts';
import { describeCancelled, describeEndedScan } from '../../run/scan-step.ts';
import type { Settings } from '../../run/settings.ts';
import { evaluateGate } from '../../core/gate.ts';
import { scanNotes } from '../../core/scan-notes.ts';
import { SUMMARY_MAX_FINDINGS } from '../../core/summary.ts';
import type { CommandContext } from '../command-context.ts';
import { CommandFailure, EXIT, UsageError, type ExitCode } from '../exit-codes.ts';
import { ScanProgressWriter } from '../scan/scan-progress-writer.ts';
import { buildScanReport, renderScanText, type ScanReportDocument } from '../scan/scan-report.ts';
import {
  SCAN_FORMATS,
  scanFormat,
  scanSettings,
  type ScanFlags,
  type ScanFormat,
} from '../scan/scan-settings.ts';
import { ACTION_INFORMATION_URI } from '../../run/sarif-file.ts';
import { streamScanFindings } from '../../run/finding-stream.ts';
import { GITHUB_SARIF_LIMITS } from '../../core/sarif/sarif-limits.ts';
import { writeSarif } from '../../core/sarif/sarif-writer.ts';
import { SEVERITIES, type Severity } from '../../core/severity.ts';
import { writeSarifFile } from '../../run/sarif-file.ts';
import { CLIENT_VERSION } from '../../client/index.ts';
import { jsonText, terminalInline } from '../terminal-text.ts';
import { Option, type Command } from 'commander';
import type { SvcCommand } from './command.ts';

/** Bounds the cancel request sent on Ctrl-C or at the deadline, so svc still exits promptly. */
const CANCEL_TIMEOUT_MS = 4_000;

/**
 * The action's run without GitHub: look the repository up, start a scan, wait for it (progress on stderr),
 * count its findings and apply the gate, then write the report to stdout or --output. Exit 0 when the gate
 * passes, 1 when it fails; a scan that svc started and gives up on (Ctrl-C, --wait-timeout) is cancelled.
 */
export async function scan(
  context: CommandContext,
  repositoryName: string,
  flags: ScanFlags,
): Promise<ExitCode> {
  const format = scanFormat(flags, context.globals.json);
  const settings = scanSettings(repositoryName, flags);
  if (flags.output !== undefined) checkWritable(flags.output);
  const client = context.client();
  // --wait-timeout bounds the whole run, as the action's wait-timeout does: every request takes its signal.
  const deadline = AbortSignal.timeout(settings.waitTimeoutSeconds * 1000);
  const signal = AbortSignal.any([context.signal, deadline]);
  try {
    return await scanWithin({ context, client, settings, signal, deadline, format, flags });
  } catch (error) {
    if (deadline.aborted && !context.signal.aborted && !(error instanceof CommandFailure)) {
      throw new CommandFailure(
        `svc scan did not finish within --wait-timeout (${settings.waitTimeoutSeconds} s).`,
        EXIT.service,
        { cause: error },
      );
    }
    throw error;
  }
}

interface ScanRun {
  context: CommandContext;
  client: ServiceClient;
  settings: Readonly<Settings>;
  signal: AbortSignal;
  deadline: AbortSignal;
  format: ScanFormat;
  flags: ScanFlags;
}

async function scanWithin(run: ScanRun): Promise<ExitCode> {
  const { context, client, settings, signal, format, flags } = run;
  const repository = await findRepository(context, client, settings, signal);
  const ref = settings.ref ?? repository.default_branch;
  const started = await client.createScan(
    {
      repository_id: repository.id,
      ref,
      ...(settings.modules.length > 0 ? { modules: [...settings.modules] } : {}),
      ...(settings.frameworks.length > 0 ? { frameworks: [...settings.frameworks] } : {}),
    },
    { signal },
  );
  context.err.line(terminalInline(`Started scan ${started.id} of ${repository.full_name} at ${ref}`));
  const finished = await waitForScan(run, started);
  if (classifyScanStatus(finished.status) !== 'succeeded') {
    throw new CommandFailure(describeEndedScan(finished), EXIT.service);
  }

  const { report, tally, listTotals, filterIgnored } = await collectScanResults(
    client,
    finished.id,
    settings,
    signal,
    // The text report lists what the action's job summary would.
    { rows: SUMMARY_MAX_FINDINGS, perSeverity: 0 },
  );
  const incomplete = incompleteModules(finished);
  const verdict = evaluateGate(tally.counts, settings.failOn, incomplete);
  const notes = scanNotes({ report, listTotals, tally, filterIgnored, incompleteModules: incomplete });
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
    notes,
  });
  if (format === 'sarif') {
    await writeSarifReport(run, {
      scanId: finished.id,
      repository: repository.full_name,
      ref,
      floor: tally.reportFloor,
    });
  } else writeReport(context, document, format, flags.output);
  if (flags.output !== undefined)
    context.err.line(terminalInline(`Gate ${verdict.passed ? 'passed' : 'failed'}: ${verdict.reason}`));
  return verdict.passed ? EXIT.ok : EXIT.gateFailed;
}

async function findRepository(
  context: CommandContext,
  client: ServiceClient,
  settings: Readonly<Settings>,
  signal: AbortSignal,
): Promise<Repository> {
  const projectId = settings.projectId;
  const found = await client.findRepositoryByFullName(settings.repository, {
    ...(projectId ? { projectId } : {}),
    signal,
  });
  if (found) return found;
  const project = projectId ? ` in project ${projectId}` : '';
  throw new CommandFailure(
    `Repository '${settings.repository}' was not found on the service${project}. Check the name (owner/name, as ` +
      'svc repos list shows it), connect the repository on the service, or use a key of the organization that owns it.',
    EXIT.config,
  );
}

/** Waits within --wait-timeout; on Ctrl-C or at the deadline, cancels the scan before giving up. */
async function waitForScan(run: ScanRun, started: Scan): Promise<Scan> {
  const { context, client, settings, deadline } = run;
  const progress = new ScanProgressWriter(context.err, context.io.now);
  const timeoutMs = settings.waitTimeoutSeconds * 1000;
  try {
    progress.update(started);
    if (classifyScanStatus(started.status) !== 'running') return started;
    return await client.waitForScan(started.id, {
      intervalMs: settings.pollIntervalSeconds * 1000,
      timeoutMs,
      signal: run.signal,
      onUpdate: (scan) => {
        progress.update(scan);
      },
      skipFirstFetch: true,
    });
  } catch (error) {
    progress.stop();
    const pollerGaveUp = error instanceof PollTimeoutError;
    if (!context.signal.aborted && !deadline.aborted && !pollerGaveUp) throw error;
    const cancelled = await cancelScan(context, client, started.id);
    if (context.signal.aborted) throw error;
    throw new CommandFailure(
      `Scan ${started.id} did not finish within --wait-timeout (${settings.waitTimeoutSeconds} s); ` +
        (cancelled ? 'it was cancelled on the service.' : 'it could not be cancelled.'),
      EXIT.service,
      { cause: error },
    );
  } finally {
    progress.stop();
  }
}

async function cancelScan(context: CommandContext, client: ServiceClient, scanId: string): Promise<boolean> {
  try {
    const scan = await client.cancelScan(scanId, {
      timeoutMs: CANCEL_TIMEOUT_MS,
      signal: AbortSignal.timeout(CANCEL_TIMEOUT_MS),
    });
    context.err.line(terminalInline(describeCancelled(scan)));
    return true;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    context.err.line(terminalInline(`warning: could not cancel scan ${scanId}: ${reason}`));
    return false;
  }
}

/**
 * The SARIF log of every finding at or above the report floor (the 25,000 most severe: code scanning's limit),
 * read in full and streamed into the writer, to stdout or --output (written whole or not at all), as the action's
 * sarif-file. The category is `svc-scan/<owner>/<name>/`, as the action's default.
 */
async function writeSarifReport(
  run: ScanRun,
  scan: { scanId: string; repository: string; ref: string; floor: Severity },
): Promise<void> {
  const { context, client, signal, settings, flags } = run;
  const stream = streamScanFindings(client, {
    scanId: scan.scanId,
    floor: scan.floor,
    pageSize: settings.pageSize,
    signal,
    limit: GITHUB_SARIF_LIMITS.maxResults,
  });
  const metadata = {
    toolName: 'svc-scan',
    toolVersion: CLIENT_VERSION,
    informationUri: ACTION_INFORMATION_URI,
    category: `svc-scan/${scan.repository}`,
    repository: scan.repository,
    commitSha: /^[0-9a-f]{40}$/i.test(scan.ref) ? scan.ref : '',
    repositoryUrl: undefined,
  };
  const options = {
    severityFloor: scan.floor,
    scrub: (text: string) => context.scrub(text),
    notRead: stream.notRead,
  };
  if (flags.output !== undefined) {
    const written = await writeSarifFile({
      path: resolve(flags.output),
      workspace: '',
      findings: stream.findings,
      metadata,
      options,
    });
    context.err.line(
      terminalInline(`SARIF written to ${written.path} (${written.summary.results} results).`),
    );
    return;
  }
  await writeSarif(stream.findings, metadata, options, {
    write: (chunk) => {
      context.out.write(chunk);
      return Promise.resolve();
    },
  });
  context.out.write('\n');
}

function writeReport(
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
function checkWritable(output: string): void {
  const path = resolve(output);
  try {
    if (statSync(path, { throwIfNoEntry: false })?.isDirectory()) throw new Error('it is a directory');
    accessSync(dirname(path), constants.W_OK);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new UsageError(`--output ${output} cannot be written: ${reason}`);
  }
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
