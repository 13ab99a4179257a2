import { Command, Option } from 'commander';
import { SEVERITIES, type Severity } from '../core/severity.ts';
import { limitParser, parseWaitTimeout, type WaitFlags } from './api/wait-flags.ts';
import { aiAnalysisPatches, aiAnalysisStart, aiAnalysisView } from './commands/ai-analysis.ts';
import { aiSecurity, complianceOverview, complianceView, type ScanScope } from './commands/compliance.ts';
import { FINDINGS_LIMIT, findingsList, findingsView } from './commands/findings.ts';
import { remediate, remediationsView } from './commands/remediations.ts';
import { SCANS_LIMIT, scansCancel, scansList, scansView } from './commands/scans.ts';
import { COMPLETION_SHELLS, completionScript, type CompletionShell } from './completion.ts';
import type { ProgramIo } from './program.ts';

/**
 * The commands over the rest of the API, in the style of `gh` (noun verb): scans, findings, remediations, the AI
 * analysis, compliance, the AI-security posture, and shell completion generated from all of svc's definitions.
 */
export function addApiCommands(program: Command, io: ProgramIo): void {
  addScans(program, io);
  addFindings(program, io);
  addRemediations(program, io);
  addAiAnalysis(program, io);
  addCompliance(program, io);
  program
    .command('completion')
    .description('print the completion script of a shell: eval "$(svc completion bash)"')
    .addArgument(program.createArgument('<shell>', 'bash, zsh or fish').choices(COMPLETION_SHELLS))
    .action((shell: CompletionShell, _options: unknown, command: Command) =>
      io.invoke(command, (c) => {
        c.out.write(completionScript(program, shell));
      }),
    );
}

function addScans(program: Command, io: ProgramIo): void {
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
    .action((options: { repository?: string; limit?: number }, command: Command) =>
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
}

function addFindings(program: Command, io: ProgramIo): void {
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
    .action((options: { scan: string; severity?: Severity; limit?: number }, command: Command) =>
      io.invoke(command, (c) => findingsList(c, options)),
    );
  findings
    .command('view')
    .description('a finding in detail: OWASP, CWE, CVSS, and its fix as a unified diff')
    .argument('<id>', 'the finding id, e.g. fnd_123')
    .action((id: string, _options: unknown, command: Command) =>
      io.invoke(command, (c) => findingsView(c, id)),
    );
}

function withWait(command: Command, what: string): Command {
  return command
    .option('--wait', `wait for ${what} to finish, and print its result`)
    .option('--wait-timeout <seconds>', 'give up waiting after this long (default: 600)', parseWaitTimeout);
}

function addRemediations(program: Command, io: ProgramIo): void {
  withWait(
    program
      .command('remediate')
      .description('start a remediation of a finding: the service may open a pull request with its fix')
      .argument('<finding-id>', 'the finding to remediate'),
    'the remediation',
  ).action((findingId: string, flags: WaitFlags, command: Command) =>
    io.invoke(command, (c) => remediate(c, findingId, flags)),
  );
  program
    .command('remediations')
    .description('remediation jobs')
    .command('view')
    .description("a remediation job's status, pull request and branch")
    .argument('<id>', 'the remediation id')
    .action((id: string, _options: unknown, command: Command) =>
      io.invoke(command, (c) => remediationsView(c, id)),
    );
}

function addAiAnalysis(program: Command, io: ProgramIo): void {
  const ai = program
    .command('ai-analysis')
    .description("a scan's AI analysis: risk, confidence, agents, patches");
  withWait(
    ai
      .command('start')
      .description('start the AI analysis of a completed scan')
      .argument('<scan-id>', 'the scan'),
    'the analysis',
  ).action((scanId: string, flags: WaitFlags, command: Command) =>
    io.invoke(command, (c) => aiAnalysisStart(c, scanId, flags)),
  );
  ai.command('view')
    .description('the AI analysis of a scan')
    .argument('<scan-id>', 'the scan')
    .action((scanId: string, _options: unknown, command: Command) =>
      io.invoke(command, (c) => aiAnalysisView(c, scanId)),
    );
  ai.command('patches')
    .description('the patches the AI analysis proposes, as unified diffs')
    .argument('<scan-id>', 'the scan')
    .action((scanId: string, _options: unknown, command: Command) =>
      io.invoke(command, (c) => aiAnalysisPatches(c, scanId)),
    );
}

function addCompliance(program: Command, io: ProgramIo): void {
  const compliance = program.command('compliance').description('compliance scores and controls');
  compliance
    .command('overview')
    .description("the overall compliance score and each framework's")
    .option('--scan <id>', 'of this scan (default: the organization)')
    .action((options: ScanScope, command: Command) =>
      io.invoke(command, (c) => complianceOverview(c, options)),
    );
  compliance
    .command('view')
    .description("a framework's controls and their statuses")
    .argument('<framework>', 'the framework id, e.g. owasp-top-10')
    .option('--scan <id>', 'of this scan (default: the organization)')
    .action((framework: string, options: ScanScope, command: Command) =>
      io.invoke(command, (c) => complianceView(c, framework, options)),
    );
  program
    .command('ai-security')
    .description('the AI-security posture: checks against the OWASP LLM Top 10')
    .option('--scan <id>', 'of this scan (default: the organization)')
    .action((options: ScanScope, command: Command) => io.invoke(command, (c) => aiSecurity(c, options)));
}
