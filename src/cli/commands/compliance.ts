import { NotFoundError } from '../../client/index.ts';
import { didYouMean } from '../../text/did-you-mean.ts';
import type { CommandContext } from '../command-context.ts';
import { CommandFailure, EXIT } from '../exit-codes.ts';
import { jsonText, renderTable, terminalInline } from '../terminal-text.ts';
import type { Command } from 'commander';
import type { SvcCommand } from './command.ts';

interface ScanScope {
  scan?: string | undefined;
}

const scopeOf = (options: ScanScope): { scan_id?: string } => (options.scan ? { scan_id: options.scan } : {});

/** Whose figures these are: without --scan the service answers for the whole organization, and svc says so. */
function scopeWords(options: ScanScope): string {
  return options.scan
    ? `of scan ${options.scan}`
    : 'of the organization (all its scans; --scan <id> shows one)';
}

/** The overall compliance score, and each framework's, of the organization or of one scan. */
async function complianceOverview(context: CommandContext, options: ScanScope): Promise<void> {
  const overview = await context.client().getComplianceOverview(scopeOf(options), { signal: context.signal });
  if (context.globals.json) {
    context.out.write(jsonText(overview));
    return;
  }
  context.out.line(
    terminalInline(`Overall compliance score ${scopeWords(options)}: ${overview.overall_score}`),
  );
  const frameworks = overview.frameworks ?? [];
  if (frameworks.length === 0) return;
  context.out.line();
  context.out.write(
    renderTable(
      ['FRAMEWORK', 'NAME', 'SCORE'],
      frameworks.map((framework) => [
        framework.id,
        framework.name ?? '',
        framework.score === undefined ? '' : String(framework.score),
      ]),
    ),
  );
}

/** One framework's controls and their statuses. */
async function complianceView(context: CommandContext, framework: string, options: ScanScope): Promise<void> {
  const detail = await context
    .client()
    .getComplianceFramework(framework, scopeOf(options), { signal: context.signal })
    .catch(async (error: unknown) => {
      if (!(error instanceof NotFoundError)) throw error;
      throw await unknownFramework(context, framework, options);
    });
  if (context.globals.json) {
    context.out.write(jsonText(detail));
    return;
  }
  const name = detail.name ?? detail.id ?? framework;
  context.out.line(terminalInline(`${name} ${scopeWords(options)}: ${detail.controls.length} controls`));
  if (detail.controls.length === 0) return;
  context.out.line();
  context.out.write(
    renderTable(
      ['CONTROL', 'STATUS', 'TITLE'],
      detail.controls.map((control) => [control.control_id, control.status, control.title]),
    ),
  );
}

/**
 * A framework the service does not know (404): the ones it does, from the overview, with the closest first
 * suggested, so that a typo (owasp-top10) is not a bare 404. The overview's failure leaves the 404 as it was.
 */
async function unknownFramework(
  context: CommandContext,
  framework: string,
  options: ScanScope,
): Promise<CommandFailure> {
  const overview = await context
    .client()
    .getComplianceOverview(scopeOf(options), { signal: context.signal })
    .catch(() => undefined);
  const known = (overview?.frameworks ?? []).map((entry) => entry.id);
  const listed =
    known.length === 0
      ? 'The service lists no framework in its compliance overview.'
      : `Frameworks it knows: ${listedIds(known)}.`;
  return new CommandFailure(
    terminalInline(
      `The service knows no compliance framework '${framework}'.${didYouMean(framework, known)} ${listed}`,
    ),
    EXIT.service,
  );
}

/** At most LISTED_FRAMEWORKS ids, each cut to 64 characters: the service's answer is not trusted to be short. */
const LISTED_FRAMEWORKS = 20;
function listedIds(ids: readonly string[]): string {
  const shown = ids.slice(0, LISTED_FRAMEWORKS).map((id) => (id.length > 64 ? `${id.slice(0, 63)}…` : id));
  const more = ids.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}

/** The AI-security posture: checks failed of all, and each check against the OWASP LLM Top 10. */
async function aiSecurity(context: CommandContext, options: ScanScope): Promise<void> {
  const overview = await context.client().getAiSecurityOverview(scopeOf(options), { signal: context.signal });
  if (context.globals.json) {
    context.out.write(jsonText(overview));
    return;
  }
  const { checks_failed: failed, checks_total: total } = overview.summary;
  context.out.line(terminalInline(`AI security ${scopeWords(options)}: ${failed} of ${total} checks failed`));
  if (overview.checks.length === 0) return;
  context.out.line();
  context.out.write(
    renderTable(
      ['CHECK', 'OWASP LLM', 'STATUS'],
      overview.checks.map((check) => [check.name, check.owasp_llm, check.status]),
    ),
  );
}

export const addComplianceCommand: SvcCommand = (program, io) => {
  const compliance = program.command('compliance').description('compliance scores and controls');
  compliance
    .command('overview')
    .description(
      'the overall compliance score and the score of each framework, of the whole organization or of one scan',
    )
    .option('--scan <id>', 'of this scan (default: the organization, all its scans)')
    .action((options: ScanScope, command: Command) =>
      io.invoke(command, (c) => complianceOverview(c, options)),
    );
  compliance
    .command('view')
    .description("a framework's controls and their statuses, of the whole organization or of one scan")
    .argument('<framework>', 'the framework id, e.g. owasp-top-10')
    .option('--scan <id>', 'of this scan (default: the organization, all its scans)')
    .action((framework: string, options: ScanScope, command: Command) =>
      io.invoke(command, (c) => complianceView(c, framework, options)),
    );
};

export const addAiSecurityCommand: SvcCommand = (program, io) => {
  program
    .command('ai-security')
    .description(
      'the AI-security posture: checks against the OWASP LLM Top 10, of the organization or of one scan',
    )
    .option('--scan <id>', 'of this scan (default: the organization, all its scans)')
    .action((options: ScanScope, command: Command) => io.invoke(command, (c) => aiSecurity(c, options)));
};
