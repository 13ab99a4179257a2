import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveCredentials, type ResolveCredentialsInput } from '../../../src/client/credentials.ts';
import { DEFAULT_BASE_URL } from '../../../src/client/defaults.ts';
import { ConfigError } from '../../../src/client/errors.ts';
import { recordingLogger } from './support/fake-clock.ts';

let home: string;

beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), 'svc-home-'));
});

afterEach(() => {
  rmSync(home, { recursive: true, force: true });
});

function writeConfig(text: string, mode = 0o600): string {
  mkdirSync(join(home, '.svc'), { recursive: true });
  const path = join(home, '.svc', 'config.toml');
  writeFileSync(path, text);
  chmodSync(path, mode);
  return path;
}

function resolve(input: Partial<ResolveCredentialsInput> = {}) {
  return resolveCredentials({ env: {}, homeDir: home, ...input });
}

function configError(run: () => unknown): ConfigError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return error as ConfigError;
  }
  throw new Error('expected a ConfigError');
}

describe('resolveCredentials', () => {
  it('prefers the argument, then the environment, then the config file, then the default', () => {
    writeConfig('api_key = "svc_sk_file"\nbase_url = "https://file.example/api/v1"\n');
    const env = { SVC_API_KEY: 'svc_sk_env', SVC_API_URL: 'https://env.example/api/v1' };
    expect(resolve({ apiKey: 'svc_sk_arg', baseUrl: 'https://arg.example/api/v1', env })).toEqual({
      apiKey: 'svc_sk_arg',
      baseUrl: 'https://arg.example/api/v1',
      apiKeySource: 'argument',
      baseUrlSource: 'argument',
    });
    expect(resolve({ env })).toMatchObject({ apiKey: 'svc_sk_env', apiKeySource: 'environment' });
    expect(resolve({ env }).baseUrlSource).toBe('environment');
    expect(resolve()).toEqual({
      apiKey: 'svc_sk_file',
      baseUrl: 'https://file.example/api/v1',
      apiKeySource: 'config-file',
      baseUrlSource: 'config-file',
    });
  });

  it('resolves the key and the URL independently', () => {
    writeConfig('base_url = "https://file.example/api/v1"\n');
    expect(resolve({ env: { SVC_API_KEY: 'svc_sk_env' } })).toMatchObject({
      apiKeySource: 'environment',
      baseUrl: 'https://file.example/api/v1',
      baseUrlSource: 'config-file',
    });
    expect(resolve({ apiKey: 'svc_sk_arg', env: {} })).toMatchObject({ apiKeySource: 'argument' });
  });

  it('falls back to the built-in base URL', () => {
    expect(resolve({ apiKey: 'svc_sk_arg' })).toMatchObject({
      baseUrl: DEFAULT_BASE_URL,
      baseUrlSource: 'default',
    });
    expect(DEFAULT_BASE_URL.endsWith('/api/v1')).toBe(true);
  });

  it('treats empty and blank strings as not supplied, and trims values', () => {
    writeConfig('api_key = ""\nbase_url = "https://file.example/api/v1/"\n');
    const result = resolve({
      apiKey: '',
      baseUrl: '  ',
      env: { SVC_API_KEY: ' svc_sk_env\n', SVC_API_URL: '' },
    });
    expect(result).toMatchObject({
      apiKey: 'svc_sk_env',
      apiKeySource: 'environment',
      baseUrl: 'https://file.example/api/v1',
      baseUrlSource: 'config-file',
    });
  });

  it('raises a ConfigError with a hint when no source has a key', () => {
    const error = configError(() => resolve({ env: { SVC_API_URL: 'https://env.example/api/v1' } }));
    expect(error.message).toContain('api-key input');
    expect(error.message).toContain('SVC_API_KEY');
    expect(error.message).toContain(join(home, '.svc', 'config.toml'));
    expect(error.statusCode).toBeUndefined();
  });

  it('does not read the config file when the argument and environment supply everything', () => {
    writeConfig('this is [not toml');
    expect(() =>
      resolve({ apiKey: 'svc_sk_arg', env: { SVC_API_URL: 'https://env.example/api/v1' } }),
    ).not.toThrow();
  });

  it('raises a ConfigError naming the path for a malformed file, without quoting its content', () => {
    const path = writeConfig('api_key = "svc_sk_secretcanary\nbase_url = 3\n');
    const error = configError(() => resolve());
    expect(error.message).toContain(path);
    expect(error.message).toContain('not valid TOML');
    expect(error.message).toMatch(/line \d+, column \d+/);
    expect(`${error.message} ${error.stack ?? ''}`).not.toContain('secretcanary');
  });

  it('rejects a config value of the wrong type', () => {
    writeConfig('api_key = 42\n');
    expect(configError(() => resolve()).message).toContain('api_key must be a string');
  });

  it('reports a config file it cannot read', () => {
    mkdirSync(join(home, '.svc', 'config.toml'), { recursive: true });
    expect(configError(() => resolve()).message).toContain('Could not read the config file');
  });

  it.skipIf(process.platform === 'win32')('warns when the config file is readable by others', () => {
    const shared = recordingLogger();
    const path = writeConfig('api_key = "svc_sk_file"\n', 0o644);
    resolve({ logger: shared });
    expect(shared.lines).toEqual([
      {
        level: 'warning',
        message: `The config file ${path} holds the API key and is readable by other users (mode 0644); restrict it with: chmod 600 ${path}`,
      },
    ]);

    const restricted = recordingLogger();
    chmodSync(path, 0o600);
    resolve({ logger: restricted });
    expect(restricted.lines).toEqual([]);
  });

  it('warns when the base URL does not end with /api/v1, and still uses it', () => {
    const logger = recordingLogger();
    const result = resolve({ apiKey: 'k', baseUrl: 'https://svc.example/v2/', logger });
    expect(result.baseUrl).toBe('https://svc.example/v2');
    expect(logger.text()).toContain('does not end with /api/v1');
  });

  it('refuses plain http to a remote host, naming the source', () => {
    const error = configError(() =>
      resolve({ apiKey: 'k', env: { SVC_API_URL: 'http://svc.example/api/v1' } }),
    );
    expect(error.message).toContain('SVC_API_URL');
    expect(error.message).toContain('plain http');
    expect(error.message).toContain('https');
  });

  it('names the explicit base URL as the caller calls it', () => {
    const error = configError(() =>
      resolve({
        apiKey: 'k',
        baseUrl: 'ftp://svc.example/api/v1',
        baseUrlArgumentLabel: "from the 'api-url' input",
      }),
    );
    expect(error.message).toContain("from the 'api-url' input");
  });

  it('keeps the key out of a URL error even when the key was pasted as the URL', () => {
    const error = configError(() => resolve({ apiKey: 'svc_sk_canary123', baseUrl: 'svc_sk_canary123' }));
    expect(error.message).not.toContain('canary');
    expect(error.message).toContain('not a valid URL');
  });
});
