import type { Scan, ScanReport } from '../../client/index.ts';
import { classifyScanStatus } from '../../client/index.ts';
import { describeCancelled } from '../../run/scan-step.ts';
import { SEVERITIES } from '../../core/severity.ts';
import type { CommandContext } from '../command-context.ts';
import { CommandFailure, EXIT, UsageError } from '../exit-codes.ts';
import { jsonText, renderTable, terminalInline } from '../terminal-text.ts';
import type { Command } from 'commander';
import { limitParser } from '../api/wait-flags.ts';
import type { SvcCommand } from './command.ts';

export const SCANS_LIMIT = { default: 30, max: 1_000 } as const;
const REPOSITORY_PATTERN = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

export interface ScansListOptions {
  repository?: string | undefined;
  limit?: number | undefined;
}

/** The newest scans, of one repository or of all (GET /scans, paged by the client up to --limit). */
export async function scansList(context: CommandContext, options: ScansListOptions): Promise<void> {
  const client = context.client();
  const repositoryId =
    options.repository === undefined ? undefined : await repositoryIdOf(context, options.repository);
  const scans: Scan[] = [];
  for await (const scan of client.iterateScans(
    repositoryId === undefined ? {} : { repository_id: repositoryId },
    {
      maxItems: options.limit ?? SCANS_LIMIT.default,
      signal: context.signal,
    },
  ))
    scans.push(scan);
  if (context.globals.json) {
    context.out.write(jsonText(scans));
    return;
  }
  if (scans.length === 0) {
    context.err.line('No scans.');
    return;
  }
  context.out.write(
    renderTable(
      ['ID', 'STATUS', 'REF', 'MODULES', 'CREATED'],
      scans.map((scan) => [scan.id, scan.status, scan.ref ?? '', moduleNames(scan), scan.created_at ?? '']),
    ),
  );
}

async function repositoryIdOf(context: CommandContext, fullName: string): Promise<string> {
  if (!REPOSITORY_PATTERN.test(fullName)) {
    throw new UsageError(
      `--repository is invalid: got '${fullName}'; expected owner/name, as svc repos list shows it.`,
    );
  }
  const repository = await context.client().findRepositoryByFullName(fullName, { signal: context.signal });
  if (!repository) {
    // The same exit code as svc scan gives for a repository the service does not have: a request was sent.
    throw new CommandFailure(
      `Repository '${fullName}' was not found on the service: svc repos list shows the repositories connected ` +
        'to it. Check the name (owner/name), or use a key of the organization that owns it.',
      EXIT.config,
    );
  }
  return repository.id;
}

/** One scan: its status and modules, and its report once it completed. */
export async function scansView(context: CommandContext, id: string): Promise<void> {
  const client = context.client();
  const scan = await client.getScan(id, { signal: context.signal });
  const report =
    classifyScanStatus(scan.status) === 'succeeded'
      ? await client.getScanReport(id, { signal: context.signal })
      : undefined;
  if (context.globals.json) {
    context.out.write(jsonText({ scan, report: report ?? null }));
    return;
  }
  context.out.line(terminalInline(`Scan ${scan.id}: ${scan.status}${scan.ref ? ` at ${scan.ref}` : ''}`));
  if (scan.created_at) context.out.line(terminalInline(`Created ${scan.created_at}`));
  if (scan.modules.length > 0) {
    context.out.line();
    context.out.write(
      renderTable(
        ['MODULE', 'STATUS'],
        scan.modules.map((module) => [module.name, module.status]),
      ),
    );
  }
  if (report) writeReport(context, scan.id, report);
}

function writeReport(context: CommandContext, id: string, report: ScanReport): void {
  const counts = SEVERITIES.map((severity) => `${report.severity_breakdown[severity] ?? 0} ${severity}`).join(
    ', ',
  );
  context.out.line();
  context.out.line(`Risk score ${report.risk_score} · ${report.total_findings} findings: ${counts}`);
  context.out.line(terminalInline(`svc findings list --scan ${id} lists them.`));
}

/** Asks the service to cancel a scan, and says what became of it. */
export async function scansCancel(context: CommandContext, id: string): Promise<void> {
  const scan = await context.client().cancelScan(id, { signal: context.signal });
  if (context.globals.json) context.out.write(jsonText(scan));
  else context.out.line(terminalInline(describeCancelled(scan)));
}

function moduleNames(scan: Scan): string {
  return scan.modules.map((module) => module.name).join(',');
}

export const addScansCommand: SvcCommand = (program, io) => {
  const scans = program.command('scans').description('list, show and cancel scans');
  scans
    .command('list')
    .description('the newest scans, of one repository or of all')
    .option('--repository <owner/name>', 'only the scans of this repository')
    .option(
      '--limit <n>',
      `at most this many (default: ${SCANS_LIMIT.default})`,
      limitParser(SCANS_LIMIT.max),
    )
    .action((options: ScansListOptions, command: Command) =>
      io.invoke(command, (c) => scansList(c, options)),
    );
  scans
    .command('view')
    .description("a scan's status, modules and report")
    .argument('<id>', 'the scan id, e.g. scan_123')
    .action((id: string, _options: unknown, command: Command) => io.invoke(command, (c) => scansView(c, id)));
  scans
    .command('cancel')
    .description('ask the service to cancel a scan, and say what became of it')
    .argument('<id>', 'the scan id')
    .action((id: string, _options: unknown, command: Command) =>
      io.invoke(command, (c) => scansCancel(c, id)),
    );
};
