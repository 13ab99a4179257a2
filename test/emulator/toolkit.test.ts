import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BODY_LIMIT_BYTES } from '../../emulator-kit/body.ts';
import { startGitHubEmulator } from '../../github-emulator/index.ts';
import { startEmulator } from '../../emulator/index.ts';

/**
 * The two emulators stand on one toolkit (emulator-kit/): the same body limit and JSON errors, the same control
 * endpoint behaviour, the same launcher and ready line, the same close(). Each case runs against both.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const NODE = join(ROOT, 'node_modules', '.bin', 'node');

interface Running {
  readonly baseUrl: string;
  readonly controlUrl: string;
  readonly origin: string;
  close(): Promise<void>;
}

interface Subject {
  readonly name: string;
  readonly cli: string;
  readonly credential: 'apiKey' | 'token';
  start(): Promise<Running & { readonly secret: string }>;
  /** A request to an API route that reads a body, with the credential. */
  readonly bodyRoute: { readonly method: string; readonly path: string };
  /** A control route taking GET only, and one refusing a value with 422. */
  readonly getOnly: string;
  readonly refused: { readonly path: string; readonly body: unknown };
  /** Where the emulator's error message sits in its error body. */
  messageOf(body: unknown): unknown;
}

const SUBJECTS: Subject[] = [
  {
    name: 'service emulator',
    cli: 'emulator/cli.ts',
    credential: 'apiKey',
    start: async () => {
      const emulator = await startEmulator({ scenario: 'e2e', timeScale: 0, log: () => undefined });
      return Object.assign(emulator, { secret: emulator.apiKey });
    },
    bodyRoute: { method: 'POST', path: '/scans' },
    getOnly: '/health',
    refused: { path: '/clock', body: { time_scale: -1 } },
    messageOf: (body) => (body as { error: { message: unknown } }).error.message,
  },
  {
    name: 'GitHub emulator',
    cli: 'github-emulator/cli.ts',
    credential: 'token',
    start: async () => {
      const github = await startGitHubEmulator({ log: () => undefined });
      return Object.assign(github, { secret: github.token });
    },
    bodyRoute: { method: 'POST', path: '/repos/octo-org/webapp/check-runs' },
    getOnly: '/health',
    refused: { path: '/token', body: { mode: 'root' } },
    messageOf: (body) => (body as { message: unknown }).message,
  },
];

describe.each(SUBJECTS)('the $name on the shared toolkit', (subject) => {
  let running: Running & { readonly secret: string };
  beforeAll(async () => {
    running = await subject.start();
  });
  afterAll(() => running.close());

  const control = (method: string, path: string, body?: string): Promise<Response> =>
    fetch(`${running.controlUrl}${path}`, { method, ...(body === undefined ? {} : { body }) });

  it('says where it listens in one shape', () => {
    expect(running.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(running.baseUrl.startsWith(running.origin)).toBe(true);
    expect(running.controlUrl).toBe(`${running.origin}/_emulator`);
  });

  it('answers an unknown control path 404 in JSON', async () => {
    const response = await control('GET', '/no-such-thing');
    expect(response.status).toBe(404);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(subject.messageOf(await response.json())).toMatch(/GET \/_emulator\/no-such-thing/);
  });

  it('answers another method 405 with Allow', async () => {
    const response = await control('DELETE', subject.getOnly);
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(subject.messageOf(await response.json())).toMatch(/DELETE is not allowed/);
  });

  it('answers a body that is not JSON 400, and a refused value 422', async () => {
    const notJson = await control('POST', subject.refused.path, '{"oops"');
    expect(notJson.status).toBe(400);
    expect(subject.messageOf(await notJson.json())).toMatch(/not valid JSON/);
    const refused = await control('POST', subject.refused.path, JSON.stringify(subject.refused.body));
    expect(refused.status).toBe(422);
    expect(subject.messageOf(await refused.json())).toEqual(expect.any(String));
  });

  it(`answers a body over ${BODY_LIMIT_BYTES} bytes 413 in JSON, not 500, and one at the limit is read`, async () => {
    const send = (bytes: number): Promise<Response> =>
      fetch(`${running.baseUrl}${subject.bodyRoute.path}`, {
        method: subject.bodyRoute.method,
        headers: { authorization: `Bearer ${running.secret}`, 'content-type': 'application/json' },
        body: `"${'x'.repeat(bytes - 2)}"`,
      });
    const over = await send(BODY_LIMIT_BYTES + 1);
    expect(over.status).toBe(413);
    expect(subject.messageOf(await over.json())).toMatch(/exceeds 16777216 bytes/);
    const atLimit = await send(BODY_LIMIT_BYTES);
    expect([400, 422]).toContain(atLimit.status);
  });

  it('closes with one close(), the same promise every time, and refuses connections after', async () => {
    const other = await subject.start();
    const first = other.close();
    expect(other.close()).toBe(first);
    await first;
    await expect(fetch(`${other.controlUrl}/health`)).rejects.toThrow('fetch failed');
  });
});

describe.each(SUBJECTS)('the launcher of the $name', (subject) => {
  it('takes --port, --host and --ready-file, prints one ready-line shape, and exits 0 on SIGTERM', async () => {
    const directory = await mkdtemp(join(tmpdir(), 'emulator-kit-'));
    try {
      const readyFile = join(directory, 'ready.json');
      const child = spawn(
        NODE,
        [subject.cli, '--port', '0', '--host', '127.0.0.1', '--ready-file', readyFile],
        {
          cwd: ROOT,
          stdio: ['ignore', 'pipe', 'inherit'],
        },
      );
      const exited = once(child, 'exit');
      const line = await firstJsonLine(child.stdout);
      const ready = JSON.parse(line) as Record<string, unknown>;

      expect(Object.keys(ready).slice(0, 5)).toEqual([
        'baseUrl',
        subject.credential,
        'controlUrl',
        'origin',
        'pid',
      ]);
      expect(ready).toMatchObject({ controlUrl: `${String(ready.origin)}/_emulator`, pid: child.pid });
      expect(await readFile(readyFile, 'utf8')).toBe(`${line}\n`);
      expect((await fetch(`${String(ready.controlUrl)}/health`)).status).toBe(200);
      child.kill('SIGTERM');
      expect(await exited).toEqual([0, null]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  });

  it('shows the shared flags with --help and exits 0', async () => {
    const child = spawn(NODE, [subject.cli, '--help'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] });
    const exited = once(child, 'exit');
    let usage = '';
    child.stdout.on('data', (chunk: Buffer) => (usage += chunk.toString()));
    expect(await exited).toEqual([0, null]);
    for (const flag of ['--port N', '--host HOST', '--ready-file PATH', '--help'])
      expect(usage).toContain(flag);
    expect(usage).toContain(`{"baseUrl","${subject.credential}","controlUrl","origin","pid"`);
  });
});

function firstJsonLine(stream: NodeJS.ReadableStream): Promise<string> {
  return new Promise((resolve, reject) => {
    let out = '';
    stream.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const line = out
        .split('\n')
        .find((candidate, index, all) => candidate.startsWith('{') && index < all.length - 1);
      if (line !== undefined) resolve(line);
    });
    stream.once('end', () => reject(new Error(`no ready line in: ${out}`)));
  });
}
