import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fleetWorkload } from '../../bench/fleet-workload.ts';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import type { FleetRollUp } from '../../src/fleet/rollup.ts';
import { installPackedSvc } from '../support/packed-package.ts';
import { expectValidRollUp } from '../support/rollup-schema.ts';

/**
 * A platform engineer's first two nights, as docs/fleet.md walks them, from an empty HOME with the packed `svc` on
 * PATH and the service (the emulator) in SVC_API_URL and SVC_API_KEY: plan the shards, scan each, merge them
 * verified; the next night the same, compared with the first and with its history.
 */

let emulator: Emulator;
let bin: string;
beforeAll(async () => {
  emulator = await startEmulator({
    scenario: fleetWorkload(8).scenario,
    timeScale: 0.000_01,
    log: () => undefined,
  });
  bin = installPackedSvc();
}, 60_000);
afterAll(async () => {
  await emulator.close();
});

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

function svc(args: string[], home: string): Promise<Run> {
  return new Promise((resolve) => {
    execFile(
      join(bin, 'svc'),
      args,
      {
        cwd: home,
        env: {
          PATH: `${bin}:${process.env.PATH ?? ''}`,
          HOME: home,
          SVC_API_URL: emulator.baseUrl,
          SVC_API_KEY: emulator.apiKey,
        },
        timeout: 120_000,
      },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr });
      },
    );
  });
}

/** One night: each shard of `plan` scanned under the night's run id, then merged with --verify (and what's given). */
async function night(home: string, name: string, shards: string[], mergeFlags: string[]): Promise<Run> {
  for (const shard of shards) {
    const scan = await svc(
      [
        'fleet',
        'scan',
        '--shard',
        shard,
        '--run-id',
        name,
        '--output',
        join(name, `roll-up-${shard.replace('/', '-of-')}.json`),
      ],
      home,
    );
    expect([0, 1], scan.stderr).toContain(scan.code);
  }
  return await svc(
    [
      'fleet',
      'merge',
      '--verify',
      '--dir',
      name,
      '--output',
      join(name, 'roll-up.json'),
      '--summary',
      join(name, 'roll-up.md'),
      ...mergeFlags,
    ],
    home,
  );
}

describe("a newcomer's first two nights with docs/fleet.md", () => {
  it('plans, scans each shard, merges verified, and the next morning reads what changed', async () => {
    const home = mkdtempSync(join(tmpdir(), 'svc-newcomer-'));
    const plan = await svc(['fleet', 'plan', '--shards', '2'], home);
    expect(plan.code, plan.stderr).toBe(0);
    const shards = (JSON.parse(plan.stdout) as { include: { shard: string }[] }).include.map(
      (leg) => leg.shard,
    );
    expect(shards).toEqual(['1/2', '2/2']);

    const first = await night(home, 'night-1', shards, []);
    expect([0, 1], first.stderr).toContain(first.code);
    const firstRollUp = JSON.parse(
      readFileSync(join(home, 'night-1', 'roll-up.json'), 'utf8'),
    ) as FleetRollUp;
    expectValidRollUp(firstRollUp);
    expect(firstRollUp).toMatchObject({ run_id: 'night-1', verified: true, changes: null });
    expect(firstRollUp.totals.repositories).toBe(8);

    const previous = join('night-1', 'roll-up.json');
    const second = await night(home, 'night-2', shards, ['--compare', previous, '--history', previous]);
    expect([0, 1], second.stderr).toContain(second.code);
    const secondRollUp = JSON.parse(
      readFileSync(join(home, 'night-2', 'roll-up.json'), 'utf8'),
    ) as FleetRollUp;
    expectValidRollUp(secondRollUp);
    expect(secondRollUp).toMatchObject({ run_id: 'night-2', verified: true });
    expect(secondRollUp.changes).not.toBeNull();
    // Tonight, by the clock on the wall: the roll-up's times are UTC dates, not a process's uptime.
    expect(Date.parse(secondRollUp.started_at ?? '')).toBeGreaterThan(Date.UTC(2025, 0, 1));
    expect(Date.parse(secondRollUp.started_at ?? '')).toBeGreaterThanOrEqual(
      Date.parse(firstRollUp.started_at ?? ''),
    );
    const markdown = readFileSync(join(home, 'night-2', 'roll-up.md'), 'utf8');
    expect(markdown).toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(markdown).toContain('Verified against the service');
    expect(existsSync(join(home, '.svc'))).toBe(false);
  });
});
