import { normalizeBaseUrl } from '../../client/index.ts';
import { didYouMean } from '../../text/did-you-mean.ts';
import type { CommandContext } from '../command-context.ts';
import {
  CONFIG_NAMES,
  CONFIG_NAME_ALIASES,
  configNameOf,
  configString,
  formatMode,
  readConfigDocument,
  writeConfigDocument,
  type ConfigName,
} from '../config-file.ts';
import { CommandFailure, EXIT, UsageError } from '../exit-codes.ts';
import { maskKey } from '../mask-key.ts';
import { jsonText, terminalInline } from '../terminal-text.ts';
import type { Command } from 'commander';
import type { SvcCommand } from './command.ts';

function configPath(context: CommandContext): void {
  if (context.globals.json) context.out.write(jsonText({ path: context.configPath }));
  else context.out.line(context.configPath);
}

/** Shows the file's values, the key masked; one value alone with a name. */
function configGet(context: CommandContext, name: string | undefined): void {
  const names = name === undefined ? CONFIG_NAMES : [checkedName(name)];
  const path = context.configPath;
  const document = readConfigDocument(path);
  const shown = Object.fromEntries(
    names.map((entry) => {
      const value = configString(document, entry, path);
      return [entry, value === undefined ? null : shownValue(entry, value)];
    }),
  ) as Record<ConfigName, string | null>;
  if (name !== undefined && shown[checkedName(name)] === null) {
    throw new CommandFailure(
      `${checkedName(name)} is not set in ${path}. Set it with: svc login`,
      EXIT.config,
    );
  }
  if (context.globals.json) {
    context.out.write(jsonText(shown));
  } else if (name !== undefined) {
    context.out.line(terminalInline(shown[checkedName(name)] ?? ''));
  } else {
    for (const entry of names) context.out.line(terminalInline(`${entry} = ${shown[entry] ?? '(not set)'}`));
  }
}

/** Checks the value, then writes it into the file (0600), keeping the other entries. */
function configSet(context: CommandContext, name: string, value: string): void {
  const entry = checkedName(name);
  const checked = entry === 'api_key' ? checkedKey(value) : checkedUrl(value);
  if (entry === 'api_key') context.addSecret(checked);
  const path = context.configPath;
  const document = readConfigDocument(path) ?? {};
  const written = writeConfigDocument(path, { ...document, [entry]: checked });
  if (written.loosenedMode !== undefined) {
    context.err.line(`The config file was mode ${formatMode(written.loosenedMode)}; it is now 0600.`);
  }
  const shown = shownValue(entry, checked);
  if (context.globals.json) context.out.write(jsonText({ [entry]: shown, path }));
  else context.out.line(terminalInline(`${entry} = ${shown} (saved in ${path})`));
}

/** A config name, or an alias of one (the action's `api-key`, `api-url`). */
function checkedName(name: string): ConfigName {
  const known = configNameOf(name);
  if (known !== undefined) return known;
  const hint = didYouMean(name, [...CONFIG_NAMES, ...Object.keys(CONFIG_NAME_ALIASES)]);
  throw new UsageError(`Unknown config name '${name}': expected one of ${CONFIG_NAMES.join(', ')}.${hint}`);
}

function shownValue(name: ConfigName, value: string): string {
  return name === 'api_key' ? maskKey(value) : value;
}

const KEY_PREFIX = 'svc_sk_';

function checkedKey(value: string): string {
  const key = value.trim();
  if (!key.startsWith(KEY_PREFIX) || /[^\x21-\x7e]/.test(key)) {
    throw new UsageError(
      `api_key must be an API key: ${KEY_PREFIX} followed by printable characters, without spaces. ` +
        'svc login checks a key with the service before saving it.',
    );
  }
  return key;
}

function checkedUrl(value: string): string {
  try {
    return normalizeBaseUrl(value.trim(), 'base_url');
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
}

export const addConfigCommand: SvcCommand = (program, io) => {
  const config = program.command('config').description('show or change ~/.svc/config.toml');
  config
    .command('path')
    .description('print where the config file is')
    .action((_options: unknown, command: Command) =>
      io.invoke(command, (c) => {
        configPath(c);
      }),
    );
  config
    .command('get')
    .description('show the values of the config file, the key masked')
    .argument('[name]', `one of ${CONFIG_NAMES.join(', ')} (or api-key, api-url as the action names them)`)
    .action((name: string | undefined, _options: unknown, command: Command) =>
      io.invoke(command, (c) => {
        configGet(c, name);
      }),
    );
  config
    .command('set')
    .description('set a value in the config file (svc login is the safer way to set the key)')
    .argument('<name>', `one of ${CONFIG_NAMES.join(', ')} (or api-key, api-url as the action names them)`)
    .argument('<value>', 'the value, checked before it is written')
    .action((name: string, value: string, _options: unknown, command: Command) =>
      io.invoke(command, (c) => {
        configSet(c, name, value);
      }),
    );
};
