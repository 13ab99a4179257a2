import type { CommandContext } from '../command-context.ts';
import { jsonText } from '../terminal-text.ts';
import type { Command } from 'commander';
import type { SvcCommand } from './command.ts';

/** The organization's remaining credits (GET /billing/usage). */
async function usage(context: CommandContext): Promise<void> {
  const overview = await context.client().getUsage({ signal: context.signal });
  if (context.globals.json) context.out.write(jsonText(overview));
  else context.out.line(`Remaining credits: ${overview.remaining_credits}`);
}

export const addUsageCommand: SvcCommand = (program, io) => {
  program
    .command('usage')
    .description("show the organization's remaining credits")
    .action((_options: unknown, command: Command) => io.invoke(command, usage));
};
