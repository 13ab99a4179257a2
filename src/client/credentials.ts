import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { parse, TomlError } from 'smol-toml';
import { hasVersionPrefix, normalizeBaseUrl, VERSION_PREFIX } from './base-url.ts';
import { DEFAULT_BASE_URL } from './defaults.ts';
import { ConfigError } from './errors.ts';
import { NOOP_LOGGER, type Logger } from './logger.ts';
import { createRedactor } from './redact.ts';

/** Shared with the command-line tools, whose login command writes it (mode 0600). */
export const CONFIG_FILE_IN_HOME = join('.svc', 'config.toml');

export type CredentialSource = 'argument' | 'environment' | 'config-file' | 'default';

export interface ResolveCredentialsInput {
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  env: Readonly<Record<string, string | undefined>>;
  homeDir: string;
  logger?: Logger | undefined;
  /** How errors name the explicit base URL to the user, e.g. "from the api-url input". */
  baseUrlArgumentLabel?: string | undefined;
}

export interface Credentials {
  apiKey: string;
  /** Validated, without a trailing slash. */
  baseUrl: string;
  apiKeySource: Exclude<CredentialSource, 'default'>;
  baseUrlSource: CredentialSource;
}

interface ConfigFileValues {
  api_key?: string;
  base_url?: string;
}

const URL_SOURCE_LABELS: Record<CredentialSource, string> = {
  argument: 'from the argument',
  environment: 'from SVC_API_URL',
  'config-file': 'from the config file',
  default: 'the built-in default',
};

/**
 * Resolves the key and the base URL as the spec's table orders the sources: explicit argument, environment
 * (SVC_API_KEY, SVC_API_URL), ~/.svc/config.toml (api_key, base_url), then the built-in default URL. Each
 * value comes from the first source that supplies it; an empty string supplies nothing. The config file is
 * read only when a value is still missing.
 */
export function resolveCredentials(input: ResolveCredentialsInput): Credentials {
  const logger = input.logger ?? NOOP_LOGGER;
  const configPath = join(input.homeDir, CONFIG_FILE_IN_HOME);
  let config: ConfigFileValues | undefined;
  const fromConfig = (): ConfigFileValues => (config ??= readConfigFile(configPath, logger) ?? {});

  const key = firstSupplied<Exclude<CredentialSource, 'default'>>([
    ['argument', () => input.apiKey],
    ['environment', () => input.env.SVC_API_KEY],
    ['config-file', () => fromConfig().api_key],
  ]);
  if (key === undefined) {
    throw new ConfigError(
      'No API key found. Set the api-key input (from a secret), set the SVC_API_KEY environment variable, ' +
        `or log in with the svc command-line tool, which writes ${configPath}.`,
    );
  }
  const url = firstSupplied<CredentialSource>([
    ['argument', () => input.baseUrl],
    ['environment', () => input.env.SVC_API_URL],
    ['config-file', () => fromConfig().base_url],
    ['default', () => DEFAULT_BASE_URL],
  ]);
  // The default is always supplied, so url is defined; the fallback only satisfies the type.
  const { value: rawUrl, source: baseUrlSource } = url ?? {
    value: DEFAULT_BASE_URL,
    source: 'default' as const,
  };
  const label =
    baseUrlSource === 'config-file'
      ? `from ${configPath}`
      : baseUrlSource === 'argument' && input.baseUrlArgumentLabel
        ? input.baseUrlArgumentLabel
        : URL_SOURCE_LABELS[baseUrlSource];
  const baseUrl = normalizeBaseUrl(rawUrl, label, createRedactor(key.value));
  if (!hasVersionPrefix(baseUrl)) {
    logger.warning(
      `The service URL ${baseUrl} does not end with ${VERSION_PREFIX}; request paths such as /scans are appended to it as given`,
    );
  }
  return { apiKey: key.value, apiKeySource: key.source, baseUrl, baseUrlSource };
}

function firstSupplied<S extends CredentialSource>(
  sources: [S, () => string | undefined][],
): { value: string; source: S } | undefined {
  for (const [source, read] of sources) {
    const value = read()?.trim();
    if (value) return { value, source };
  }
  return undefined;
}

/** Returns undefined when the file does not exist. */
function readConfigFile(path: string, logger: Logger): ConfigFileValues | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (code === 'ENOENT') return undefined;
    throw new ConfigError(
      `Could not read the config file ${path}: ${typeof code === 'string' ? code : String(error)}`,
      {
        cause: error,
      },
    );
  }
  warnIfShared(path, logger);
  let document: Record<string, unknown>;
  try {
    document = parse(text);
  } catch (error) {
    // The parser's message quotes the offending line, which may hold the key: report only where it is.
    const where = error instanceof TomlError ? ` (line ${error.line}, column ${error.column})` : '';
    throw new ConfigError(
      `The config file ${path} is not valid TOML${where}. Fix it, or log in again with the svc command-line tool to rewrite it.`,
    );
  }
  return { ...stringEntry(document, 'api_key', path), ...stringEntry(document, 'base_url', path) };
}

function stringEntry(
  document: Record<string, unknown>,
  name: 'api_key' | 'base_url',
  path: string,
): ConfigFileValues {
  const value = document[name];
  if (value === undefined) return {};
  if (typeof value !== 'string') throw new ConfigError(`The config file ${path}: ${name} must be a string`);
  return { [name]: value };
}

function warnIfShared(path: string, logger: Logger): void {
  if (process.platform === 'win32') return;
  const mode = statSync(path).mode & 0o777;
  if ((mode & 0o077) === 0) return;
  logger.warning(
    `The config file ${path} holds the API key and is readable by other users (mode ${mode.toString(8).padStart(4, '0')}); restrict it with: chmod 600 ${path}`,
  );
}
