import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import { EXIT } from '../../src/cli/exit-codes.ts';
import { SEVERITIES, zeroCounts } from '../../src/domain/severity.ts';
import { runInProcess } from './support.ts';

/** The demo scenario's octo-org/webapp, scanned by svc from a checkout whose policy judges src/ alone. */
let emulator: Emulator;
let checkout = '';

beforeAll(async () => {
  emulator = await startEmulator({ scenario: 'demo', timeScale: 0.001, log: () => undefined });
  checkout = mkdtempSync(join(tmpdir(), 'svc-policy-'));
  mkdirSync(join(checkout, '.github'));
  writeFileSync(join(checkout, '.github', 'svc-scan.yml'), 'version: 1\npaths:\n  - "src/**"\n');
});

afterAll(() => emulator.close());

/** The scan's findings under src/ by severity, and how many lie elsewhere, from the service's own list. */
async function inAndOutOfScope(scanId: string) {
  const response = await fetch(`${emulator.baseUrl}/findings?scan_id=${scanId}&limit=100`, {
    headers: { authorization: `Bearer ${emulator.apiKey}` },
  });
  const { items } = (await response.json()) as { items: { severity: string; file_path: string }[] };
  const inScope = zeroCounts();
  for (const finding of items)
    if (finding.file_path.startsWith('src/')) inScope[finding.severity as keyof typeof inScope] += 1;
  return { inScope, outside: items.filter((finding) => !finding.file_path.startsWith('src/')).length };
}

describe('svc scan under a policy with paths', () => {
  it('counts no finding outside the paths at any severity, and its JSON says how many lie outside', async () => {
    const result = await runInProcess(
      ['scan', 'octo-org/webapp', '--severity-threshold', 'high', '--poll-interval', '1', '--json'],
      { env: { SVC_API_URL: emulator.baseUrl, SVC_API_KEY: emulator.apiKey }, cwd: checkout },
    );
    expect(result.exitCode, result.stderr).toBe(EXIT.gateFailed);
    const report = JSON.parse(result.stdout) as {
      scan: { id: string };
      counts: Record<string, number>;
      total_findings: number;
      out_of_scope: number;
      suppressed: number;
    };
    const { inScope, outside } = await inAndOutOfScope(report.scan.id);
    expect(outside).toBeGreaterThan(0);
    expect(report.counts).toEqual(inScope);
    expect(report.total_findings).toBe(SEVERITIES.reduce((sum, severity) => sum + inScope[severity], 0));
    expect(report.out_of_scope).toBe(outside);
    expect(report.suppressed).toBe(0);
  });

  it('says beside the counts what the policy left out', async () => {
    const result = await runInProcess(['scan', 'octo-org/webapp', '--poll-interval', '1'], {
      env: { SVC_API_URL: emulator.baseUrl, SVC_API_KEY: emulator.apiKey },
      cwd: checkout,
    });
    expect(result.stdout).toMatch(
      /^Risk score \d+ · \d+ findings: .* \(and \d+ outside the policy's paths, not counted\)$/m,
    );
  });
});
