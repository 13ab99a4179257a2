import { Command } from 'commander';
import { CLIENT_VERSION } from '../client/index.ts';
import type { ProgramIo } from './commands/command.ts';
import { COMMANDS } from './commands/registry.ts';
import { EXIT_CODE_MEANINGS } from './exit-codes.ts';

/**
 * svc itself: its global options and help, then every command of the registry. commander parses them and writes
 * the help from them, with "did you mean" suggestions for unknown commands and flags.
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
      // Every error of svc starts with "svc:", those of the parser too (commander says "error:").
      outputError: (text, write) => {
        write(text.replace(/^error:/, 'svc:'));
      },
    })
    .showSuggestionAfterError(true)
    .showHelpAfterError('(run with --help for usage)')
    .configureHelp({ showGlobalOptions: true, sortSubcommands: false })
    .addHelpText('after', exitCodesHelp());
  for (const add of COMMANDS) add(program, io);
  return program;
}

/** The exit-code table under `svc --help`, from the one table scripts and the README rely on. */
function exitCodesHelp(): string {
  const width = Math.max(...EXIT_CODE_MEANINGS.map(([code]) => String(code).length));
  const lines = EXIT_CODE_MEANINGS.map(([code, meaning]) => `  ${String(code).padEnd(width)}  ${meaning}`);
  return `\nExit codes:\n${lines.join('\n')}\n`;
}
