import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import type { FleetRollUp } from '../../src/fleet/rollup.ts';
import { Ledger } from '../../src/fleet/ledger.ts';
import { KEYS, createScan } from '../emulator/helpers.ts';
import { FLEET_MEMBER_KEY, fleetScenario } from './fleet-support.ts';
import { readActionMetadata } from '../support/action-metadata.ts';
import { runMainAgainst, startFastE2e, type InProcessRun } from '../support/in-process-action.ts';
import { validRollUp } from '../support/rollup-schema.ts';

/**
 * The action with `repositories:` in-process (runMain, as dist/ runs it) against the service emulator: the fleet
 * in the job, its roll-up as the job summary, file and outputs, the step failing as svc's exit code would, and
 * what it says about the inputs the workflow set that the mode ignores.
 */

let emulator: Emulator;
beforeEach(async () => {
  emulator = await startFastE2e();
});
afterEach(async () => {
  await emulator.close();
});

const metadata = readActionMetadata();
const FLEET = 'acme/clean-service, acme/vulnerable-app, acme/empty-repo';

async function fleet(inputs: Record<string, string>, signal?: AbortSignal): Promise<InProcessRun> {
  const runnerTemp = mkdtempSync(join(tmpdir(), 'svc-fleet-mode-'));
  const run = await runMainAgainst(
    emulator,
    { 'api-key': KEYS.member, repositories: FLEET, ...inputs },
    { env: { RUNNER_TEMP: runnerTemp, GITHUB_EVENT_NAME: 'schedule' }, ...(signal ? { signal } : {}) },
  );
  // Whatever path it takes, the mode reads only inputs action.yml declares and sets only outputs it declares.
  for (const name of run.toolkit.inputsRead) expect(metadata.inputs).toHaveProperty([name]);
  for (const name of Object.keys(run.toolkit.outputs)) expect(metadata.outputs).toHaveProperty([name]);
  return run;
}

function rollUpOf(run: InProcessRun): FleetRollUp {
  const path = run.toolkit.outputs['fleet-report'];
  expect(path).toBeTruthy();
  return validRollUp(readFileSync(path ?? '', 'utf8'));
}

describe('the action with repositories', () => {
  it('scans each repository in the job and fails the step when one fails the gate', async () => {
    const { toolkit } = await fleet({});
    const rollUp = rollUpOf({ toolkit, env: {} });
    expect(rollUp.repositories.map((entry) => [entry.repository, entry.gate])).toEqual(
      expect.arrayContaining([
        ['acme/clean-service', 'passed'],
        ['acme/vulnerable-app', 'failed'],
        ['acme/empty-repo', 'passed'],
      ]),
    );
    expect(rollUp.totals).toMatchObject({ repositories: 3, passed: 2, failed: 1, not_judged: 0 });
    expect(toolkit.outputs['repositories-failed']).toBe('["acme/vulnerable-app"]');
    expect(toolkit.outputs['repositories-not-judged']).toBe('[]');
    expect(toolkit.failed).toBeDefined();
    // The job summary is the roll-up, failing repositories first.
    expect(toolkit.summary).toContain('acme/vulnerable-app');
    expect(toolkit.summary.indexOf('acme/vulnerable-app')).toBeLessThan(
      toolkit.summary.indexOf('acme/clean-service'),
    );
    // One scan a repository, none reused, and nothing of one scan's reporters.
    expect(emulator.stats().scans_created).toBe(3);
    expect(toolkit.outputs['scan-id']).toBeUndefined();
    expect(toolkit.outputs['check-run-id']).toBeUndefined();
  });

  it('passes the step when every repository passes', async () => {
    const { toolkit } = await fleet({ repositories: 'acme/clean-service,acme/empty-repo' });
    expect(toolkit.failed).toBeUndefined();
    expect(toolkit.outputs['repositories-failed']).toBe('[]');
    expect(rollUpOf({ toolkit, env: {} }).totals).toMatchObject({ repositories: 2, passed: 2 });
  });

  it('fails the step as exit 4, not as a gate failure, when the only problem is a scan that failed', async () => {
    const { toolkit } = await fleet({ repositories: 'acme/clean-service, acme/broken-build' });
    const rollUp = rollUpOf({ toolkit, env: {} });
    expect(rollUp.repositories.find((entry) => entry.repository === 'acme/broken-build')).toMatchObject({
      status: 'failed',
      gate: null,
      error: 'the scan failed: module dependencies failed',
    });
    expect(rollUp.totals).toMatchObject({ passed: 1, failed: 0, not_judged: 1, scan_failed: 1 });
    expect(toolkit.failed).toBe(
      '1 of 2 repositories could not be judged (1 because its scan failed); none failed the gate. The job summary says why.',
    );
    expect(toolkit.outputs['repositories-failed']).toBe('[]');
    expect(toolkit.outputs['repositories-not-judged']).toBe('["acme/broken-build"]');
    expect(toolkit.summary).toContain('### Scans that failed (1)');
    expect(toolkit.summary).not.toContain('Failing the gate');
  });

  it('opens every line of the log with the UTC time, and says how far the fleet is when the last scan ends', async () => {
    const { toolkit } = await fleet({ 'progress-interval': '5' });
    const lines = toolkit.log.filter((line) => !line.startsWith('::'));
    expect(lines.filter((line) => !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z /.test(line))).toEqual([]);
    expect(lines.some((line) => line.includes('acme/vulnerable-app: Started scan'))).toBe(true);
    expect(lines.at(-1)).toMatch(
      /^\S+Z 3 of 3 done \(2 passed, 1 failed the gate, 0 not judged\), 0 running, 0 waiting; deadline \d{2}:\d{2}:\d{2}Z$/,
    );
  });

  it('notes the repository it ignores and warns only about the inputs the workflow set that do not apply', async () => {
    const { toolkit } = await fleet({
      repository: 'acme/clean-service',
      'check-name': 'nightly',
      'sarif-category': 'svc-scan/night',
      'fail-on': 'critical',
    });
    expect(toolkit.annotations.filter((a) => a.level === 'notice').map((a) => a.message)).toEqual([
      "Input 'repository' is ignored: 'repositories' selects the repositories this job scans.",
    ]);
    const warnings = toolkit.annotations.filter((a) => a.level === 'warning').map((a) => a.message);
    expect(warnings.some((w) => w.includes("inputs 'check-name', 'sarif-category' are ignored"))).toBe(true);
    expect(warnings.join('\n')).not.toMatch(/github-token|fail-on|'repository'/);
  });

  it('says nothing about inputs the workflow left to their defaults', async () => {
    const { toolkit } = await fleet({ repositories: 'acme/clean-service' });
    expect(toolkit.annotations.filter((a) => a.level !== 'error')).toEqual([]);
  });

  it.each([
    [{ shard: '5/4' }, "Input 'shard'"],
    [{ concurrency: '0' }, "Input 'concurrency'"],
    [{ 'progress-interval': '4' }, "Input 'progress-interval' is invalid: got '4'"],
    [{ 'progress-interval': '3601' }, "Input 'progress-interval' is invalid: got '3601'"],
    [{ repositories: 'acme' }, "Input 'repositories'"],
  ])('refuses %j before sending anything, naming the input', async (inputs, named) => {
    const { toolkit } = await fleet(inputs);
    expect(toolkit.failed).toContain(named);
    expect(emulator.stats().requests_total).toBe(0);
  });

  it('leaves out what a ! pattern matches, and warns of one that excludes nothing', async () => {
    const { toolkit } = await fleet({ repositories: `${FLEET}, !acme/*-app, !acme/*-repo, !nobody/*` });
    expect(rollUpOf({ toolkit, env: {} }).repositories.map((entry) => entry.repository)).toEqual([
      'acme/clean-service',
    ]);
    const warnings = toolkit.annotations.filter((a) => a.level === 'warning').map((a) => a.message);
    expect(warnings).toContainEqual(
      expect.stringMatching(
        /^\S+Z Input 'repositories': !nobody\/\* excludes nothing: no repository selected matches it\.$/,
      ),
    );
  });

  it('fails the step naming the patterns when they select no repository', async () => {
    const { toolkit } = await fleet({ repositories: 'acme/no-such-*' });
    expect(toolkit.failed).toContain('acme/no-such-*');
    expect(emulator.stats().scans_created).toBe(0);
  });

  it('fails the step with advice, and starts nothing, when the service refuses the key', async () => {
    const { toolkit } = await fleet({ 'api-key': KEYS.revoked });
    expect(toolkit.failed).toMatch(/401|key/i);
    expect(toolkit.failed).not.toContain(KEYS.revoked);
    expect(emulator.stats().scans_created).toBe(0);
  });

  it("takes no ledger an earlier step left at the default path: the scans it names are not the step's own", async () => {
    const earlier = await createScan(emulator, 'repo_clean');
    const runnerTemp = mkdtempSync(join(tmpdir(), 'svc-fleet-planted-'));
    const planted = Ledger.open(join(runnerTemp, 'svc-fleet-ledger.jsonl'));
    planted.starting('repo_clean', 'acme/clean-service', []);
    planted.started('repo_clean', earlier.id);
    planted.close();
    const { toolkit } = await runMainAgainst(
      emulator,
      { 'api-key': KEYS.member, repositories: 'acme/clean-service' },
      { env: { RUNNER_TEMP: runnerTemp } },
    );
    const [entry] = rollUpOf({ toolkit, env: {} }).repositories;
    expect(entry?.scan_id).not.toBe(earlier.id);
    expect(emulator.stats().scans_created).toBe(2);
  });

  it('refuses a ledger the workflow named that another selection left unfinished, and starts nothing', async () => {
    const runnerTemp = mkdtempSync(join(tmpdir(), 'svc-fleet-shared-'));
    const path = join(runnerTemp, 'shared-ledger.jsonl');
    const theirs = Ledger.open(path, {
      run: 'patterns acme/vulnerable-app; shard all; ref default branches',
      runId: null,
    });
    theirs.starting('repo_vuln', 'acme/vulnerable-app', []);
    theirs.close();
    const before = readFileSync(path, 'utf8');
    const { toolkit } = await runMainAgainst(
      emulator,
      { 'api-key': KEYS.member, repositories: 'acme/clean-service', ledger: path },
      { env: { RUNNER_TEMP: runnerTemp } },
    );
    expect(toolkit.failed).toContain("Input 'ledger'");
    expect(toolkit.failed).toContain('left unfinished by another run');
    expect(emulator.stats().scans_created).toBe(0);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('keeps the key out of its ledger and roll-up when the service echoes it in a repository name', async () => {
    await emulator.loadScenario(fleetScenario([{ name: `fleet/${FLEET_MEMBER_KEY}` }]));
    const runnerTemp = mkdtempSync(join(tmpdir(), 'svc-fleet-echo-'));
    const ledger = join(runnerTemp, 'ledger.jsonl');
    const { toolkit } = await runMainAgainst(
      emulator,
      { 'api-key': FLEET_MEMBER_KEY, repositories: 'all', ledger },
      { env: { RUNNER_TEMP: runnerTemp } },
    );
    const report = readFileSync(toolkit.outputs['fleet-report'] ?? '', 'utf8');
    expect(report).toContain('fleet/');
    expect(report).not.toContain(FLEET_MEMBER_KEY);
    expect(readFileSync(ledger, 'utf8')).toContain('fleet/');
    expect(readFileSync(ledger, 'utf8')).not.toContain(FLEET_MEMBER_KEY);
  });

  it('cancels every scan in flight when the workflow is cancelled', async () => {
    const stop = new AbortController();
    const watch = setInterval(() => {
      if (emulator.stats().scans_created >= 2) stop.abort(new Error('received SIGINT'));
    }, 5);
    const { toolkit } = await fleet(
      { repositories: 'acme/endless-monorepo, acme/clean-service', 'wait-timeout': '300' },
      stop.signal,
    ).finally(() => {
      clearInterval(watch);
    });
    expect(toolkit.failed).toBeDefined();
    expect(emulator.stats().cancels).toBeGreaterThanOrEqual(1);
    expect(toolkit.state['fleet-ledger']).toBeTruthy();
  });
});
