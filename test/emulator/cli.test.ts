import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { parseCliArgs, UsageError } from '../../emulator/cli-args.ts';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE = join(ROOT, 'node_modules', '.bin', 'node');
const CLI = join(ROOT, 'emulator', 'cli.ts');

interface Ready {
  baseUrl: string;
  apiKey: string;
  controlUrl: string;
  origin: string;
  scenario: string;
}

const children: ChildProcess[] = [];
afterEach(() => {
  for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
});

function startCli(args: string[]): {
  child: ChildProcess;
  ready: Promise<Ready>;
  exit: Promise<number | null>;
} {
  const child = spawn(NODE, [CLI, ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  children.push(child);
  let stdout = '';
  let stderr = '';
  const exit = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const ready = new Promise<Ready>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      stdout += chunk.toString();
      const line = stdout.split('\n').find((candidate) => candidate.startsWith('{'));
      if (line) resolve(JSON.parse(line) as Ready);
    });
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.once('exit', (code) => reject(new Error(`exited ${code} before ready: ${stderr}`)));
  });
  // A test that expects an early exit never awaits `ready`; its rejection is not an error then.
  ready.catch(() => undefined);
  return { child, ready, exit };
}

describe('the CLI', () => {
  it('prints a JSON ready line, serves the API and exits 0 on SIGTERM', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'emulator-cli-'));
    try {
      const readyFile = join(directory, 'ready.json');
      const { child, ready, exit } = startCli([
        '--port',
        '0',
        '--scenario',
        'e2e',
        '--time-scale',
        '0.001',
        '--ready-file',
        readyFile,
      ]);
      const info = await ready;
      expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v1$/);
      expect(info).toMatchObject({ apiKey: 'svc_sk_e2e_member_key_0001', scenario: 'e2e' });
      expect(info.controlUrl).toBe(`${info.origin}/_emulator`);
      expect(JSON.parse(await readFile(readyFile, 'utf8'))).toEqual(info);
      const me = await fetch(`${info.baseUrl}/me`, { headers: { authorization: `Bearer ${info.apiKey}` } });
      expect(me.status).toBe(200);
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('exits 0 on SIGINT, with faults and a bench repository from flags', async () => {
    const { child, ready, exit } = startCli([
      '--port',
      '0',
      '--findings',
      '1000',
      '--seed',
      '5',
      '--latency',
      '1',
      '--jitter',
      '1',
      '--fault',
      '{"kind":"error","path":"/billing/usage","count":1,"status":502}',
    ]);
    const info = await ready;
    const headers = { authorization: `Bearer ${info.apiKey}` };
    const response = await fetch(`${info.baseUrl}/findings?scan_id=scan_bench_large&limit=1`, { headers });
    const page = (await response.json()) as { total: number };
    expect(page.total).toBe(1000);
    expect((await fetch(`${info.baseUrl}/billing/usage`, { headers })).status).toBe(502);
    const stats = (await (await fetch(`${info.controlUrl}/stats`)).json()) as { faults_injected: unknown };
    expect(stats.faults_injected).toEqual({ latency: 2, error: 1 });
    child.kill('SIGINT');
    expect(await exit).toBe(0);
  });

  it('exits 2 with the usage on a bad flag', async () => {
    const { ready, exit } = startCli(['--port', 'eighty']);
    expect(await exit).toBe(2);
    await expect(ready).rejects.toThrow(/--port must be a non-negative integer[\s\S]*Usage:/);
  });
});

describe('parseCliArgs', () => {
  it('maps flags to options', () => {
    const { options, readyFile } = parseCliArgs([
      '--port',
      '0',
      '--host',
      '::1',
      '--scenario',
      'e2e',
      '--time-scale',
      '0.5',
      '--seed',
      '9',
      '--rate-limit',
      '5',
      '--burst',
      '10',
      '--keep-alive-timeout',
      '1000',
      '--ready-file',
      '/tmp/x.json',
      '--fault',
      '[{"kind":"reset"},{"kind":"malformed"}]',
    ]);
    expect(options).toMatchObject({
      port: 0,
      host: '::1',
      scenario: 'e2e',
      timeScale: 0.5,
      seed: 9,
      rateLimit: { ratePerSecond: 5, burst: 10 },
      keepAliveTimeoutMs: 1000,
      faults: [{ kind: 'reset' }, { kind: 'malformed' }],
    });
    expect(readyFile).toBe('/tmp/x.json');
    expect(parseCliArgs(['--rate-limit', '0']).options.rateLimit).toBe(false);
    expect(parseCliArgs([]).options).toMatchObject({ port: 4010, host: '127.0.0.1', scenario: 'demo' });
  });

  it('rejects unknown flags and bad values', () => {
    for (const argv of [
      ['--nope'],
      ['--port', '-1'],
      ['--time-scale', 'fast'],
      ['--fault', '{oops'],
      ['extra'],
    ]) {
      expect(() => parseCliArgs(argv), argv.join(' ')).toThrow(UsageError);
    }
  });
});
