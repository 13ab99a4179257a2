import { appendFileSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startEmulator, type Emulator } from '../../emulator/index.ts';
import type { FleetRollUp } from '../../src/fleet/rollup.ts';
import { FLEET_MEMBER_KEY, fleetScenario } from '../integration/fleet-support.ts';
import { runSvc, temporaryHome, type SvcResult } from './cli-support.ts';
import { KEYS, useEmulator } from './support.ts';
import { validRollUp } from '../support/rollup-schema.ts';

/** The demo organization's member key (emulator/scenarios/demo.json). */
const DEMO_KEY = 'svc_sk_demo_member_4f1c2a9e7b3d';
const fast = ['--poll-interval', '0.1', '--wait-timeout', '60'];

function svcAt(
  emulator: Emulator,
  key: string,
  args: string[],
  options: Partial<Parameters<typeof runSvc>[1]> = {},
): Promise<SvcResult> {
  return runSvc(args, {
    home: temporaryHome(),
    ...options,
    env: { SVC_API_KEY: key, SVC_API_URL: emulator.baseUrl, ...options.env },
  });
}

const readRollUp = (path: string): FleetRollUp => validRollUp(readFileSync(path, 'utf8'));
const byName = (rollUp: FleetRollUp) =>
  rollUp.repositories
    .map(({ repository, status, gate, findings, error }) => ({ repository, status, gate, findings, error }))
    .sort((a, b) => a.repository.localeCompare(b.repository));

describe('svc fleet scan of the demo organization', () => {
  let demo: Emulator;
  beforeEach(async () => {
    demo = await startEmulator({ scenario: 'demo', log: () => undefined });
  });
  afterEach(() => demo.close());

  it('scans every repository once, writes the roll-up as JSON, markdown and job summary, and exits 1 on a failing gate', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-fleet-'));
    const stepSummary = join(dir, 'step-summary.md');
    appendFileSync(stepSummary, '');
    const output = join(dir, 'roll-up.json');
    const summary = join(dir, 'roll-up.md');
    const result = await svcAt(
      demo,
      DEMO_KEY,
      ['fleet', 'scan', ...fast, '--output', output, '--summary', summary],
      {
        env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: stepSummary },
      },
    );
    expect(result.exitCode, result.stderr).toBe(1);
    const rollUp = readRollUp(output);
    expect(rollUp.totals).toMatchObject({ repositories: 3, failed: 2, passed: 1, not_judged: 0 });
    expect(rollUp.repositories.every((o) => o.status === 'completed' && o.scan_id !== null)).toBe(true);
    expect(demo.stats().scans_created).toBe(3);
    const markdown = readFileSync(summary, 'utf8');
    expect(readFileSync(stepSummary, 'utf8')).toBe(markdown);
    const order = [
      'Failing the gate (2)',
      '`octo-org/webapp` | 1 |',
      '`octo-org/infrastructure` | 0 | 1 |',
      'Passed (1)',
      '`octo-org/api-gateway`',
    ];
    const positions = order.map((text) => markdown.indexOf(text));
    expect(
      positions.every((p) => p >= 0),
      markdown,
    ).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(result.stdout).toContain('3 repositories: 2 failed the gate, 1 passed, 0 not judged.');
  });

  it('judges the same in shards as whole: the merged roll-up of 2 shards equals the unsharded one, no repository twice', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-fleet-'));
    const whole = join(dir, 'whole.json');
    await svcAt(demo, DEMO_KEY, ['fleet', 'scan', ...fast, '--output', whole]);
    const shards = [join(dir, 'shard-1.json'), join(dir, 'shard-2.json')];
    for (const [at, file] of shards.entries()) {
      const result = await svcAt(
        demo,
        DEMO_KEY,
        ['fleet', 'scan', ...fast, '--shard', 'auto', '--shards', '2', '--output', file],
        {
          env: { JOB_COMPLETION_INDEX: String(at) },
        },
      );
      expect([0, 1], result.stderr).toContain(result.exitCode);
    }
    expect(demo.stats().scans_created).toBe(6);
    const merged = join(dir, 'merged.json');
    const merge = await svcAt(demo, DEMO_KEY, ['fleet', 'merge', ...shards, '--output', merged]);
    expect(merge.exitCode, merge.stderr).toBe(1);
    expect(byName(readRollUp(merged))).toEqual(byName(readRollUp(whole)));
    expect(readRollUp(merged).totals).toEqual(readRollUp(whole).totals);
  });

  it('says what changed since a previous roll-up, in the JSON and the markdown, with the findings by night', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-fleet-'));
    const first = join(dir, 'first.json');
    await svcAt(demo, DEMO_KEY, ['fleet', 'scan', ...fast, '--output', first]);
    const summary = join(dir, 'second.md');
    const second = await svcAt(demo, DEMO_KEY, [
      '--json',
      'fleet',
      'scan',
      ...fast,
      '--compare',
      first,
      '--summary',
      summary,
      '--history',
      first,
    ]);
    expect(second.exitCode).toBe(1);
    expect(validRollUp(second.stdout).changes).toMatchObject({
      newly_failing: [],
      new_repositories: [],
      no_longer_scanned: [],
      fail_on: null,
    });
    const markdown = readFileSync(summary, 'utf8');
    expect(markdown).toContain('### Changes since the night of');
    expect(markdown).toContain('- Newly failing: none.');
    expect(markdown).toContain('- No longer scanned: none.');
    expect(markdown).toMatch(/### Findings by night \([12] nights?\)/);
  });
});

describe('svc fleet scan, the runs that cannot judge every repository', () => {
  const emulator = useEmulator();

  it('at --wait-timeout cancels the scan still running and reports it as not judged (exit 4)', async () => {
    const result = await svcAt(emulator.current, KEYS.member, [
      '--json',
      'fleet',
      'scan',
      '--repositories',
      'acme/endless-monorepo',
      '--poll-interval',
      '0.2',
      '--wait-timeout',
      '3',
    ]);
    expect(result.exitCode, result.stderr).toBe(4);
    const rollUp = validRollUp(result.stdout);
    const endless = rollUp.repositories.find((o) => o.repository === 'acme/endless-monorepo');
    expect(endless?.gate).toBeNull();
    expect(endless?.error).toBeTruthy();
    expect(emulator.current.stats().cancels).toBe(1);
  });

  it('stops at a key the service refuses to start scans with (403) and exits 3, the rest not judged', async () => {
    const result = await svcAt(emulator.current, KEYS.viewer, [
      '--json',
      'fleet',
      'scan',
      '--repositories',
      'acme/clean-service,acme/vulnerable-app',
      ...fast,
    ]);
    expect(result.exitCode, result.stderr).toBe(3);
    const rollUp = validRollUp(result.stdout);
    expect(rollUp.stopped_by).toBe('key-refused');
    expect(rollUp.repositories.every((o) => o.gate === null)).toBe(true);
    expect(emulator.current.stats().scans_created).toBe(0);
  });

  it('cancels every scan it started that still runs, writes the roll-up, then exits 130', async () => {
    const result = await svcAt(
      emulator.current,
      KEYS.member,
      ['--json', 'fleet', 'scan', '--repositories', 'acme/endless-monorepo,acme/clean-service', ...fast],
      { signal: 'SIGINT', signalWhen: /acme\/endless-monorepo: Started scan scan_\w+/ },
    );
    expect(result.exitCode, result.stderr).toBe(130);
    expect(emulator.current.stats().cancels).toBeGreaterThanOrEqual(1);
    const rollUp = validRollUp(result.stdout);
    expect(rollUp.stopped_by).toBe('interrupted');
    const endless = rollUp.repositories.find((o) => o.repository === 'acme/endless-monorepo');
    expect(endless?.gate).toBeNull();
  });
});

describe('svc fleet scan of a busy service', () => {
  let busy: Emulator;
  beforeEach(async () => {
    const repositories = Array.from({ length: 43 }, () => ({ durationSeconds: 5 }));
    busy = await startEmulator({
      scenario: fleetScenario(repositories),
      timeScale: 0.002,
      log: () => undefined,
    });
  });
  afterEach(() => busy.close());

  it('drops no repository when a third of its requests are answered 429: every one waited out', async () => {
    busy.setFaults([{ kind: 'rate_limit', probability: 0.33, retry_after_s: 0 }]);
    const dir = mkdtempSync(join(tmpdir(), 'svc-fleet-busy-'));
    const output = join(dir, 'roll-up.json');
    const result = await svcAt(busy, FLEET_MEMBER_KEY, [
      'fleet',
      'scan',
      ...fast,
      '--concurrency',
      '20',
      '--output',
      output,
    ]);
    expect(busy.stats().faults_injected.rate_limit ?? 0).toBeGreaterThan(40);
    expect(result.exitCode, result.stderr).toBe(0);
    expect(readRollUp(output).totals).toMatchObject({ repositories: 43, passed: 43, not_judged: 0 });
    expect(busy.stats().scans_created).toBe(43);
  });
});
