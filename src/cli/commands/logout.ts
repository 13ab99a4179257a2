import type { Command } from 'commander';
import type { CommandContext } from '../command-context.ts';
import { readConfigDocument, writeConfigDocument } from '../config-file.ts';
import { jsonText, terminalInline } from '../terminal-text.ts';
import type { SvcCommand } from './command.ts';

/**
 * Removes the key svc login saved from the config file, keeping base_url and other tools' entries. The key
 * itself stays valid on the service (revoking it is `svc keys revoke`), and a key in SVC_API_KEY still counts:
 * svc says both rather than suggest the machine no longer holds a key.
 */
function logout(context: CommandContext): void {
  const path = context.configPath;
  const document = readConfigDocument(path);
  const saved = document?.api_key !== undefined;
  if (document !== undefined && saved) {
    const { api_key: _removed, ...rest } = document;
    writeConfigDocument(path, rest);
  }
  const environmentKey = (context.io.env.SVC_API_KEY ?? '').trim() !== '';
  if (context.globals.json) {
    context.out.write(jsonText({ removed: saved, path, svc_api_key_set: environmentKey }));
  } else {
    context.out.line(
      terminalInline(
        saved
          ? `Removed the API key from ${path}. It still works on the service until revoked: svc keys revoke <key_id>.`
          : `No API key is saved in ${path}: nothing to remove.`,
      ),
    );
  }
  if (environmentKey) context.err.line('SVC_API_KEY is still set: svc uses that key until it is unset.');
}

export const addLogoutCommand: SvcCommand = (program, io) => {
  program
    .command('logout')
    .description(
      'remove the API key svc login saved in ~/.svc/config.toml (the key stays valid until revoked)',
    )
    .action((_options: unknown, command: Command) =>
      io.invoke(command, (c) => {
        logout(c);
      }),
    );
};
