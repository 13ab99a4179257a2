import { chmodSync, mkdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { parse, stringify, TomlError } from 'smol-toml';
import { CONFIG_FILE_IN_HOME, ConfigError } from '../client/index.ts';

/** The names `svc config` reads and writes, as the spec names them in ~/.svc/config.toml. */
export const CONFIG_NAMES = ['api_key', 'base_url'] as const;
export type ConfigName = (typeof CONFIG_NAMES)[number];

/** The action's input names (and the hyphenated spelling) for the same values, taken by `svc config`. */
export const CONFIG_NAME_ALIASES: Readonly<Record<string, ConfigName>> = {
  'api-key': 'api_key',
  'api-url': 'base_url',
  'base-url': 'base_url',
};

/** The config name a name given on the command line stands for: its own, or the one it is an alias of. */
export function configNameOf(name: string): ConfigName | undefined {
  if ((CONFIG_NAMES as readonly string[]).includes(name)) return name as ConfigName;
  return CONFIG_NAME_ALIASES[name];
}

export function configFilePath(homeDir: string): string {
  return join(homeDir, CONFIG_FILE_IN_HOME);
}

/**
 * The whole document, other tools' entries included (the file is shared by the official command-line tools);
 * undefined when there is no file.
 */
export function readConfigDocument(path: string): Record<string, unknown> | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return undefined;
    throw new ConfigError(`Could not read the config file ${path}: ${String(error)}`, { cause: error });
  }
  try {
    return parse(text);
  } catch (error) {
    // The parser's message quotes the line it stopped at, which may be the key's: only say where.
    const where = error instanceof TomlError ? ` (line ${error.line}, column ${error.column})` : '';
    throw new ConfigError(`The config file ${path} is not valid TOML${where}. Run svc login to rewrite it.`);
  }
}

/** A string entry of the document, or undefined; any other type is an error that names the entry. */
export function configString(
  document: Record<string, unknown> | undefined,
  name: ConfigName,
  path: string,
): string | undefined {
  const value = document?.[name];
  if (value === undefined) return undefined;
  if (typeof value !== 'string') throw new ConfigError(`The config file ${path}: ${name} must be a string`);
  return value;
}

export interface ConfigWrite {
  /** The mode the file had before, when it existed and let others read or write it. */
  loosenedMode?: number | undefined;
}

/**
 * Writes the document with the TOML writer, readable by its owner only (0600, in a 0700 folder). The text
 * goes to a new file that is renamed over the old one, so the key is never in a file others can read, even
 * for a moment, and an existing file with a looser mode ends up 0600.
 */
export function writeConfigDocument(path: string, document: Record<string, unknown>): ConfigWrite {
  const previousMode = modeOf(path);
  mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
  const temporary = `${path}.${process.pid}.tmp`;
  try {
    writeFileSync(temporary, `${stringify(document)}\n`, { mode: 0o600, flag: 'wx' });
    chmodSync(temporary, 0o600);
    renameSync(temporary, path);
  } catch (error) {
    rmSync(temporary, { force: true });
    throw new ConfigError(`Could not write the config file ${path}: ${String(error)}`, { cause: error });
  }
  const loose = previousMode !== undefined && (previousMode & 0o077) !== 0;
  return { loosenedMode: loose ? previousMode : undefined };
}

function modeOf(path: string): number | undefined {
  try {
    return statSync(path).mode & 0o777;
  } catch {
    return undefined;
  }
}

export function formatMode(mode: number): string {
  return mode.toString(8).padStart(4, '0');
}
