import type { CommandContext } from '../command-context.ts';
import { jsonText, terminalInline } from '../terminal-text.ts';
import { organizationName } from './login.ts';
import type { Command } from 'commander';
import type { SvcCommand } from './command.ts';

/** The principal of the key in use (GET /me). */
async function whoami(context: CommandContext): Promise<void> {
  const principal = await context.client().me({ signal: context.signal });
  if (context.globals.json) {
    context.out.write(jsonText(principal));
    return;
  }
  const organization = organizationName(principal);
  context.out.line(terminalInline(`${principal.email} (${principal.user_id})`));
  context.out.line(terminalInline(`organization: ${organization} (${principal.active_org_id})`));
  context.out.line(terminalInline(`role: ${principal.role}`));
  context.out.line(terminalInline(`permissions: ${principal.permissions.join(', ') || 'none'}`));
  const others = principal.organizations.filter((org) => org.id !== principal.active_org_id);
  if (others.length > 0) {
    context.out.line(terminalInline(`also a member of: ${others.map((org) => org.name).join(', ')}`));
  }
}

export const addWhoamiCommand: SvcCommand = (program, io) => {
  program
    .command('whoami')
    .description('show who the key belongs to: user, organization, role')
    .action((_options: unknown, command: Command) => io.invoke(command, whoami));
};
