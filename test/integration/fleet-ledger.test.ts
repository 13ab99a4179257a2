import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Repository } from '../../src/client/index.ts';
import { openScansOf } from '../../src/fleet/ledger.ts';
import { runFleet } from '../../src/fleet/run-fleet.ts';
import { StartSeal } from '../../src/fleet/start-seal.ts';
import {
  FLEET_OPTIONS,
  fleetHarness,
  fleetEmulatorPerTest,
  FLEET_MEMBER_KEY,
  until,
} from './fleet-support.ts';

const NODE = join(import.meta.dirname, '..', '..', 'node_modules', '.bin', 'node');
const CHILD = join(import.meta.dirname, 'fleet-child.ts');

const startFleetEmulator = fleetEmulatorPerTest();
const SEAL = StartSeal.drawn();

function ledgerFile(): string {
  return join(mkdtempSync(join(tmpdir(), 'fleet-ledger-')), 'ledger.jsonl');
}

describe('the ledger: a start is never sent twice', () => {
  it('adopts the scan of a run killed between its start and its record, and starts none', async () => {
    const emulator = await startFleetEmulator([{}]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    // The start is carried out, then its answer never comes: the run waits for it while it is killed.
    emulator.setFaults([{ kind: 'slow_body', path: '/scans', method: 'POST', slow_body_ms: 120_000 }]);
    const ledger = ledgerFile();
    const child = spawn(NODE, [CHILD, emulator.baseUrl, FLEET_MEMBER_KEY, ledger, JSON.stringify(listed)], {
      stdio: 'ignore',
    });
    const exited = new Promise((resolve) => child.once('exit', resolve));
    try {
      await until(() => emulator.stats().scans_created === 1, 30_000);
    } finally {
      child.kill('SIGKILL');
      await exited;
    }
    const events = readFileSync(ledger, 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { event: string });
    expect(events.map((event) => event.event)).toEqual(['starting']);

    emulator.clearFaults();
    const result = await runFleet(listed, { ...FLEET_OPTIONS, ledgerPath: ledger }, harness.io);
    expect(emulator.stats().scans_created).toBe(1);
    expect(result.outcomes[0]).toMatchObject({ status: 'completed', gate: 'passed' });
    const [scan] = (await harness.io.client.listScans({ repository_id: listed[0]?.id ?? '' })).items;
    expect(result.outcomes[0]?.scan_id).toBe(scan?.id);
  }, 60_000);

  it('adopts the scan of a start answered 502 after the service started it', async () => {
    const emulator = await startFleetEmulator([{}, {}]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    emulator.setFaults([
      { kind: 'error', path: '/scans', method: 'POST', status: 502, phase: 'after_handler', count: 1 },
    ]);
    const result = await runFleet(
      listed,
      { ...FLEET_OPTIONS, concurrency: 1, ledgerPath: ledgerFile() },
      harness.io,
    );
    expect(emulator.stats().faults_injected.error).toBe(1);
    expect(emulator.stats().scans_created).toBe(2);
    expect(result.outcomes.map((o) => [o.status, o.gate])).toEqual([
      ['completed', 'passed'],
      ['completed', 'passed'],
    ]);
  });

  it('makes the same lookup without a ledger', async () => {
    const emulator = await startFleetEmulator([{}]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    emulator.setFaults([
      { kind: 'error', path: '/scans', method: 'POST', status: 502, phase: 'after_handler', count: 1 },
    ]);
    const result = await runFleet(listed, FLEET_OPTIONS, harness.io);
    expect(emulator.stats().scans_created).toBe(1);
    expect(result.outcomes[0]).toMatchObject({ status: 'completed', gate: 'passed' });
  });

  it('reports a repository whose scans cannot be listed, and starts nothing for it', async () => {
    const emulator = await startFleetEmulator([{}]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    emulator.setFaults([{ kind: 'error', path: '/scans', method: 'GET', status: 503 }]);
    const result = await runFleet(listed, FLEET_OPTIONS, harness.io);
    expect(emulator.stats().scans_created).toBe(0);
    expect(result.outcomes[0]?.error).toMatch(/could not be listed/);
  });

  it('begins a finished ledger afresh: the next run scans again', async () => {
    const emulator = await startFleetEmulator([{}]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    const ledger = ledgerFile();
    await runFleet(listed, { ...FLEET_OPTIONS, ledgerPath: ledger }, harness.io);
    await runFleet(listed, { ...FLEET_OPTIONS, ledgerPath: ledger }, harness.io);
    expect(emulator.stats().scans_created).toBe(2);
    expect(openScansOf(ledger, SEAL).open).toEqual([]);
  });

  it('lists for the post step the scans started and not known to have ended', () => {
    const ledger = ledgerFile();
    const line = (event: object) => JSON.stringify({ ...event, at: '2026-01-01T00:00:00Z' });
    writeFileSync(
      ledger,
      [
        line({ event: 'starting', repository_id: 'r1', repository: 'a/one', listed: [] }),
        line({ event: 'started', repository_id: 'r1', scan_id: 'scan_1', mac: SEAL.of('scan_1') }),
        line({ event: 'started', repository_id: 'r2', scan_id: 'scan_2', mac: SEAL.of('scan_2') }),
        line({ event: 'started', repository_id: 'r3', scan_id: 'scan_3', mac: 'f'.repeat(64) }),
        line({ event: 'started', repository_id: 'r4', scan_id: 'scan_4' }),
        line({ event: 'ended', repository_id: 'r1', scan_id: 'scan_1' }),
        '{"event":"started","repo',
      ].join('\n'),
    );
    expect(openScansOf(ledger, SEAL)).toEqual({ open: ['scan_2'], ignored: ['scan_3', 'scan_4'] });
    expect(openScansOf(join(tmpdir(), 'no-such-ledger.jsonl'), SEAL).open).toEqual([]);
  });
});

describe('the ledger and the key', () => {
  it('never holds the key, even when the service echoes it in a repository name', async () => {
    const emulator = await startFleetEmulator([{}]);
    const harness = fleetHarness(emulator);
    const echoed = (await harness.repositories()).map((repository) => ({
      ...repository,
      full_name: `fleet/${FLEET_MEMBER_KEY}`,
    }));
    const ledger = ledgerFile();
    await runFleet(
      echoed,
      { ...FLEET_OPTIONS, ledgerPath: ledger },
      {
        ...harness.io,
        scrub: (text) => text.replaceAll(FLEET_MEMBER_KEY, '***'),
      },
    );
    const text = readFileSync(ledger, 'utf8');
    expect(text).toContain('fleet/***');
    expect(text).not.toContain(FLEET_MEMBER_KEY);
  });
});

describe('a finished ledger of the same run', () => {
  const RUN = { ledgerRun: 'all; shard none; ref default branches', runId: '7091826354' };

  it('is replayed by another attempt: its scans read again, never started again; what it never started is started now', async () => {
    const emulator = await startFleetEmulator([{ findings: ['critical'] }, {}, {}]);
    const harness = fleetHarness(emulator);
    const [first, second, third] = (await harness.repositories()) as [Repository, Repository, Repository];
    const ledger = ledgerFile();
    const attempt = { ...FLEET_OPTIONS, ...RUN, ledgerPath: ledger };
    const before = await runFleet([first, second], attempt, harness.io);
    expect(emulator.stats().scans_created).toBe(2);
    const again = await runFleet([first, second, third], attempt, harness.io);
    expect(emulator.stats().scans_created).toBe(3);
    expect(again.outcomes.slice(0, 2)).toEqual(before.outcomes);
    expect(again.outcomes.map((o) => o.gate)).toEqual(['failed', 'passed', 'passed']);
  });

  it('is begun afresh with no run id, or under another: that run scans again', async () => {
    const emulator = await startFleetEmulator([{}]);
    const harness = fleetHarness(emulator);
    const listed = await harness.repositories();
    const ledger = ledgerFile();
    await runFleet(listed, { ...FLEET_OPTIONS, ...RUN, ledgerPath: ledger }, harness.io);
    await runFleet(listed, { ...FLEET_OPTIONS, ...RUN, runId: '7091826355', ledgerPath: ledger }, harness.io);
    await runFleet(listed, { ...FLEET_OPTIONS, ...RUN, runId: null, ledgerPath: ledger }, harness.io);
    expect(emulator.stats().scans_created).toBe(3);
  });
});
