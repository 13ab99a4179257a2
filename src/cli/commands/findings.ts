import type { Finding, FindingDetail, Severity } from '../../client/index.ts';
import type { CommandContext } from '../command-context.ts';
import { jsonText, terminalInline, terminalText } from '../terminal-text.ts';
import { sayWhenCut } from '../api/list-cut.ts';
import { locationOf, renderFindingTable } from '../finding-table.ts';
import { Option, type Command } from 'commander';
import { SEVERITIES } from '../../domain/severity.ts';
import { limitParser } from '../api/wait-flags.ts';
import type { SvcCommand } from './command.ts';

export const FINDINGS_LIMIT = { default: 100, max: 100_000 } as const;

interface FindingsListOptions {
  scan: string;
  severity?: Severity | undefined;
  limit?: number | undefined;
}

/** A scan's findings, paged by the client; `--limit` caps the total, and the rest are counted on stderr. */
async function findingsList(context: CommandContext, options: FindingsListOptions): Promise<void> {
  const client = context.client();
  const limit = options.limit ?? FINDINGS_LIMIT.default;
  const params = { scan_id: options.scan, ...(options.severity ? { severity: options.severity } : {}) };
  const findings: Finding[] = [];
  for await (const finding of client.iterateFindings(params, { maxItems: limit, signal: context.signal }))
    findings.push(finding);
  if (context.globals.json) context.out.write(jsonText(findings));
  else if (findings.length === 0)
    context.err.line(`No findings${options.severity ? ` of severity ${options.severity}` : ''}.`);
  else context.out.write(renderFindingTable(findings));
  await sayWhenCut(context, {
    shown: findings.length,
    limit,
    max: FINDINGS_LIMIT.max,
    what: options.severity ? `${options.severity} findings` : 'findings',
    total: async () => (await client.listFindings({ ...params, limit: 1 }, { signal: context.signal })).total,
  });
}

/** One finding in detail: OWASP, CWE, CVSS, and its fix as a unified diff, coloured on a terminal without NO_COLOR. */
async function findingsView(context: CommandContext, id: string): Promise<void> {
  const finding = await context.client().getFinding(id, { signal: context.signal });
  if (context.globals.json) {
    context.out.write(jsonText(finding));
    return;
  }
  context.out.line(terminalInline(`${finding.severity.toUpperCase()}: ${finding.title}`));
  for (const [label, value] of detailRows(finding))
    context.out.line(terminalInline(`${label.padEnd(9)} ${value}`));
  const diff = finding.fix?.unified_diff;
  if (diff) {
    context.out.line();
    context.out.line('Fix:');
    for (const line of diff.replace(/\n$/, '').split('\n'))
      context.out.line(coloured(terminalText(line), context.colours));
  }
}

function detailRows(finding: FindingDetail): [string, string][] {
  const rows: [string, string | null | undefined][] = [
    ['Location', locationOf(finding)],
    ['CWE', finding.cwe],
    ['OWASP', finding.owasp],
    [
      'CVSS',
      finding.cvss_score === null || finding.cvss_score === undefined
        ? undefined
        : String(finding.cvss_score),
    ],
    ['Scan', finding.scan_id],
    ['Id', finding.id],
  ];
  return rows.filter((row): row is [string, string] => typeof row[1] === 'string' && row[1] !== '');
}

/** A diff line in the colours `git diff` uses; escape sequences only for a terminal, never into a pipe or a file. */
function coloured(line: string, colours: boolean): string {
  if (!colours) return line;
  if (line.startsWith('+++') || line.startsWith('---')) return `\x1b[1m${line}\x1b[0m`;
  if (line.startsWith('+')) return `\x1b[32m${line}\x1b[0m`;
  if (line.startsWith('-')) return `\x1b[31m${line}\x1b[0m`;
  if (line.startsWith('@@')) return `\x1b[36m${line}\x1b[0m`;
  return line;
}

export const addFindingsCommand: SvcCommand = (program, io) => {
  const findings = program.command('findings').description("a scan's findings, and one in detail");
  findings
    .command('list')
    .description("a scan's findings, most severe first as the service gives them")
    .requiredOption('--scan <id>', 'the scan whose findings to list')
    .addOption(new Option('--severity <severity>', 'only this severity').choices(SEVERITIES))
    .option(
      '--limit <n>',
      `at most this many (default: ${FINDINGS_LIMIT.default})`,
      limitParser(FINDINGS_LIMIT.max),
    )
    .action((options: FindingsListOptions, command: Command) =>
      io.invoke(command, (c) => findingsList(c, options)),
    );
  findings
    .command('view')
    .description('a finding in detail: OWASP, CWE, CVSS, and its fix as a unified diff')
    .argument('<id>', 'the finding id, e.g. fnd_123')
    .action((id: string, _options: unknown, command: Command) =>
      io.invoke(command, (c) => findingsView(c, id)),
    );
};
