import type { Command } from 'commander';
import { COMPLETION_SHELLS, completionScript, type CompletionShell } from '../completion.ts';
import type { SvcCommand } from './command.ts';

/** `svc completion <shell>`: the script is generated from the program, so every command of the registry is in it. */
export const addCompletionCommand: SvcCommand = (program, io) => {
  program
    .command('completion')
    .description('print the completion script of a shell: eval "$(svc completion bash)"')
    .addArgument(program.createArgument('<shell>', 'bash, zsh or fish').choices(COMPLETION_SHELLS))
    .action((shell: CompletionShell, _options: unknown, command: Command) =>
      io.invoke(command, (c) => {
        c.out.write(completionScript(program, shell));
      }),
    );
};
