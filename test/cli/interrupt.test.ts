import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.ts';
import { closeServer, localServer, runInProcess } from './support.ts';

/** A service whose scans never end: svc waits until the test presses Ctrl-C, then cancels the scan it started. */
let server: Server;
let url = '';
let created: () => void = () => undefined;

beforeAll(async () => {
  ({ server, origin: url } = await localServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    const reply = (status: number, value: unknown): void => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
    };
    const scan = (status: string) => ({ id: 'scan_1', status, modules: [{ name: 'sast', status }] });
    if (path === '/api/v1/repositories') {
      const items = [{ id: 'repo_1', full_name: 'acme/app', default_branch: 'main', project_id: null }];
      reply(200, { items, total: 1, limit: 100, offset: 0 });
    } else if (request.method === 'POST' && path === '/api/v1/scans') {
      reply(201, scan('queued'));
      created();
    } else if (path === '/api/v1/scans') reply(200, { items: [], total: 0, limit: 100, offset: 0 });
    else if (path === '/api/v1/scans/scan_1/cancel') reply(200, scan('cancelled'));
    else if (path === '/api/v1/scans/scan_1') reply(200, scan('running'));
    else reply(404, { detail: 'not in this test' });
  }));
  url = `${url}/api/v1`;
});

afterAll(() => closeServer(server));

/** svc with Ctrl-C pressed once its scan was created. */
async function interrupted(args: string[]) {
  const controller = new AbortController();
  created = () => {
    setTimeout(() => {
      controller.abort(new Error('received SIGINT'));
    }, 20);
  };
  return runInProcess(args, {
    env: { SVC_API_URL: url, SVC_API_KEY: 'svc_sk_unit_interrupt_0001' },
    signal: controller.signal,
  });
}

describe('Ctrl-C in a shell', () => {
  it('svc fleet scan says Interrupted, never a cancelled workflow (exit 130)', async () => {
    const result = await interrupted(['fleet', 'scan', '--poll-interval', '1']);
    expect(result.exitCode).toBe(EXIT.interrupted);
    expect(result.stdout).toMatch(/Interrupted after [\d.]+s; scan scan_1 was cancelled on the service\./);
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/workflow/i);
  });

  it('svc scan says Interrupted, never a cancelled workflow (exit 130)', async () => {
    const result = await interrupted(['scan', 'acme/app', '--poll-interval', '1']);
    expect(result.exitCode).toBe(EXIT.interrupted);
    expect(result.stderr).toContain('Interrupted');
    expect(`${result.stdout}${result.stderr}`).not.toMatch(/workflow/i);
  });
});
