import { chmodSync, mkdirSync, mkdtempSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../src/client/index.ts';
import { configFilePath, readConfigDocument, writeConfigDocument } from '../../src/cli/config-file.ts';

const home = (): string => mkdtempSync(join(tmpdir(), 'svc-config-'));

describe('the config file', () => {
  it('is written as TOML, 0600 in a 0700 folder, with nothing left beside it', () => {
    const path = configFilePath(home());
    const result = writeConfigDocument(path, {
      api_key: 'svc_sk_a"b\\c',
      base_url: 'http://127.0.0.1:1/api/v1',
    });
    expect(result.loosenedMode).toBeUndefined();
    expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(statSync(join(path, '..')).mode & 0o777).toBe(0o700);
    expect(readConfigDocument(path)).toEqual({
      api_key: 'svc_sk_a"b\\c',
      base_url: 'http://127.0.0.1:1/api/v1',
    });
    expect(readdirSync(join(path, '..'))).toEqual(['config.toml']);
  });

  it('replaces a file that others could read with a 0600 one, and says what the mode was', () => {
    const path = configFilePath(home());
    mkdirSync(join(path, '..'));
    writeFileSync(path, 'api_key = "old"\n');
    chmodSync(path, 0o644);
    expect(writeConfigDocument(path, { api_key: 'new' }).loosenedMode).toBe(0o644);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it('is absent (undefined) when there is none, and invalid TOML is named without quoting the key', () => {
    const path = configFilePath(home());
    expect(readConfigDocument(path)).toBeUndefined();
    mkdirSync(join(path, '..'));
    writeFileSync(path, 'api_key = svc_sk_unquoted_secret\n');
    let error: unknown;
    try {
      readConfigDocument(path);
    } catch (thrown) {
      error = thrown;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toMatch(/is not valid TOML \(line 1, column \d+\)\. Run svc login/);
    expect((error as Error).message).not.toContain('svc_sk_unquoted_secret');
  });
});
