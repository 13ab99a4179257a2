import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.ts';
import { runInProcess } from './support.ts';

/** svc logout, svc config under the action's names, and the help of the commands that need an admin key. */

const KEY = 'svc_sk_unit_saved_key_000000001';

/** A HOME with ~/.svc/config.toml holding these lines. */
function homeWithConfig(lines: string[]): string {
  const home = mkdtempSync(join(tmpdir(), 'svc-account-'));
  mkdirSync(join(home, '.svc'), { mode: 0o700 });
  writeFileSync(join(home, '.svc', 'config.toml'), `${lines.join('\n')}\n`, { mode: 0o600 });
  return home;
}
const configOf = (home: string): string => readFileSync(join(home, '.svc', 'config.toml'), 'utf8');

describe('svc logout', () => {
  it('removes the saved key and keeps base_url and the other entries, and says the key still works', async () => {
    const home = homeWithConfig([
      `api_key = "${KEY}"`,
      'base_url = "https://scanner.example.com/api/v1"',
      'other_tool = "kept"',
    ]);
    const result = await runInProcess(['logout'], { home });
    expect(result.exitCode, result.stderr).toBe(EXIT.ok);
    expect(result.stdout).toMatch(
      /^Removed the API key from .*config\.toml\. It still works on the service until revoked/,
    );
    const config = configOf(home);
    expect(config).not.toContain(KEY);
    expect(config).toContain('base_url = "https://scanner.example.com/api/v1"');
    expect(config).toContain('other_tool = "kept"');
    const after = await runInProcess(['whoami'], { home });
    expect(after.exitCode).toBe(EXIT.config);
    expect(after.stderr).toMatch(/^svc: No API key found\. Log in with: svc login/);
  });

  it('with no saved key says so and exits 0, writing no file', async () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-account-'));
    const result = await runInProcess(['logout', '--json'], { home });
    expect(result.exitCode).toBe(EXIT.ok);
    expect(JSON.parse(result.stdout)).toMatchObject({ removed: false, svc_api_key_set: false });
    expect(existsSync(join(home, '.svc', 'config.toml'))).toBe(false);
  });

  it('says that SVC_API_KEY still gives a key', async () => {
    const home = homeWithConfig([`api_key = "${KEY}"`]);
    const result = await runInProcess(['logout'], { home, env: { SVC_API_KEY: KEY } });
    expect(result.stderr).toBe('SVC_API_KEY is still set: svc uses that key until it is unset.\n');
    expect(result.stdout).not.toContain(KEY);
  });
});

describe('svc config under the action input names', () => {
  const home = (): string =>
    homeWithConfig([`api_key = "${KEY}"`, 'base_url = "https://scanner.example.com/api/v1"']);

  it.each([
    ['api-key', 'svc_sk_uni…0001'],
    ['api_key', 'svc_sk_uni…0001'],
    ['api-url', 'https://scanner.example.com/api/v1'],
    ['base-url', 'https://scanner.example.com/api/v1'],
  ])('config get %s', async (name, shown) => {
    const result = await runInProcess(['config', 'get', name], { home: home() });
    expect(result.exitCode, result.stderr).toBe(EXIT.ok);
    expect(result.stdout).toBe(`${shown}\n`);
  });

  it('config set api-url writes base_url', async () => {
    const at = home();
    const result = await runInProcess(['config', 'set', 'api-url', 'https://other.example.com/api/v1'], {
      home: at,
    });
    expect(result.exitCode, result.stderr).toBe(EXIT.ok);
    expect(configOf(at)).toContain('base_url = "https://other.example.com/api/v1"');
  });

  it('an unknown name is a usage error with a "did you mean"', async () => {
    const result = await runInProcess(['config', 'get', 'base_ulr'], { home: home() });
    expect(result.exitCode).toBe(EXIT.usage);
    expect(result.stderr).toBe(
      "svc: Unknown config name 'base_ulr': expected one of api_key, base_url. Did you mean 'base_url'?\n",
    );
  });
});

describe('the admin key', () => {
  it.each(['keys', 'keys create', 'keys list', 'keys revoke', 'audit-logs'])(
    'svc %s --help says what an admin key is and how to use one',
    async (command) => {
      const result = await runInProcess([...command.split(' '), '--help']);
      expect(result.exitCode).toBe(EXIT.ok);
      expect(result.stdout).toContain('An admin key is an API key whose role is admin');
      expect(result.stdout).toContain('svc keys create <name> --role admin');
      expect(result.stdout).toContain('SVC_API_KEY=<admin key> svc keys list');
    },
  );
});
