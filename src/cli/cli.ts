import { CommanderError, type Command } from 'commander';
import { Writer, type CliIo } from './cli-io.ts';
import { CommandContext } from './command-context.ts';
import { EXIT } from './exit-codes.ts';
import { describeFailure, type FailureScope } from './failure-message.ts';
import type { GlobalOptions } from './global-options.ts';
import type { CommandBody } from './commands/command.ts';
import { buildProgram } from './program.ts';
import { terminalText } from './terminal-text.ts';

/**
 * Commander's own exits that are not mistakes: help asked for (`--help`, `svc help`, `svc help scan`), and the
 * version. Help shown because a command is missing (`svc`, `svc keys`) exits with a code other than 0: usage.
 */
function isCommanderSuccess(error: CommanderError): boolean {
  if (error.code === 'commander.help') return error.exitCode === 0;
  return error.code === 'commander.helpDisplayed' || error.code === 'commander.version';
}

/**
 * Runs one svc command line and returns its exit code; never throws and never exits the process, so tests
 * run it in-process. Usage errors are found by the parser or by the command before any request is sent.
 */
export async function runCli(io: CliIo): Promise<number> {
  const secrets = new Set<string>();
  const out = new Writer(io.stdout, secrets);
  const err = new Writer(io.stderr, secrets);
  let exitCode: number = EXIT.ok;
  let scope: () => FailureScope = () => ({});
  const invoke = async (command: Command, body: CommandBody): Promise<void> => {
    const context = new CommandContext(io, globalOptions(command), secrets);
    scope = () => ({
      command: commandWords(command),
      baseUrl: context.resolvedUrl?.baseUrl,
      builtInUrl: context.resolvedUrl?.builtIn,
    });
    if (context.globals.apiKey) context.addSecret(context.globals.apiKey);
    try {
      const result = await body(context);
      exitCode = typeof result === 'number' ? result : EXIT.ok;
    } finally {
      await context.close();
    }
  };
  try {
    const program = buildProgram({ out, err, invoke });
    await program.parseAsync(helpAsFlag(io.argv, program), { from: 'user' });
  } catch (error) {
    if (error instanceof CommanderError) {
      return isCommanderSuccess(error) ? EXIT.ok : EXIT.usage;
    }
    const failure = describeFailure(error, io.signal.aborted, scope());
    err.line(terminalText(`svc: ${failure.message}`));
    return failure.exitCode;
  }
  return io.signal.aborted ? EXIT.interrupted : exitCode;
}

/**
 * `svc help keys create` as `svc keys create --help`: commander's own help command reads one word only, and would
 * show the help of `keys` instead. A word that names no command (`svc help scan2`) is handed to the parser
 * without --help, which refuses it with its "did you mean" (exit 2), rather than show another command's help.
 */
function helpAsFlag(argv: readonly string[], program: Command): string[] {
  const [first, ...rest] = argv;
  if (first !== 'help' || rest.length === 0) return [...argv];
  let command = program;
  for (const word of rest) {
    if (command.commands.length === 0 || word.startsWith('-')) break;
    const sub = command.commands.find((candidate) => candidate.name() === word);
    if (sub === undefined) return rest;
    command = sub;
  }
  return [...rest, '--help'];
}

/** The words that name a command, `keys create`, without svc. */
function commandWords(command: Command): string {
  const words: string[] = [];
  let at = command;
  while (at.parent) {
    words.unshift(at.name());
    at = at.parent;
  }
  return words.join(' ');
}

function globalOptions(command: Command): GlobalOptions {
  const options = command.optsWithGlobals<GlobalOptions>();
  return { apiKey: options.apiKey, apiUrl: options.apiUrl, json: options.json === true };
}
