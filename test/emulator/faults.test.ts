import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator, FaultSpec } from '../../emulator/index.ts';
import { control, createScan, get, KEYS, startE2e } from './helpers.ts';

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(() => emulator.close());

const FINDINGS = '/findings?scan_id=scan_e2e_vulnerable';

async function rawFetch(path: string, signal?: AbortSignal): Promise<Response> {
  return fetch(`${emulator.baseUrl}${path}`, {
    headers: { authorization: `Bearer ${KEYS.member}` },
    ...(signal ? { signal } : {}),
  });
}

describe('request-phase faults', () => {
  it('answers the next N requests to a path with a server error, then recovers', async () => {
    emulator.setFaults([{ kind: 'error', path: '/findings', count: 2, status: 503, retry_after_s: 2 }]);
    const first = await get(emulator, FINDINGS);
    expect(first.status).toBe(503);
    expect(first.body).toEqual({ error: { code: 'service_unavailable', message: expect.any(String) } });
    expect(first.headers.get('retry-after')).toBe('2');
    expect(first.headers.get('x-request-id')).toMatch(/^req_/);
    expect((await get(emulator, '/me')).status).toBe(200);
    expect((await get(emulator, FINDINGS)).status).toBe(503);
    expect((await get(emulator, FINDINGS)).status).toBe(200);
    expect(emulator.stats().faults_injected).toEqual({ error: 2 });
    expect(emulator.faults()[0]).toMatchObject({ injected: 2, remaining: 0 });
  });

  it('draws 500, 502 and 503 for a share of requests', async () => {
    emulator.setFaults([{ kind: 'error', probability: 0.5 }], { seed: 7 });
    const statuses = new Set<number>();
    for (let i = 0; i < 40; i++) statuses.add((await get(emulator, '/me')).status);
    expect(statuses).toEqual(new Set([200, 500, 502, 503]));
    const injected = emulator.stats().faults_injected.error!;
    expect(injected).toBeGreaterThan(5);
    expect(injected).toBeLessThan(35);
  });

  it('answers 429 bursts with Retry-After', async () => {
    emulator.setFaults([{ kind: 'rate_limit', count: 3, retry_after_s: 7 }]);
    for (let i = 0; i < 3; i++) {
      const response = await get(emulator, '/scans');
      expect(response.status).toBe(429);
      expect(response.headers.get('retry-after')).toBe('7');
    }
    expect((await get(emulator, '/scans')).status).toBe(200);
    expect(emulator.stats().faults_injected).toEqual({ rate_limit: 3 });
  });

  it('adds latency, counted per request', async () => {
    emulator.setFaults([{ kind: 'latency', latency_ms: 20, jitter_ms: 10, path: '/me' }]);
    expect((await get(emulator, '/me')).status).toBe(200);
    expect((await get(emulator, '/repositories')).status).toBe(200);
    expect(emulator.stats().faults_injected).toEqual({ latency: 1 });
  });

  it('resets the connection before any byte of the response', async () => {
    emulator.setFaults([{ kind: 'reset', path: '/me', count: 1 }]);
    await expect(rawFetch('/me')).rejects.toThrow('fetch failed');
    expect((await get(emulator, '/me')).status).toBe(200);
    expect(emulator.stats().faults_injected).toEqual({ reset: 1 });
  });

  it('makes the scans created while it is set never finish', async () => {
    emulator.setFaults([{ kind: 'never_finish', count: 1 }]);
    const stuck = await createScan(emulator, 'repo_clean');
    const normal = await createScan(emulator, 'repo_clean');
    emulator.advanceTime(10_000);
    expect((await get(emulator, `/scans/${stuck.id}`)).body.status).toBe('running');
    expect((await get(emulator, `/scans/${normal.id}`)).body.status).toBe('completed');
    expect(emulator.stats().faults_injected).toEqual({ never_finish: 1 });
  });

  it('changes the total between pages', async () => {
    emulator.setFaults([{ kind: 'changing_total', count: 2, total_delta: 5 }]);
    const totals: number[] = [];
    for (let i = 0; i < 3; i++)
      totals.push((await get(emulator, `${FINDINGS}&limit=2&offset=${2 * i}`)).body.total);
    expect(totals).toEqual([12, 17, 7]);
    expect((await get(emulator, '/me')).status).toBe(200);
    expect(emulator.stats().faults_injected).toEqual({ changing_total: 2 });
  });

  it('lists the scans of every repository when the filter is ignored', async () => {
    const clean = await createScan(emulator, 'repo_clean');
    const other = await createScan(emulator, 'repo_vulnerable');
    emulator.setFaults([{ kind: 'ignore_filter', path: '/scans', count: 1 }]);
    const ids = async () =>
      ((await get(emulator, '/scans?repository_id=repo_clean&limit=100')).body.items as { id: string }[]).map(
        (scan) => scan.id,
      );
    const unfiltered = await ids();
    expect(unfiltered).toEqual(expect.arrayContaining([clean.id, other.id]));
    expect(await ids()).not.toContain(other.id);
    expect(emulator.stats().faults_injected).toEqual({ ignore_filter: 1 });
  });

  it('answers a scan with the fields the spec shows alone', async () => {
    const scan = await createScan(emulator, 'repo_clean');
    emulator.setFaults([{ kind: 'bare_scans', path: '/scans/*', count: 1 }]);
    expect(Object.keys((await get(emulator, `/scans/${scan.id}`)).body as object).sort()).toEqual([
      'id',
      'modules',
      'status',
    ]);
    expect((await get(emulator, `/scans/${scan.id}`)).body).toMatchObject({ repository_id: 'repo_clean' });
  });
});

describe('body-phase faults', () => {
  it('resets the connection halfway through the body', async () => {
    emulator.setFaults([{ kind: 'reset', phase: 'during_body', path: '/findings', count: 1 }]);
    const response = await rawFetch(FINDINGS);
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow('terminated');
    expect(emulator.stats().faults_injected).toEqual({ reset: 1 });
  });

  it('cuts the body short of its Content-Length', async () => {
    emulator.setFaults([{ kind: 'truncate', path: '/findings', count: 1 }]);
    const response = await rawFetch(FINDINGS);
    expect(Number(response.headers.get('content-length'))).toBeGreaterThan(100);
    await expect(response.text()).rejects.toThrow('terminated');
    expect((await get(emulator, FINDINGS)).status).toBe(200);
    expect(emulator.stats().faults_injected).toEqual({ truncate: 1 });
  });

  it('sends malformed JSON', async () => {
    emulator.setFaults([{ kind: 'malformed', path: '/scans/{id}', count: 1 }]);
    const response = await get(emulator, '/scans/scan_e2e_vulnerable');
    expect(response.status).toBe(200);
    expect(() => JSON.parse(response.text) as unknown).toThrow(SyntaxError);
    expect(response.text.startsWith('{"id":"scan_e2e_vulnerable"')).toBe(true);
    expect(emulator.stats().faults_injected).toEqual({ malformed: 1 });
  });

  it.each<FaultSpec>([
    { kind: 'slow_body', slow_body_ms: 30_000, path: '/me', count: 1 },
    { kind: 'drip_body', drip_interval_ms: 200, path: '/me', count: 1 },
  ])('sends a body slower than the client waits ($kind), and serves on after it gave up', async (spec) => {
    emulator.setFaults([spec]);
    const response = await rawFetch('/me', AbortSignal.timeout(300));
    expect(response.status).toBe(200);
    await expect(response.text()).rejects.toThrow('aborted due to timeout');
    expect(emulator.stats().faults_injected).toEqual({ [spec.kind]: 1 });
    await new Promise((resolve) => setTimeout(resolve, 250)); // a dripped byte's turn, on a closed response
    expect((await get(emulator, '/me')).status).toBe(200);
  });

  it('sends the headers at once and then the body a byte at a time', async () => {
    const expected = (await get(emulator, '/me')).text;
    emulator.setFaults([{ kind: 'drip_body', drip_interval_ms: 2, path: '/me', count: 1 }]);
    const response = await rawFetch('/me');
    expect(response.status).toBe(200);
    expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(expected));
    const reader = response.body!.getReader();
    const chunks: Uint8Array[] = [];
    for (let read = await reader.read(); !read.done; read = await reader.read()) chunks.push(read.value);
    expect(chunks.every((chunk) => chunk.length === 1)).toBe(true);
    expect(Buffer.concat(chunks).toString('utf8')).toBe(expected);
    expect(emulator.stats().faults_injected).toEqual({ drip_body: 1 });
  });

  it('leaves bodiless responses alone', async () => {
    emulator.setFaults([{ kind: 'truncate', count: 1 }]);
    const created = await fetch(`${emulator.baseUrl}/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.admin}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'to revoke' }),
    });
    expect(emulator.stats().faults_injected).toEqual({ truncate: 1 });
    expect(created.status).toBe(201);
    await created.text().catch(() => '');
    emulator.setFaults([{ kind: 'truncate', count: 1 }]);
    const response = await fetch(`${emulator.baseUrl}/api-keys/key_e2e_viewer`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${KEYS.admin}` },
    });
    expect(response.status).toBe(204);
    expect(emulator.faults()[0]).toMatchObject({ injected: 0, remaining: 1 });
  });
});

describe('fault selection', () => {
  it('matches paths by glob, with or without the /api/v1 prefix, and by method', async () => {
    emulator.setFaults([
      { kind: 'error', path: '/scans/*', status: 500 },
      { kind: 'error', path: '/api/v1/compliance/**', status: 502 },
      { kind: 'error', path: '/repositories', method: 'POST', status: 503 },
    ]);
    expect((await get(emulator, '/scans/scan_e2e_vulnerable')).status).toBe(500);
    expect((await get(emulator, '/scans/scan_e2e_vulnerable/report')).status).toBe(200);
    expect((await get(emulator, '/compliance/soc2')).status).toBe(502);
    expect((await get(emulator, '/repositories')).status).toBe(200);
  });

  it('spends a handler-altering fault only on requests that reach the handler', async () => {
    emulator.setFaults([
      { kind: 'changing_total', count: 1, total_delta: 100 },
      { kind: 'error', count: 1, status: 502 },
    ]);
    expect((await get(emulator, FINDINGS)).status).toBe(502);
    expect((await get(emulator, FINDINGS)).body.total).toBe(107);
    expect(emulator.stats().faults_injected).toEqual({ error: 1, changing_total: 1 });
  });

  it('replays the same faults for the same seed', async () => {
    const specs: FaultSpec[] = [
      { kind: 'error', probability: 0.3 },
      { kind: 'latency', jitter_ms: 2 },
    ];
    const run = async (seed: number): Promise<number[]> => {
      emulator.setFaults(specs, { seed });
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await get(emulator, '/me')).status);
      return statuses;
    };
    const first = await run(42);
    expect(await run(42)).toEqual(first);
    expect(await run(43)).not.toEqual(first);

    const other = await startE2e({ seed: 42, faults: specs });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 30; i++) statuses.push((await get(other, '/me')).status);
      expect(statuses).toEqual(first);
    } finally {
      await other.close();
    }
  });
});

describe('the faults control endpoint', () => {
  it('adds, lists and clears faults over HTTP', async () => {
    const added = await control(emulator, 'POST', '/faults', {
      faults: [{ kind: 'error', path: '/findings', count: 2, status: 503 }],
      seed: 9,
    });
    expect(added.status).toBe(200);
    expect(added.body.seed).toBe(9);
    expect(added.body.faults[0]).toMatchObject({
      kind: 'error',
      path: '/findings',
      remaining: 2,
      injected: 0,
    });
    await control(emulator, 'POST', '/faults', { kind: 'latency', latency_ms: 1 });
    expect((await control(emulator, 'GET', '/faults')).body.faults).toHaveLength(2);
    expect((await get(emulator, FINDINGS)).status).toBe(503);
    expect((await control(emulator, 'GET', '/stats')).body.faults_injected).toEqual({ error: 1, latency: 1 });
    expect((await control(emulator, 'DELETE', '/faults')).status).toBe(204);
    expect((await get(emulator, FINDINGS)).status).toBe(200);
  });

  it('rejects invalid fault specs with 422 and adds none of them', async () => {
    for (const body of [
      { kind: 'gremlins' },
      { kind: 'error', status: 404 },
      { kind: 'error', count: -1 },
      { kind: 'error', probability: 2 },
      { kind: 'error', colour: 'red' },
      { kind: 'drip_body', drip_interval_ms: -1 },
      [{ kind: 'error' }, { kind: 'reset', phase: 'sometimes' }],
    ]) {
      const response = await control(emulator, 'POST', '/faults', body);
      expect(response.status, JSON.stringify(body)).toBe(422);
      expect(response.body.error.code).toBe('validation_error');
    }
    expect(emulator.faults()).toEqual([]);
    expect(() => emulator.setFaults([{ kind: 'error', status: 200 }])).toThrow(RangeError);
  });
});
