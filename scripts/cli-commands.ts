/**
 * docs/cli.md's list of every `svc` command, written by `npm run generate` from the commands' own declarations
 * (src/cli/commands/registry.ts): a command added there is listed, with its arguments, flags and help line.
 */
import type { Command, Option } from 'commander';
import { Writer } from '../src/cli/cli-io.ts';
import { buildProgram } from '../src/cli/program.ts';

/** Every command that runs something (a leaf of svc's tree), by its path: `keys create`. */
export function leafCommands(): [string, Command][] {
  const sink = new Writer({ write: () => undefined }, new Set());
  const program = buildProgram({ out: sink, err: sink, invoke: () => Promise.resolve() });
  const walk = (command: Command, prefix: string[]): [string, Command][] =>
    command.commands.flatMap((sub) => {
      const path = [...prefix, sub.name()];
      return sub.commands.length === 0 ? [[path.join(' '), sub] as [string, Command]] : walk(sub, path);
    });
  return walk(program, []);
}

/** `--role <role>`, `[--wait]`: a mandatory option as it must be given, any other in brackets. */
function flagText(option: Option): string {
  const flag = option.flags.replace(/^-\w, /, '');
  return option.mandatory ? flag : `[${flag}]`;
}

/** One command as the table shows it: `svc keys create <name> --role <role>`, then its help line. */
function commandRow(path: string, command: Command): string {
  const args = command.registeredArguments.map((argument) => {
    const name = `${argument.name()}${argument.variadic ? '…' : ''}`;
    return argument.required ? `<${name}>` : `[${name}]`;
  });
  const flags = command.options.filter((option) => !option.hidden).map(flagText);
  const synopsis = ['svc', path, ...args, ...flags].join(' ');
  const cell = (text: string): string => text.replaceAll('|', '\\|');
  return `| \`${cell(synopsis)}\` | ${cell(command.description())} |`;
}

/** The markdown rows of every command, in the order `svc --help` lists them. */
export function commandsTable(): string[] {
  return [
    '| command | what it does |',
    '| --- | --- |',
    ...leafCommands().map(([path, command]) => commandRow(path, command)),
  ];
}
