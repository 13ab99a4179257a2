import type { Repository, Scan, ScanReport } from '../../client/index.ts';
import { classifyScanStatus } from '../../client/index.ts';
import { describeCancelled } from '../../run/scan-step.ts';
import { SEVERITIES } from '../../domain/severity.ts';
import type { CommandContext } from '../command-context.ts';
import { CommandFailure, EXIT, UsageError } from '../exit-codes.ts';
import { jsonText, renderTable, terminalInline } from '../terminal-text.ts';
import type { Command } from 'commander';
import { limitParser } from '../api/wait-flags.ts';
import type { SvcCommand } from './command.ts';
import { sayWhenCut } from '../api/list-cut.ts';

const SCANS_LIMIT = { default: 30, max: 1_000 } as const;
const REPOSITORY_PATTERN = /^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/;

interface ScansListOptions {
  repository?: string | undefined;
  limit?: number | undefined;
}

/** The newest scans, of one repository or of all (GET /scans, paged by the client up to --limit). */
async function scansList(context: CommandContext, options: ScansListOptions): Promise<void> {
  const client = context.client();
  const repository =
    options.repository === undefined ? undefined : await repositoryNamed(context, options.repository);
  const params = repository === undefined ? {} : { repository_id: repository.id };
  const limit = options.limit ?? SCANS_LIMIT.default;
  const scans: Scan[] = [];
  for await (const scan of client.iterateScans(params, { maxItems: limit, signal: context.signal }))
    scans.push(scan);
  if (context.globals.json) context.out.write(jsonText(scans));
  else if (scans.length === 0) context.err.line('No scans.');
  else {
    const names = repository
      ? new Map([[repository.id, repository.full_name]])
      : await repositoryNames(context);
    const rows = scans.map((scan) => [
      scan.id,
      repositoryOf(scan, names),
      scan.status,
      scan.ref ?? '',
      moduleNames(scan),
      scan.created_at ?? '',
    ]);
    context.out.write(renderTable(['ID', 'REPOSITORY', 'STATUS', 'REF', 'MODULES', 'CREATED'], rows));
  }
  await sayWhenCut(context, {
    shown: scans.length,
    limit,
    max: SCANS_LIMIT.max,
    what: 'scans',
    total: async () => (await client.listScans({ ...params, limit: 1 }, { signal: context.signal })).total,
  });
}

async function repositoryNamed(context: CommandContext, fullName: string): Promise<Repository> {
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
  return repository;
}

/** The names of the organization's repositories by id: a scan carries only the id (repository_id). */
async function repositoryNames(context: CommandContext): Promise<Map<string, string>> {
  const names = new Map<string, string>();
  for await (const repository of context.client().iterateRepositories({}, { signal: context.signal }))
    names.set(repository.id, repository.full_name);
  return names;
}

/** The repository's name, else its id (a repository no longer listed), else nothing (the service gave none). */
function repositoryOf(scan: Scan, names: ReadonlyMap<string, string>): string {
  if (scan.repository_id === undefined) return '';
  return names.get(scan.repository_id) ?? scan.repository_id;
}

/** One scan: its repository, status and modules, and its report once it completed. */
async function scansView(context: CommandContext, id: string): Promise<void> {
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
  const repository =
    scan.repository_id === undefined ? '' : repositoryOf(scan, await repositoryNames(context));
  const of = repository ? ` of ${repository}` : '';
  context.out.line(
    terminalInline(`Scan ${scan.id}${of}: ${scan.status}${scan.ref ? ` at ${scan.ref}` : ''}`),
  );
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
async function scansCancel(context: CommandContext, id: string): Promise<void> {
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
