import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { startForwardProxy, type ForwardProxy } from '../support/forward-proxy.ts';
import { runMainAgainst, startFastE2e } from '../support/in-process-action.ts';
import { KEYS } from './support.ts';

/**
 * One reading of the findings feeds every reporter: with `sarif-file`, the run reads each page of findings once,
 * and the SARIF file is written from the pages it read, not from a second walk of the list. Every request goes
 * through a forward proxy that records it, so each page asked for can be counted.
 */
const REPOSITORY = 'acme/large-monorepo';
let service: Emulator;
let proxy: ForwardProxy;
const saved = { HTTP_PROXY: process.env.HTTP_PROXY, NO_PROXY: process.env.NO_PROXY };

beforeEach(async () => {
  [service, proxy] = await Promise.all([startFastE2e(), startForwardProxy()]);
  process.env.HTTP_PROXY = proxy.url;
  process.env.NO_PROXY = '';
});
afterEach(async () => {
  process.env.HTTP_PROXY = saved.HTTP_PROXY;
  process.env.NO_PROXY = saved.NO_PROXY;
  if (saved.HTTP_PROXY === undefined) delete process.env.HTTP_PROXY;
  if (saved.NO_PROXY === undefined) delete process.env.NO_PROXY;
  await Promise.all([service.stop(), proxy.close()]);
});

/** Each page of findings the run asked for, by its scan, severity and offset. */
function findingPagesAsked(): string[] {
  return proxy.relayed
    .filter((request) => request.path.startsWith('/api/v1/findings?'))
    .map((request) => {
      const query = new URL(request.path, 'http://service').searchParams;
      return `${query.get('scan_id') ?? ''} ${query.get('severity') ?? ''} ${query.get('offset') ?? '0'}`;
    });
}

it('reads each page of findings once for the gate, the reporters and the SARIF file', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-reading-')), 'svc.sarif');
  const { toolkit } = await runMainAgainst(
    service,
    {
      'api-key': KEYS.member,
      repository: REPOSITORY,
      'severity-threshold': 'low',
      'fail-on': 'none',
      'page-size': '20',
      'sarif-file': path,
    },
    { env: { GITHUB_REPOSITORY: REPOSITORY } },
  );
  expect(toolkit.outputs.result).toBe('passed');
  const log = JSON.parse(readFileSync(path, 'utf8')) as { runs: { results: unknown[] }[] };
  const reported = ['critical', 'high', 'medium', 'low'].reduce(
    (sum, severity) => sum + Number(toolkit.outputs[`findings-${severity}`]),
    0,
  );
  expect(log.runs[0]?.results).toHaveLength(reported);
  const pages = findingPagesAsked();
  // Every finding at or above low, 20 a page, plus the one-item count of info: more than one page each.
  expect(pages.length).toBeGreaterThan(reported / 20);
  expect(pages.length).toBe(new Set(pages).size);
});
