import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Repository } from '../../src/client/index.ts';
import { runFleet } from '../../src/fleet/run-fleet.ts';
import { FLEET_OPTIONS, fleetHarness, fleetEmulatorPerTest, type FleetHarness } from './fleet-support.ts';

const startFleetEmulator = fleetEmulatorPerTest();

/** fleet/webapp has a critical finding; fleet/api-gateway is clean. */
const ORGANIZATION = [
  { name: 'fleet/webapp', findings: ['critical' as const], durationSeconds: 10 },
  { name: 'fleet/api-gateway', durationSeconds: 10 },
];

/** A ledger written by hand: it says `repository`'s scan, of this run, is `scanId`. */
function handWrittenLedger(repository: Repository, scanId: string): string {
  const path = join(mkdtempSync(join(tmpdir(), 'fleet-trust-')), 'ledger.jsonl');
  const line = (event: object) => JSON.stringify({ ...event, at: '2026-11-28T01:00:00Z' });
  writeFileSync(
    path,
    [
      line({ event: 'starting', repository_id: repository.id, repository: repository.full_name, listed: [] }),
      line({ event: 'started', repository_id: repository.id, scan_id: scanId }),
    ].join('\n'),
  );
  return path;
}

/** Tonight's completed scan of the clean repository, as an earlier (honest) run left it. */
async function cleanScanOf(harness: FleetHarness, repositories: Repository[]): Promise<string> {
  const clean = repositories.filter((repository) => repository.full_name === 'fleet/api-gateway');
  const [outcome] = (await runFleet(clean, FLEET_OPTIONS, harness.io)).outcomes;
  expect(outcome).toMatchObject({ gate: 'passed' });
  return outcome?.scan_id ?? '';
}

describe("a fleet's pass is its own repository's scan", () => {
  it("never judges a repository by another repository's scan that a hand-written ledger names", async () => {
    const emulator = await startFleetEmulator(ORGANIZATION);
    const harness = fleetHarness(emulator);
    const repositories = await harness.repositories();
    const webapp = repositories.find((repository) => repository.full_name === 'fleet/webapp') as Repository;
    const borrowed = await cleanScanOf(harness, repositories);
    const created = emulator.stats().scans_created;
    const result = await runFleet(
      [webapp],
      { ...FLEET_OPTIONS, ledgerPath: handWrittenLedger(webapp, borrowed) },
      harness.io,
    );
    const [outcome] = result.outcomes;
    expect(outcome?.gate).toBeNull();
    expect(outcome?.error).toContain(
      `records scan ${borrowed} for fleet/webapp, but the service does not list it`,
    );
    expect(emulator.stats().scans_created).toBe(created);
  });

  it('adopts nothing from a listing that ignores its repository filter after a lost start', async () => {
    const emulator = await startFleetEmulator(ORGANIZATION);
    const harness = fleetHarness(emulator);
    const repositories = await harness.repositories();
    const webapp = repositories.find((repository) => repository.full_name === 'fleet/webapp') as Repository;
    await cleanScanOf(harness, repositories);
    // The start is carried out and its answer lost; the listing then shows every repository's scans.
    emulator.setFaults([
      { kind: 'error', path: '/scans', method: 'POST', status: 502, phase: 'after_handler', count: 1 },
      { kind: 'ignore_filter', path: '/scans', method: 'GET' },
    ]);
    const [outcome] = (await runFleet([webapp], FLEET_OPTIONS, harness.io)).outcomes;
    expect(outcome?.gate).toBeNull();
    expect(outcome?.error).toMatch(/of repository_id repo_2: it is no list of fleet\/webapp's scans/);
  });

  it('judges neither of two repositories that claim one scan (a listing that neither filters nor says whose)', async () => {
    const emulator = await startFleetEmulator(ORGANIZATION);
    const harness = fleetHarness(emulator);
    const repositories = await harness.repositories();
    const [webapp, gateway] = repositories as [Repository, Repository];
    const borrowed = await cleanScanOf(harness, repositories);
    const path = handWrittenLedger(webapp, borrowed);
    const line = (event: object) => JSON.stringify({ ...event, at: '2026-11-28T01:00:00Z' });
    writeFileSync(
      path,
      `\n${line({ event: 'starting', repository_id: gateway.id, repository: gateway.full_name, listed: [] })}\n${line({ event: 'started', repository_id: gateway.id, scan_id: borrowed })}\n`,
      { flag: 'a' },
    );
    // The spec's Scan shows neither repository_id nor ref: such a service cannot be caught by the listing alone.
    emulator.setFaults([
      { kind: 'ignore_filter', path: '/scans', method: 'GET' },
      { kind: 'bare_scans', path: '/scans' },
    ]);
    const result = await runFleet(repositories, { ...FLEET_OPTIONS, ledgerPath: path }, harness.io);
    expect(result.outcomes.map((outcome) => [outcome.repository, outcome.gate, outcome.error])).toEqual([
      ['fleet/webapp', null, `scan ${borrowed} is claimed by fleet/webapp and fleet/api-gateway`],
      ['fleet/api-gateway', null, `scan ${borrowed} is claimed by fleet/webapp and fleet/api-gateway`],
    ]);
  });

  it('writes "Started scan" only for a start this run sent; an adoption has its own line', async () => {
    const emulator = await startFleetEmulator(ORGANIZATION);
    const harness = fleetHarness(emulator);
    const repositories = await harness.repositories();
    const gateway = repositories.find(
      (repository) => repository.full_name === 'fleet/api-gateway',
    ) as Repository;
    const earlier = await cleanScanOf(harness, repositories);
    harness.log.lines.length = 0;
    await runFleet(
      [gateway],
      { ...FLEET_OPTIONS, ledgerPath: handWrittenLedger(gateway, earlier) },
      harness.io,
    );
    expect(harness.log.lines).toContain(
      `info: Adopting scan ${earlier} of fleet/api-gateway, recorded in the ledger.`,
    );
    expect(harness.log.lines.filter((line) => line.includes('Started scan'))).toEqual([]);
  });
});
