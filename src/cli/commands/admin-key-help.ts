import type { Command } from 'commander';

/**
 * What "needs an admin key" means, under the help of the commands that do (keys, audit-logs): which key svc
 * uses, how to see its role, and how to get and use an admin key without replacing the one svc login saved.
 */
const ADMIN_KEY_HELP = `
An admin key is an API key whose role is admin; viewer and member keys are refused (403).
svc uses the key of --api-key, else SVC_API_KEY, else the one svc login saved; svc whoami
shows its role. An admin creates one with: svc keys create <name> --role admin
Use it for one command without replacing your saved key:
  SVC_API_KEY=<admin key> svc keys list
(The emulator's demo scenario has one: svc_sk_demo_admin_8d2e6b1f0a5c, see emulator/README.md.)
`;

/** Adds the admin key's explanation under the help of a command and of each of its subcommands. */
export function explainAdminKey(command: Command): Command {
  for (const each of [command, ...command.commands]) each.addHelpText('after', ADMIN_KEY_HELP);
  return command;
}
