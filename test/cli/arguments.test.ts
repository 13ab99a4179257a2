import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildProgram } from '../../src/cli/program.ts';
import { Writer } from '../../src/cli/cli-io.ts';
import { EXIT, EXIT_CODE_MEANINGS } from '../../src/cli/exit-codes.ts';
import { runInProcess } from './support.ts';
import { SCAN_MODULES } from '../../src/cli/scan/scan-modules.ts';
import { KNOWN_MODULES } from '../../emulator/records.ts';

/** A server that counts what reaches it: usage errors must send nothing. */
let server: Server;
let requests = 0;
let env: Record<string, string>;

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    response.writeHead(500).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  env = { SVC_API_KEY: 'svc_sk_unit_key_0000000000', SVC_API_URL: `http://127.0.0.1:${port}/api/v1` };
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('the argument layer', () => {
  it.each([
    [['whoiam'], "unknown command 'whoiam'", 'Did you mean whoami?'],
    [['keys', 'lsit'], "unknown command 'lsit'", 'Did you mean list?'],
    [['repos', 'list', '--formta', 'json'], "unknown option '--formta'", 'Did you mean --format?'],
    [['scan', 'acme/app', '--fail-no', 'high'], "unknown option '--fail-no'", 'Did you mean --fail-on?'],
    [['--api-kye', 'x', 'whoami'], "unknown option '--api-kye'", 'Did you mean --api-key?'],
  ])('%j is a usage error with a suggestion', async (argv, error, suggestion) => {
    const before = requests;
    const result = await runInProcess(argv, { env });
    expect(result.exitCode).toBe(EXIT.usage);
    expect(result.stderr).toContain(error);
    expect(result.stderr).toContain(suggestion);
    expect(result.stdout).toBe('');
    expect(requests).toBe(before);
  });

  it.each([
    [['scan', 'acme/app', '--format', 'xml'], 'Allowed choices are text, json, sarif'],
    [
      ['scan', 'acme/app', '--severity-threshold', 'urgent'],
      'Allowed choices are critical, high, medium, low, info',
    ],
    [['scan', 'acme/app', '--poll-interval', '900'], '--poll-interval is invalid'],
    [
      ['scan', 'acme/app', '--wait-timeout', '5', '--poll-interval', '10'],
      "--poll-interval is invalid: got '10'; expected at most --wait-timeout (5)",
    ],
    [['scan', 'acme app'], 'The repository argument is invalid'],
    [['scan'], "missing required argument 'repository'"],
    [['keys', 'revoke'], "missing required argument 'key_id'"],
    [['keys', 'list', 'extra'], 'too many arguments'],
    [['repos', 'list', '--format', 'yaml'], 'Allowed choices are table, json, matrix'],
    [['audit-logs', '--limit', 'ten'], 'expected a whole number from 1 to 1000'],
    [['config', 'set', 'colour', 'blue'], "Unknown config name 'colour'"],
    [['login', '--api-key', 'svc_sk_on_the_command_line'], 'does not take --api-key'],
    [['keys'], 'Usage: svc keys'],
    [
      ['scan', 'acme/app', '--modules', 'sast,sats'],
      "--modules names an unknown module: 'sats'. Known modules: sast, secrets, dependencies, iac, containers, licenses. Did you mean 'sast'?",
    ],
  ])('%j exits 2 before any request: %s', async (argv, message) => {
    const before = requests;
    const result = await runInProcess(argv, { env });
    expect(result.exitCode).toBe(EXIT.usage);
    expect(result.stderr).toContain(message);
    expect(result.stderr).not.toContain('svc_sk_on_the_command_line');
    expect(requests).toBe(before);
  });

  it("knows the emulator's modules, since the spec names none", () => {
    expect([...SCAN_MODULES]).toEqual([...KNOWN_MODULES]);
  });

  it('compliance overview --help says the whole of what it shows', async () => {
    const help = await runInProcess(['compliance', 'overview', '--help']);
    expect(help.stdout.replace(/\s+/g, ' ')).toContain(
      'the overall compliance score and the score of each framework, of the whole organization or of one scan',
    );
  });

  it('global options work before and after the command', async () => {
    const before = await runInProcess(['--json', 'config', 'path']);
    const after = await runInProcess(['config', 'path', '--json']);
    expect(JSON.parse(before.stdout)).toHaveProperty('path');
    expect(JSON.parse(after.stdout)).toHaveProperty('path');
  });

  it('--help and --version exit 0 on stdout', async () => {
    const help = await runInProcess(['--help']);
    expect(help.exitCode).toBe(EXIT.ok);
    expect(help.stdout).toContain('Usage: svc');
    const version = await runInProcess(['--version']);
    expect(version.exitCode).toBe(EXIT.ok);
    expect(version.stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
  });

  it('the help is generated from the definitions: every command and flag appears in it', async () => {
    const sink = new Writer({ write: () => undefined }, new Set());
    const program = buildProgram({ out: sink, err: sink, invoke: () => Promise.resolve() });
    const commands = program.commands.flatMap((command) => [
      command,
      ...command.commands.filter((sub) => sub.name() !== 'help'),
    ]);
    for (const command of commands) {
      const path = command.parent === program ? [command.name()] : [command.parent!.name(), command.name()];
      const help = await runInProcess([...path, '--help']);
      expect(help.exitCode, path.join(' ')).toBe(EXIT.ok);
      for (const option of command.options) expect(help.stdout).toContain(option.long!);
      for (const global of ['--api-key', '--api-url', '--json']) expect(help.stdout).toContain(global);
    }
    const root = await runInProcess(['--help']);
    for (const [code, meaning] of EXIT_CODE_MEANINGS)
      expect(root.stdout).toContain(`${code}`.padEnd(3) + `  ${meaning}`);
  });

  it('a missing key is a configuration error (exit 3) with the hint to log in, before any request', async () => {
    const before = requests;
    const result = await runInProcess(['usage'], { env: { SVC_API_URL: env.SVC_API_URL! } });
    expect(result.exitCode).toBe(EXIT.config);
    expect(result.stderr).toMatch(/No API key found\. Log in with: svc login/);
    expect(requests).toBe(before);
  });

  it('a plain http URL to another host is refused (exit 3) without sending the key', async () => {
    const result = await runInProcess(['whoami', '--api-url', 'http://scanner.example/api/v1'], { env });
    expect(result.exitCode).toBe(EXIT.config);
    expect(result.stderr).toContain('plain http');
  });

  it('a failing service is exit 4, and the key in use never appears in what is written', async () => {
    const result = await runInProcess(['usage'], { env });
    expect(result.exitCode).toBe(EXIT.service);
    expect(result.stderr).toContain('(500)');
    expect(result.stderr + result.stdout).not.toContain(env.SVC_API_KEY);
  });

  it('an aborted command (Ctrl-C) exits 130', async () => {
    const controller = new AbortController();
    controller.abort(new Error('received SIGINT'));
    const result = await runInProcess(['usage'], { env, signal: controller.signal });
    expect(result.exitCode).toBe(EXIT.interrupted);
  });
});
