import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.ts';
import { runInProcess } from './support.ts';

/**
 * svc scan against a service whose answer to POST /scans carries the new scan's id but cannot be decoded: svc
 * runs the run's startScan, which keeps that id and cancels the scan. The service records every request.
 */
let server: Server;
let url = '';
const seen: { method: string; path: string; body: unknown }[] = [];

async function bodyOf(request: IncomingMessage): Promise<unknown> {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

beforeAll(async () => {
  server = createServer((request, response) => {
    void bodyOf(request).then((body) => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      seen.push({ method: request.method ?? '', path, body });
      const reply = (status: number, value: unknown): void => {
        response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(value));
      };
      if (path.endsWith('/repositories')) {
        const repository = { id: 'repo_1', full_name: 'acme/app', default_branch: 'main', project_id: null };
        reply(200, { items: [repository], total: 1, limit: 100, offset: 0 });
      } else if (request.method === 'POST' && path.endsWith('/scans')) {
        reply(201, { id: 'scan_odd', status: 42, modules: 'all of them' });
      } else if (path.endsWith('/scans/scan_odd/cancel')) {
        reply(200, { id: 'scan_odd', status: 'cancelled', modules: [] });
      } else reply(404, { detail: 'not here' });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
});

afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

describe('svc scan on the run steps', () => {
  it('sends is_incremental, keeps the id of an answer it cannot read, and cancels that scan (exit 4)', async () => {
    const result = await runInProcess(['scan', 'acme/app', '--modules', 'sast'], {
      env: { SVC_API_URL: url, SVC_API_KEY: 'svc_sk_unit_scan_run_key_01' },
    });
    expect(result.exitCode).toBe(EXIT.service);
    const create = seen.find((request) => request.method === 'POST' && request.path.endsWith('/scans'));
    expect(create?.body).toEqual({
      repository_id: 'repo_1',
      ref: 'main',
      modules: ['sast'],
      is_incremental: true,
    });
    expect(seen.map((request) => `${request.method} ${request.path}`)).toContain(
      'POST /api/v1/scans/scan_odd/cancel',
    );
    expect(result.stderr).toContain('The service started scan scan_odd but its answer could not be read');
    expect(result.stderr).toContain('Cancelled scan scan_odd on the service.');
  });
});
