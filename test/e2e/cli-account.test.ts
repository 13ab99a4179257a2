import { chmodSync, existsSync, mkdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'smol-toml';
import { describe, expect, it } from 'vitest';
import { runSvc, temporaryHome, type SvcResult } from './cli-support.ts';
import { KEYS, useEmulator } from './support.ts';

const emulator = useEmulator();

const configFile = (home: string): string => join(home, '.svc', 'config.toml');
const modeOf = (path: string): number => statSync(path).mode & 0o777;
const written = (result: SvcResult): string => result.stdout + result.stderr;

/** Logs in with the key through stdin, as a script would. */
function login(home: string, key: string, extra: string[] = []): Promise<SvcResult> {
  return runSvc(['login', '--with-token', '--api-url', emulator.current.baseUrl, ...extra], {
    home,
    stdin: `${key}\n`,
  });
}

describe('svc login and config', () => {
  it('checks the key, writes a 0600 config file, and the next command uses it', async () => {
    const home = temporaryHome();
    const result = await login(home, KEYS.admin);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('Logged in as alice@acme.example (admin) to Acme Corp (org_acme)');
    expect(written(result)).not.toContain(KEYS.admin);
    expect(modeOf(configFile(home))).toBe(0o600);
    expect(modeOf(join(home, '.svc'))).toBe(0o700);
    expect(parse(readFileSync(configFile(home), 'utf8'))).toEqual({
      api_key: KEYS.admin,
      base_url: emulator.current.baseUrl,
    });

    const whoami = await runSvc(['whoami', '--json'], { home });
    expect(whoami.exitCode).toBe(0);
    expect(JSON.parse(whoami.stdout)).toMatchObject({ email: 'alice@acme.example', role: 'admin' });
    expect(emulator.current.stats().requests['GET /api/v1/me']).toBe(2);
  });

  it('tightens an existing config file that others could read, and keeps its other entries', async () => {
    const home = temporaryHome();
    mkdirSync(join(home, '.svc'));
    writeFileSync(configFile(home), 'api_key = "svc_sk_old"\nother_tool = "kept"\n');
    chmodSync(configFile(home), 0o644);
    const result = await login(home, KEYS.member);
    expect(result.exitCode).toBe(0);
    expect(result.stderr).toContain('The config file was mode 0644; it is now 0600.');
    expect(modeOf(configFile(home))).toBe(0o600);
    expect(parse(readFileSync(configFile(home), 'utf8'))).toMatchObject({
      api_key: KEYS.member,
      other_tool: 'kept',
    });
  });

  it('writes nothing when the service rejects the key (exit 3)', async () => {
    const home = temporaryHome();
    const result = await login(home, KEYS.revoked);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('rejected the API key (401)');
    expect(written(result)).not.toContain(KEYS.revoked);
    expect(existsSync(configFile(home))).toBe(false);
  });

  it('refuses to ask for a key when stdin is not a terminal, and --api-key on login (exit 2)', async () => {
    const home = temporaryHome();
    const piped = await runSvc(['login', '--api-url', emulator.current.baseUrl], { home });
    expect(piped.exitCode).toBe(2);
    expect(piped.stderr).toContain('--with-token');
    const onCommandLine = await runSvc(['login', '--api-key', KEYS.member], { home });
    expect(onCommandLine.exitCode).toBe(2);
    expect(written(onCommandLine)).not.toContain(KEYS.member);
    expect(emulator.current.stats().requests_total).toBe(0);
  });

  it('config get shows the key masked, config path and set work on the same file', async () => {
    const home = temporaryHome();
    await login(home, KEYS.member);
    const all = await runSvc(['config', 'get'], { home });
    expect(all.exitCode).toBe(0);
    expect(all.stdout).toContain(`base_url = ${emulator.current.baseUrl}`);
    expect(all.stdout).toMatch(/api_key = svc_sk_e…0001/);
    expect(all.stdout).not.toContain(KEYS.member);
    const json = await runSvc(['--json', 'config', 'get'], { home });
    expect(JSON.parse(json.stdout)).toEqual({ api_key: 'svc_sk_e…0001', base_url: emulator.current.baseUrl });
    const path = await runSvc(['config', 'path'], { home });
    expect(path.stdout.trim()).toBe(configFile(home));

    const set = await runSvc(['config', 'set', 'base_url', 'http://localhost:1/api/v1'], { home });
    expect(set.exitCode).toBe(0);
    const one = await runSvc(['config', 'get', 'base_url'], { home });
    expect(one.stdout.trim()).toBe('http://localhost:1/api/v1');
    expect(modeOf(configFile(home))).toBe(0o600);
  });

  it('config set refuses a plain http URL to another host and a value that is not a key (exit 2)', async () => {
    const home = temporaryHome();
    const url = await runSvc(['config', 'set', 'base_url', 'http://scanner.example/api/v1'], { home });
    expect(url.exitCode).toBe(2);
    expect(url.stderr).toContain('plain http');
    const key = await runSvc(['config', 'set', 'api_key', 'not a key'], { home });
    expect(key.exitCode).toBe(2);
    expect(existsSync(configFile(home))).toBe(false);
  });

  it('says how to log in when there is no key (exit 3), before any request', async () => {
    const result = await runSvc(['whoami'], { home: temporaryHome() });
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toContain('svc login');
    expect(emulator.current.stats().requests_total).toBe(0);
  });
});

describe('svc keys', () => {
  it('creates a key shown once, lists it masked, revokes it, and the revoked key gets 401 (exit 3)', async () => {
    const home = temporaryHome();
    await login(home, KEYS.admin);
    const created = await runSvc(['keys', 'create', 'ci'], { home });
    expect(created.exitCode).toBe(0);
    const token = created.stdout.trim();
    expect(token).toMatch(/^svc_sk_\S+$/);
    expect(created.stderr).toContain('cannot be shown again');
    expect(created.stderr).not.toContain(token);

    const listed = await runSvc(['keys', 'list', '--json'], { home });
    const keys = JSON.parse(listed.stdout) as {
      id: string;
      name: string;
      role: string;
      is_active: boolean;
    }[];
    const mine = keys.find((key) => key.name === 'ci');
    expect(mine).toMatchObject({ role: 'member', is_active: true });
    const table = await runSvc(['keys', 'list'], { home });
    expect(table.stdout).toMatch(
      new RegExp(`${mine!.id}\\s+ci\\s+member\\s+${token.slice(0, 12)}…${token.slice(-4)}\\s+yes`),
    );
    expect(written(listed) + written(table)).not.toContain(token);

    const works = await runSvc(['whoami'], { home, env: { SVC_API_KEY: token } });
    expect(works.exitCode).toBe(0);
    const revoked = await runSvc(['keys', 'revoke', mine!.id], { home });
    expect(revoked.exitCode).toBe(0);
    // The logged-in admin key is not the one revoked: no warning.
    expect(revoked.stderr).toBe('');
    const after = await runSvc(['keys', 'list', '--json'], { home });
    expect((JSON.parse(after.stdout) as typeof keys).find((key) => key.id === mine!.id)?.is_active).toBe(
      false,
    );

    const rejected = await runSvc(['whoami'], { home, env: { SVC_API_KEY: token } });
    expect(rejected.exitCode).toBe(3);
    expect(rejected.stderr).toContain('(401)');
    expect(written(rejected)).not.toContain(token);
  });

  it('revokes the key it is using with a warning that every command now fails until another key is given', async () => {
    const env = { SVC_API_KEY: KEYS.admin, SVC_API_URL: emulator.current.baseUrl };
    const home = temporaryHome();
    const created = await runSvc(['--json', 'keys', 'create', 'self', '--role', 'admin'], { home, env });
    const { id, token } = JSON.parse(created.stdout) as { id: string; token: string };
    const revoked = await runSvc(['keys', 'revoke', id], { home, env: { ...env, SVC_API_KEY: token } });
    expect(revoked.exitCode).toBe(0);
    expect(revoked.stdout).toContain(`Revoked key ${id}`);
    expect(revoked.stderr).toContain(`warning: ${id} is the key svc itself was using`);
    expect(revoked.stderr).not.toContain(token);
  });

  it('creates a viewer key with --role viewer, the role keys list shows', async () => {
    const env = { SVC_API_KEY: KEYS.admin, SVC_API_URL: emulator.current.baseUrl };
    const created = await runSvc(['--json', 'keys', 'create', 'dashboards', '--role', 'viewer'], {
      home: temporaryHome(),
      env,
    });
    expect(created.exitCode).toBe(0);
    expect(JSON.parse(created.stdout)).toMatchObject({ name: 'dashboards', role: 'viewer' });
  });

  it('creates an admin key with --role admin; a member key may not manage keys (403, exit 3)', async () => {
    const home = temporaryHome();
    const admin = await runSvc(['--json', 'keys', 'create', 'ops', '--role', 'admin'], {
      home,
      env: { SVC_API_KEY: KEYS.admin, SVC_API_URL: emulator.current.baseUrl },
    });
    expect(JSON.parse(admin.stdout)).toMatchObject({
      name: 'ops',
      role: 'admin',
      token: expect.stringMatching(/^svc_sk_/),
    });
    const member = await runSvc(['keys', 'list'], {
      home,
      env: { SVC_API_KEY: KEYS.member, SVC_API_URL: emulator.current.baseUrl },
    });
    expect(member.exitCode).toBe(3);
    expect(member.stderr).toContain('(403)');
  });
});

describe('svc usage, audit-logs and whoami', () => {
  it('shows the remaining credits and the audit log, filtered', async () => {
    const env = { SVC_API_KEY: KEYS.admin, SVC_API_URL: emulator.current.baseUrl };
    const home = temporaryHome();
    const usage = await runSvc(['usage'], { home, env });
    expect(usage.stdout).toMatch(/^Remaining credits: \d+\n$/);
    const usageJson = await runSvc(['usage', '--json'], { home, env });
    expect(JSON.parse(usageJson.stdout)).toMatchObject({ remaining_credits: expect.any(Number) });

    await runSvc(['keys', 'create', 'audited'], { home, env });
    const logs = await runSvc(['audit-logs', '--json', '--action', 'api_key.created', '--limit', '5'], {
      home,
      env,
    });
    const entries = JSON.parse(logs.stdout) as { action: string }[];
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.length).toBeLessThanOrEqual(5);
    expect(entries.every((entry) => entry.action === 'api_key.created')).toBe(true);
    // The log stops at --limit (20 by default) and says so.
    await runSvc(['keys', 'create', 'audited-too'], { home, env });
    const cut = await runSvc(['audit-logs', '--action', 'api_key.created', '--limit', '1'], { home, env });
    expect(cut.stdout.trim().split('\n')).toHaveLength(2);
    expect(cut.stderr).toMatch(/^Showing 1 of \d+ audit log entries; --limit \d+ shows them all\.\n$/);
  });
});

describe('usage errors', () => {
  it('exit 2 with a suggestion, and send nothing', async () => {
    const home = temporaryHome();
    const env = { SVC_API_KEY: KEYS.member, SVC_API_URL: emulator.current.baseUrl };
    const cases: [string[], string][] = [
      [['kyes', 'list'], 'Did you mean keys?'],
      [['keys', 'craete', 'ci'], 'Did you mean create?'],
      [['repos', 'list', '--fromat', 'matrix'], 'Did you mean --format?'],
      [['keys', 'create', 'ci', '--role', 'owner'], 'Allowed choices are viewer, member, admin'],
      [['scan', 'acme/clean-service', '--fail-on', 'severe'], 'Allowed choices are critical'],
      [['scan', 'acme/clean-service', '--wait-timeout', 'soon'], '--wait-timeout is invalid'],
      [['scan', 'not-a-repository'], 'The repository argument is invalid'],
      [['audit-logs', '--limit', '0'], 'expected a whole number'],
      [['config', 'get', 'token'], "Unknown config name 'token'"],
      [[], 'Usage: svc'],
    ];
    for (const [args, message] of cases) {
      const result = await runSvc(args, { home, env });
      expect(result.exitCode, args.join(' ')).toBe(2);
      expect(result.stderr, args.join(' ')).toContain(message);
    }
    expect(emulator.current.stats().requests_total).toBe(0);
  });

  it('--help and --version exit 0; help lists every command and the exit codes', async () => {
    const home = temporaryHome();
    const help = await runSvc(['--help'], { home });
    expect(help.exitCode).toBe(0);
    for (const command of ['login', 'config', 'whoami', 'keys', 'repos', 'scan', 'usage', 'audit-logs']) {
      expect(help.stdout).toMatch(new RegExp(`^  ${command}\\b`, 'm'));
    }
    expect(help.stdout).toMatch(/^ {2}130 +interrupted/m);
    const scanHelp = await runSvc(['scan', '--help'], { home });
    expect(scanHelp.stdout).toContain('--fail-on <severity>');
    expect(scanHelp.stdout).toContain('--api-key <key>');
    const version = await runSvc(['--version'], { home });
    const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as {
      version: string;
    };
    expect(version.stdout.trim()).toBe(pkg.version);
  });
});
