import { Command, InvalidArgumentError, Option } from 'commander';
import { CLIENT_VERSION } from '../client/index.ts';
import { SEVERITIES } from '../core/severity.ts';
import type { CommandContext } from './command-context.ts';
import { auditLogs, AUDIT_LOG_LIMIT } from './commands/audit-logs.ts';
import { configGet, configPath, configSet } from './commands/config.ts';
import { KEY_ROLE_CHOICES, keysCreate, keysList, keysRevoke } from './commands/keys.ts';
import { login } from './commands/login.ts';
import { REPOS_FORMATS, reposList, type ReposFormat } from './commands/repos.ts';
import { scan } from './commands/scan.ts';
import { usage } from './commands/usage.ts';
import { whoami } from './commands/whoami.ts';
import type { Writer } from './cli-io.ts';
import { CONFIG_NAMES } from './config-file.ts';
import { EXIT_CODE_MEANINGS } from './exit-codes.ts';
import { SCAN_FORMATS, type ScanFlags } from './scan/scan-settings.ts';
import { addApiCommands } from './program-api.ts';

/** What a command does; an exit code it returns (svc scan's 1) ends svc with it, anything else with 0. */
export type CommandBody = (context: CommandContext) => unknown;

/** Runs a command's body with the context built from the parsed global options. */
export type Invoke = (command: Command, body: CommandBody) => Promise<void>;

export interface ProgramIo {
  out: Writer;
  err: Writer;
  invoke: Invoke;
}

/**
 * Every command, flag and argument of svc, in one place: commander parses them and writes the help from
 * them, with "did you mean" suggestions for unknown commands and flags.
 */
export function buildProgram(io: ProgramIo): Command {
  const program = new Command('svc')
    .description(
      'The code-security scanning service from any shell or CI: log in, manage keys, list repositories, scan.',
    )
    .version(CLIENT_VERSION, '-V, --version', 'print the version of svc')
    .helpOption('-h, --help', 'show help for the command')
    .option('--api-key <key>', 'API key (default: SVC_API_KEY, then api_key in ~/.svc/config.toml)')
    .option(
      '--api-url <url>',
      'service URL ending in /api/v1 (default: SVC_API_URL, then base_url in ~/.svc/config.toml)',
    )
    .option('--json', 'machine-readable output (JSON) on stdout')
    .exitOverride()
    .configureOutput({
      writeOut: (text) => {
        io.out.write(text);
      },
      writeErr: (text) => {
        io.err.write(text);
      },
    })
    .showSuggestionAfterError(true)
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .addHelpText('after', exitCodesHelp());

  program
    .command('login')
    .description(
      'save an API key (checked with the service first) and the URL in ~/.svc/config.toml, mode 0600',
    )
    .option('--with-token', 'read the key from stdin instead of asking for it')
    .action((options: { withToken?: boolean }, command: Command) =>
      io.invoke(command, (c) => login(c, options)),
    );

  const config = program.command('config').description('show or change ~/.svc/config.toml');
  config
    .command('path')
    .description('print where the config file is')
    .action((_options: unknown, command: Command) =>
      io.invoke(command, (c) => {
        configPath(c);
      }),
    );
  config
    .command('get')
    .description('show the values of the config file, the key masked')
    .argument('[name]', `one of ${CONFIG_NAMES.join(', ')}`)
    .action((name: string | undefined, _options: unknown, command: Command) =>
      io.invoke(command, (c) => {
        configGet(c, name);
      }),
    );
  config
    .command('set')
    .description('set a value in the config file (svc login is the safer way to set the key)')
    .argument('<name>', `one of ${CONFIG_NAMES.join(', ')}`)
    .argument('<value>', 'the value, checked before it is written')
    .action((name: string, value: string, _options: unknown, command: Command) =>
      io.invoke(command, (c) => {
        configSet(c, name, value);
      }),
    );

  program
    .command('whoami')
    .description('show who the key belongs to: user, organization, role')
    .action((_options: unknown, command: Command) => io.invoke(command, whoami));

  const keys = program.command('keys').description('create, list and revoke API keys (needs an admin key)');
  keys
    .command('create')
    .description('create a key and print its secret, which is shown this once only')
    .argument('<name>', 'a name that says where the key is used, e.g. ci')
    .addOption(new Option('--role <role>', 'what the key may do').choices(KEY_ROLE_CHOICES).default('member'))
    .action((name: string, options: { role: string }, command: Command) =>
      io.invoke(command, (c) => keysCreate(c, name, options.role)),
    );
  keys
    .command('list')
    .description('list the keys: id, name, role, prefix…last four, active')
    .action((_options: unknown, command: Command) => io.invoke(command, keysList));
  keys
    .command('revoke')
    .description('revoke a key: it stops authenticating at once')
    .argument('<key_id>', 'the id that svc keys list shows')
    .action((keyId: string, _options: unknown, command: Command) =>
      io.invoke(command, (c) => keysRevoke(c, keyId)),
    );

  const repos = program.command('repos').description('the repositories connected to the service');
  repos
    .command('list')
    .description('list the repositories; --format matrix prints a GitHub Actions matrix')
    .option('--project-id <id>', 'only the repositories of this project')
    .addOption(
      new Option(
        '--format <format>',
        'table, json, or matrix: {"include":[{"repository":"owner/name"},…]}',
      ).choices(REPOS_FORMATS),
    )
    .action((options: { projectId?: string; format?: ReposFormat }, command: Command) =>
      io.invoke(command, (c) => reposList(c, options)),
    );

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

  addApiCommands(program, io);

  program
    .command('usage')
    .description("show the organization's remaining credits")
    .action((_options: unknown, command: Command) => io.invoke(command, usage));

  program
    .command('audit-logs')
    .description('list audit log entries (needs an admin key)')
    .option('--action <action>', 'only entries of this action, e.g. api_key.created')
    .option('--actor-id <id>', 'only entries of this actor')
    .option('--target-type <type>', 'only entries about this kind of target, e.g. api_key')
    .option('--limit <n>', `at most this many entries (default: ${AUDIT_LOG_LIMIT.default})`, parseLimit)
    .action(
      (
        options: { action?: string; actorId?: string; targetType?: string; limit?: number },
        command: Command,
      ) => io.invoke(command, (c) => auditLogs(c, options)),
    );

  return program;
}

function parseLimit(value: string): number {
  const limit = /^\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(limit) || limit < 1 || limit > AUDIT_LOG_LIMIT.max) {
    throw new InvalidArgumentError(`expected a whole number from 1 to ${AUDIT_LOG_LIMIT.max}.`);
  }
  return limit;
}

function exitCodesHelp(): string {
  const width = Math.max(...EXIT_CODE_MEANINGS.map(([code]) => String(code).length));
  const lines = EXIT_CODE_MEANINGS.map(([code, meaning]) => `  ${String(code).padEnd(width)}  ${meaning}`);
  return `\nExit codes:\n${lines.join('\n')}\n`;
}
