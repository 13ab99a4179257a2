import type { ApiKey } from '../../client/index.ts';
import type { CommandContext } from '../command-context.ts';
import { jsonText, renderTable, terminalInline } from '../terminal-text.ts';
import { Option, type Command } from 'commander';
import { explainAdminKey } from './admin-key-help.ts';
import type { SvcCommand } from './command.ts';

/**
 * The roles of a key: the spec names member and admin; viewer (read only) is the README's choice where the spec is
 * silent, as `keys list` shows such keys and the emulator knows it. The service has the last word on each.
 */
const KEY_ROLE_CHOICES = ['viewer', 'member', 'admin'] as const;

/**
 * Creates a key and prints its secret, the one time the service returns it: alone on stdout (so
 * `svc keys create ci > key.txt` or a pipe into a secret store gets just the key), the rest on stderr.
 */
async function keysCreate(context: CommandContext, name: string, role: string): Promise<void> {
  const created = await context.client().createApiKey({ name, role }, { signal: context.signal });
  if (context.globals.json) context.out.write(jsonText(created));
  else context.out.line(created.token);
  context.err.line(terminalInline(`Created key ${created.id} "${created.name}" (${created.role}).`));
  context.err.line('This is the only time the secret is shown: it cannot be shown again. Store it now.');
}

async function keysList(context: CommandContext): Promise<void> {
  const keys = await context.client().listApiKeys({ signal: context.signal });
  if (context.globals.json) {
    context.out.write(jsonText(keys));
    return;
  }
  const rows = keys.map((key) => [key.id, key.name, key.role, shownKey(key), key.is_active ? 'yes' : 'no']);
  context.out.write(renderTable(['ID', 'NAME', 'ROLE', 'KEY', 'ACTIVE'], rows));
}

async function keysRevoke(context: CommandContext, keyId: string): Promise<void> {
  const client = context.client();
  const inUse = await isKeyInUse(context, keyId);
  await client.revokeApiKey(keyId, { signal: context.signal });
  if (context.globals.json) context.out.write(jsonText({ id: keyId, revoked: true }));
  else context.out.line(terminalInline(`Revoked key ${keyId}: it no longer authenticates.`));
  if (inUse) {
    context.err.line(
      terminalInline(
        `warning: ${keyId} is the key svc itself was using: every command now fails with 401 until you log in ` +
          'with another key (svc login), or pass one with --api-key or SVC_API_KEY.',
      ),
    );
  }
}

/**
 * Whether the key to revoke is the one in use, told by its prefix and last four (the list never shows more).
 * Read before the revoke, since after it the key cannot read anything; a list that cannot be read means no
 * warning, never a refused revoke.
 */
async function isKeyInUse(context: CommandContext, keyId: string): Promise<boolean> {
  const apiKey = context.credentials().apiKey;
  const keys = await context
    .client()
    .listApiKeys({ signal: context.signal })
    .catch(() => []);
  const key = keys.find((candidate) => candidate.id === keyId);
  return key !== undefined && apiKey.startsWith(key.prefix) && apiKey.endsWith(key.last_four);
}

function shownKey(key: ApiKey): string {
  return `${key.prefix}…${key.last_four}`;
}

export const addKeysCommand: SvcCommand = (program, io) => {
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
  explainAdminKey(keys);
};
