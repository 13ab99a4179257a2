import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT, EXIT_CODE_MEANINGS } from '../../src/cli/exit-codes.ts';
import {
  closeServer,
  localServer,
  pipedStdin,
  placeholderArguments,
  runInProcess,
  svcCommandPaths,
} from './support.ts';

/**
 * One table of exit codes, held over every command: help is 0, a bad flag is 2 with nothing sent, no key is 3
 * with nothing sent, a refused key is 3. The service here refuses every key (401) and counts what reaches it.
 */
let server: Server;
let requests = 0;
let url = '';
/** A server that answers 404 to everything, at a URL without /api/v1: a service's root given as its URL. */
let notFound: Server;
let notFoundUrl = '';
const KEY = 'svc_sk_unit_refused_key_0001';

beforeAll(async () => {
  server = createServer((_request, response) => {
    requests += 1;
    response
      .writeHead(401, { 'content-type': 'application/json' })
      .end(JSON.stringify({ detail: 'Invalid API key' }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  ({ server: notFound, origin: notFoundUrl } = await localServer((_request, response) => {
    response
      .writeHead(404, { 'content-type': 'application/json' })
      .end(JSON.stringify({ detail: 'Not Found' }));
  }));
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await closeServer(notFound);
});

/** A whole set of one shard's roll-up, every repository passed: merged without a key (exit 0). */
const ONE_SHARD_ROLLUP = join(mkdtempSync(join(tmpdir(), 'svc-fleet-')), 'rollup-1.json');
writeFileSync(
  ONE_SHARD_ROLLUP,
  JSON.stringify({
    shard: '1/1',
    repositories: [],
    fail_on: 'high',
    stopped_by: null,
    selected: [],
    missing_shards: [],
  }),
);

/**
 * Arguments that parse for a command, where placeholders would not (an existing file, a value checked before any
 * request); commands that need no key are marked (they answer 0 or 2 without). A command not listed here gets a
 * placeholder for each required argument and mandatory flag, and needs a key.
 */
const ARGUMENTS: Record<string, { args: string[]; noKey?: number }> = {
  login: { args: ['--with-token'], noKey: EXIT.usage },
  logout: { args: [], noKey: EXIT.ok },
  'config path': { args: [], noKey: EXIT.ok },
  'config get': { args: [], noKey: EXIT.ok },
  'config set': { args: ['base_url', 'http://localhost:1/api/v1'], noKey: EXIT.ok },
  whoami: { args: [] },
  'keys create': { args: ['ci', '--role', 'viewer'] },
  'keys list': { args: [] },
  'keys revoke': { args: ['key_1'] },
  'repos list': { args: [] },
  scan: { args: ['acme/app'] },
  'scans list': { args: ['--repository', 'acme/app'] },
  'scans view': { args: ['scan_1'] },
  'scans cancel': { args: ['scan_1'] },
  'findings list': { args: ['--scan', 'scan_1'] },
  'findings view': { args: ['fnd_1'] },
  remediate: { args: ['fnd_1'] },
  'remediations view': { args: ['rem_1'] },
  'ai-analysis start': { args: ['scan_1'] },
  'ai-analysis view': { args: ['scan_1'] },
  'ai-analysis patches': { args: ['scan_1'] },
  'compliance overview': { args: [] },
  'compliance view': { args: ['owasp-top-10'] },
  'ai-security': { args: [] },
  usage: { args: [] },
  'audit-logs': { args: [] },
  completion: { args: ['bash'], noKey: EXIT.ok },
  'fleet scan': { args: ['--repositories', 'acme/*'] },
  'fleet plan': { args: ['--shards', '4'], noKey: EXIT.ok },
  'fleet merge': { args: [ONE_SHARD_ROLLUP], noKey: EXIT.ok },
};
const COMMANDS = svcCommandPaths();
const words = (name: string): string[] => name.split(' ');
const argumentsOf = (name: string): { args: string[]; noKey?: number } =>
  ARGUMENTS[name] ?? { args: placeholderArguments(name) };

describe('the exit codes of every command', () => {
  it('name only commands svc has', () => {
    const stale = Object.keys(ARGUMENTS).filter((name) => !COMMANDS.includes(name));
    expect(stale, 'ARGUMENTS of test/cli/exit-codes.test.ts names commands svc lacks: remove them').toEqual(
      [],
    );
  });

  it.each(COMMANDS)('svc %s: --help and svc help exit 0 on stdout, nothing sent', async (name) => {
    const before = requests;
    for (const argv of [
      [...words(name), '--help'],
      ['help', ...words(name)],
    ]) {
      const result = await runInProcess(argv, { env: { SVC_API_URL: url, SVC_API_KEY: KEY } });
      expect(result.exitCode, argv.join(' ')).toBe(EXIT.ok);
      expect(result.stdout).toContain(`Usage: svc ${name}`);
    }
    expect(requests).toBe(before);
  });

  it.each(COMMANDS)('svc %s: an unknown flag exits 2 with an svc: error, nothing sent', async (name) => {
    const before = requests;
    const result = await runInProcess([...words(name), ...argumentsOf(name).args, '--no-such-flag'], {
      env: { SVC_API_URL: url, SVC_API_KEY: KEY },
    });
    expect(result.exitCode).toBe(EXIT.usage);
    expect(result.stderr).toMatch(/^svc: unknown option '--no-such-flag'/);
    expect(requests).toBe(before);
  });

  it.each(COMMANDS)('svc %s: without a key exits 3 with the hint to log in, nothing sent', async (name) => {
    const before = requests;
    const { args, noKey } = argumentsOf(name);
    const result = await runInProcess([...words(name), ...args], {
      env: { SVC_API_URL: url },
      stdin: pipedStdin(''),
    });
    expect(result.exitCode, result.stderr).toBe(noKey ?? EXIT.config);
    expect(requests).toBe(before);
  });

  it.each(COMMANDS.filter((name) => argumentsOf(name).noKey === undefined))(
    'svc %s: without a key says how to log in',
    async (name) => {
      const result = await runInProcess([...words(name), ...argumentsOf(name).args], {
        env: { SVC_API_URL: url },
        stdin: pipedStdin(''),
      });
      expect(result.stderr).toMatch(/^svc: No API key found\. Log in with: svc login/);
    },
  );

  it.each(COMMANDS.filter((name) => argumentsOf(name).noKey !== EXIT.ok))(
    'svc %s: a key the service refuses (401) exits 3',
    async (name) => {
      const result = await runInProcess([...words(name), ...argumentsOf(name).args], {
        env: { SVC_API_URL: url, SVC_API_KEY: KEY },
        stdin: pipedStdin(`${KEY}\n`),
      });
      expect(result.exitCode, result.stderr).toBe(EXIT.config);
      expect(result.stderr).toMatch(/^svc: The service rejected the API key \(401\)/m);
      expect(result.stderr).not.toContain(KEY);
    },
  );

  it.each(['scans view', 'scans cancel', 'findings view', 'remediate', 'remediations view'])(
    'svc %s with the id .. exits 2, nothing sent',
    async (name) => {
      const before = requests;
      const result = await runInProcess([...words(name), '..'], {
        env: { SVC_API_URL: url, SVC_API_KEY: KEY },
      });
      expect(result.exitCode, result.stderr).toBe(EXIT.usage);
      expect(result.stderr).toContain('an id must not be empty, "." or ".."');
      expect(requests).toBe(before);
    },
  );

  it.each([
    [['help', 'scan2'], "svc: unknown command 'scan2'\n(Did you mean one of scan, scans?)"],
    [['help', 'keys', 'creat'], "svc: unknown command 'creat'\n(Did you mean create?)"],
  ])('svc %j names no command: exit 2 with a "did you mean", no help', async (argv, message) => {
    const result = await runInProcess(argv);
    expect(result.exitCode).toBe(EXIT.usage);
    expect(result.stderr).toContain(message);
    expect(result.stdout).toBe('');
  });

  it('a URL without /api/v1 that the service answers with 404 exits 3, as a configuration problem', async () => {
    const result = await runInProcess(['whoami'], {
      env: { SVC_API_URL: notFoundUrl, SVC_API_KEY: KEY },
    });
    expect(result.exitCode, result.stderr).toBe(EXIT.config);
    expect(result.stderr).toMatch(
      /answered 404 while running svc whoami, and the --api-url .* does not end in \/api\/v1/,
    );
  });

  it('svc help, svc --help and svc help scan exit 0; svc alone and svc keys show the help and exit 2', async () => {
    for (const argv of [['help'], ['--help'], ['help', 'scan']]) {
      expect((await runInProcess(argv)).exitCode, argv.join(' ')).toBe(EXIT.ok);
    }
    for (const argv of [[], ['keys']]) {
      const result = await runInProcess(argv);
      expect(result.exitCode, argv.join(' ')).toBe(EXIT.usage);
      expect(result.stderr).toContain('Usage: svc');
    }
  });
});

describe('the exit-code table', () => {
  it("is the one the help shows and docs/cli.md's", async () => {
    const help = (await runInProcess(['help'])).stdout;
    const docs = readFileSync(new URL('../../docs/cli.md', import.meta.url), 'utf8');
    const rows = Array.from(docs.matchAll(/^\| (\d+) +\| (.+?) +\|$/gm), (m) => [Number(m[1]), m[2]]);
    expect(rows).toEqual(EXIT_CODE_MEANINGS.map(([code, meaning]) => [code, meaning]));
    for (const [code, meaning] of EXIT_CODE_MEANINGS)
      expect(help).toContain(`${String(code).padEnd(3)}  ${meaning}`);
  });
});
