import type { Command } from 'commander';
import type { Writer } from '../cli-io.ts';
import type { CommandContext } from '../command-context.ts';

/** What a command does; an exit code it returns (svc scan's 1) ends svc with it, anything else with 0. */
export type CommandBody = (context: CommandContext) => unknown;

/** Runs a command's body with the context built from the parsed global options. */
type Invoke = (command: Command, body: CommandBody) => Promise<void>;

/** What a command's definition may use: the scrubbed writers (for commander's own output) and `invoke`. */
export interface ProgramIo {
  out: Writer;
  err: Writer;
  invoke: Invoke;
}

/**
 * One of svc's top-level commands (with its subcommands, flags and arguments): it adds itself to the program.
 * Each lives in its own file beside the body it runs, and is listed once in `registry.ts`.
 */
export type SvcCommand = (program: Command, io: ProgramIo) => void;
