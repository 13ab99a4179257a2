import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { call, control, get, KEYS, post, startE2e } from './helpers.ts';

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(() => emulator.close());

const ENDPOINTS: readonly [string, string, unknown?][] = [
  ['GET', '/me'],
  ['POST', '/scans', { repository_id: 'repo_clean' }],
  ['GET', '/scans'],
  ['GET', '/scans/scan_e2e_vulnerable'],
  ['GET', '/scans/scan_e2e_vulnerable/report'],
  ['POST', '/scans/scan_e2e_vulnerable/cancel'],
  ['POST', '/scans/scan_e2e_vulnerable/ai-analysis'],
  ['GET', '/scans/scan_e2e_vulnerable/ai-analysis'],
  ['GET', '/findings'],
  ['GET', '/compliance/overview'],
  ['GET', '/compliance/soc2'],
  ['GET', '/ai-security/overview'],
  ['GET', '/audit-logs'],
  ['GET', '/repositories'],
  ['POST', '/api-keys', { name: 'http test' }],
  ['GET', '/api-keys'],
  ['GET', '/billing/usage'],
];

describe('HTTP behaviour', () => {
  it('answers every endpoint of the spec with a distinct x-request-id', async () => {
    const ids = new Set<string>();
    for (const [method, path, body] of ENDPOINTS) {
      const response = await call(emulator, method, path, { key: KEYS.admin, ...(body ? { body } : {}) });
      expect(response.status, `${method} ${path}`).toBeLessThan(300);
      expect(response.headers.get('content-type')).toMatch(/^application\/json/);
      const id = response.headers.get('x-request-id');
      expect(id).toMatch(/^req_[0-9a-f]{32}$/);
      ids.add(id!);
    }
    expect(ids.size).toBe(ENDPOINTS.length);
  });

  it('sets x-request-id on errors and on the control endpoint too', async () => {
    for (const response of [
      await get(emulator, '/me', { key: null }),
      await get(emulator, '/nope'),
      await control(emulator, 'GET', '/health'),
    ]) {
      expect(response.headers.get('x-request-id')).toMatch(/^req_/);
    }
  });

  it('answers unknown routes with 404 in the error shape', async () => {
    for (const path of ['/nope', '/scans/scan_e2e_vulnerable/findings', '/scans/', '/api/v2/me']) {
      const url = path.startsWith('/api/') ? `${emulator.origin}${path}` : path;
      const response = await get(emulator, url);
      expect(response.status, path).toBe(404);
      expect(response.body).toEqual({
        error: { code: 'not_found', message: expect.stringContaining('No route') },
      });
    }
  });

  it('answers a wrong method with 405 and the allowed methods', async () => {
    const response = await call(emulator, 'PUT', '/scans/scan_e2e_vulnerable');
    expect(response.status).toBe(405);
    expect(response.headers.get('allow')).toBe('GET');
    expect(response.body.error.code).toBe('method_not_allowed');
    const keys = await call(emulator, 'PATCH', '/api-keys');
    expect(keys.headers.get('allow')).toBe('POST, GET');
  });

  it('answers 400 for a body that is not JSON, on any endpoint that takes a body', async () => {
    const response = await post(emulator, '/api-keys', { key: KEYS.admin, rawBody: 'name=x' });
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('invalid_json');
  });

  it('keeps connections alive', async () => {
    const response = await fetch(`${emulator.baseUrl}/me`, {
      headers: { authorization: `Bearer ${KEYS.member}` },
    });
    await response.text();
    expect(response.headers.get('connection')).toBe('keep-alive');
    expect(response.headers.get('keep-alive')).toMatch(/timeout=\d+/);
  });

  it('decodes path segments', async () => {
    expect((await get(emulator, '/compliance/owasp%2Dtop%2D10')).status).toBe(200);
    expect((await get(emulator, '/scans/%E0%A4%A')).status).toBe(404);
  });
});
