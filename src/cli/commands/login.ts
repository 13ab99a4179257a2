import { CommandContext } from '../command-context.ts';
import { configString, formatMode, readConfigDocument, writeConfigDocument } from '../config-file.ts';
import { UsageError } from '../exit-codes.ts';
import { promptSecret, readSecretFromStream } from '../read-secret.ts';
import { jsonText, terminalInline } from '../terminal-text.ts';
import type { Principal } from '../../client/index.ts';
import { ConfigError } from '../../client/index.ts';
import type { Command } from 'commander';
import type { SvcCommand } from './command.ts';

interface LoginOptions {
  withToken?: boolean | undefined;
}

/**
 * Reads a key (hidden prompt on a terminal, or stdin with --with-token), checks it with GET /me, and only
 * then writes it with the base URL to the config file, 0600.
 */
async function login(context: CommandContext, options: LoginOptions): Promise<void> {
  if (context.globals.apiKey !== undefined) {
    throw new UsageError(
      'svc login does not take --api-key: a key on the command line stays in the shell history. ' +
        'Type it at the prompt, or pipe it in: svc login --with-token < key.txt',
    );
  }
  const key = await readKey(context, options);
  if (!key) throw new UsageError('No key was given: svc login reads one line, the API key (svc_sk_...).');
  context.addSecret(key);
  // The URL in the spec's order (--api-url, SVC_API_URL, the config file, the default), with the new key.
  const { baseUrl } = context.credentials(key);
  const client = context.clientFor(key, baseUrl);
  let principal: Principal;
  try {
    principal = await client.me({ signal: context.signal });
  } finally {
    await client.close();
  }

  const path = context.configPath;
  let document: Record<string, unknown>;
  try {
    document = readConfigDocument(path) ?? {};
    configString(document, 'base_url', path);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    context.err.line(`${error.message} It is replaced.`);
    document = {};
  }
  const written = writeConfigDocument(path, { ...document, api_key: key, base_url: baseUrl });
  if (written.loosenedMode !== undefined) {
    context.err.line(`The config file was mode ${formatMode(written.loosenedMode)}; it is now 0600.`);
  }

  const organization = organizationName(principal);
  if (context.globals.json) {
    context.out.write(
      jsonText({
        user_id: principal.user_id,
        email: principal.email,
        role: principal.role,
        organization_id: principal.active_org_id,
        organization,
        base_url: baseUrl,
        config_path: path,
      }),
    );
    return;
  }
  context.out.line(
    terminalInline(
      `Logged in as ${principal.email} (${principal.role}) to ${organization} (${principal.active_org_id}) at ${baseUrl}.`,
    ),
  );
  context.out.line(`Key and URL saved in ${path} (mode 0600).`);
}

async function readKey(context: CommandContext, options: LoginOptions): Promise<string> {
  const { stdin } = context.io;
  if (options.withToken) return readSecretFromStream(stdin);
  if (stdin.isTTY !== true || !stdin.setRawMode) {
    throw new UsageError(
      'stdin is not a terminal, so svc login cannot ask for the key. Pipe it in with: svc login --with-token < key.txt',
    );
  }
  return promptSecret(stdin, context.err, 'API key (input hidden): ');
}

/** The active organization's name; its id when the principal's list does not say which one it is. */
export function organizationName(principal: Principal): string {
  const { organizations, active_org_id: activeId } = principal;
  const active = organizations.find((org) => org.id === activeId);
  if (active) return active.name;
  const only = organizations.length === 1 ? organizations[0] : undefined;
  return only?.id === undefined && only ? only.name : activeId;
}

export const addLoginCommand: SvcCommand = (program, io) => {
  program
    .command('login')
    .description(
      'save an API key (checked with the service first) and the URL in ~/.svc/config.toml, mode 0600',
    )
    .option('--with-token', 'read the key from stdin instead of asking for it')
    .action((options: LoginOptions, command: Command) => io.invoke(command, (c) => login(c, options)));
};
