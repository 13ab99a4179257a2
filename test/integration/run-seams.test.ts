import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { NOOP_LOGGER } from '../../src/client/logger.ts';
import { PullRequestDiff } from '../../src/new-findings/pr-diff.ts';
import { findCompletedBaseline, findOrStartBaseline } from '../../src/run/baseline-step.ts';
import type { ChangeUnderReview, RunContext } from '../../src/run/run-context.ts';
import { RunDeadline } from '../../src/run/run-deadline.ts';
import { runPolicyOf } from '../../src/run/run-policy-of.ts';
import { runScan } from '../../src/run/run-scan.ts';
import { NO_ORIGIN, parseSettings } from '../../src/run/settings.ts';
import { startFastE2e } from '../support/in-process-action.ts';
import { clientFor, closeClients, requestsTo } from './support.ts';

/**
 * The conductor's seams, driven as a face drives them: what the face hands the run (a repository looked up
 * already, whether it shows the credits and the posture) changes what the run asks the service.
 */
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startFastE2e();
});
afterEach(async () => {
  await closeClients();
  await emulator.close();
});

function contextFor(extra: Partial<RunContext>, given: Record<string, string> = {}): RunContext {
  const inputs: Record<string, string> = {
    repository: 'acme/clean-service',
    'poll-interval': '0.1',
    'wait-timeout': '30',
    ...given,
  };
  const settings = parseSettings((name) => inputs[name] ?? '', NO_ORIGIN);
  const deadline = new RunDeadline(30_000, () => performance.now());
  const none = { policy: undefined, source: undefined, change: [], changeApplied: true, notes: [], log: [] };
  return {
    client: clientFor(emulator),
    settings,
    log: NOOP_LOGGER,
    record: {
      scanId: () => undefined,
      scanSettled: () => undefined,
      baselineScanId: () => undefined,
      baselineSettled: () => undefined,
    },
    signal: deadline.signal,
    stopSignal: new AbortController().signal,
    deadline,
    now: () => performance.now(),
    progress: { stage: 'inputs', scan: undefined },
    findingsNeed: { rows: 10, perSeverity: 0 },
    onScanStarted: () => Promise.resolve(undefined),
    change: undefined,
    policy: runPolicyOf(none, settings, new Date()),
    ...extra,
  };
}

describe('the run with the seams a face chooses', () => {
  it('asks for no repository a face has looked up already', async () => {
    const looked = (await clientFor(emulator).findRepositoryByFullName('acme/clean-service')) ?? undefined;
    const before = emulator.stats().requests['GET /api/v1/repositories'] ?? 0;
    const result = await runScan(contextFor({ repository: looked }));
    expect(result.results?.verdict.passed).toBe(true);
    expect(result.scan?.repository).toBe('acme/clean-service');
    expect(emulator.stats().requests['GET /api/v1/repositories'] ?? 0).toBe(before);
  });

  it('reads the credits and the posture only for a face that shows them', async () => {
    await runScan(contextFor({ showsInsights: false }));
    expect(emulator.stats().requests['GET /api/v1/billing/usage']).toBeUndefined();
    expect(emulator.stats().requests['GET /api/v1/ai-security/overview']).toBeUndefined();
    await runScan(contextFor({}));
    expect(emulator.stats().requests['GET /api/v1/billing/usage']).toBe(2);
    expect(emulator.stats().requests['GET /api/v1/ai-security/overview']).toBe(1);
  });
});

describe('the run for a face that judges the counts alone', () => {
  it('reads the report and no page of findings, and judges its breakdown', async () => {
    const inputs: Record<string, string> = {
      repository: 'acme/vulnerable-app',
      'poll-interval': '0.1',
      'fail-on': 'high',
    };
    const settings = parseSettings((name) => inputs[name] ?? '', NO_ORIGIN);
    const result = await runScan(
      contextFor({ settings, countsOnly: true, findingsNeed: { rows: 0, perSeverity: 0 } }),
    );
    expect(emulator.stats().requests['GET /api/v1/findings']).toBeUndefined();
    expect(emulator.stats().requests['GET /api/v1/scans/{id}/report']).toBe(1);
    expect(result.results?.verdict.passed).toBe(false);
    expect(result.results?.counts.critical).toBeGreaterThan(0);
  });
});

/** A pull request whose baseline commit no scan has: a finder that starts scans starts one for it. */
const CHANGE: ChangeUnderReview = {
  headSha: 'a'.repeat(40),
  baselineCommit: () => Promise.resolve({ sha: 'b'.repeat(40), source: 'the merge base' }),
  diff: () => Promise.resolve(PullRequestDiff.fromFiles([])),
};

describe('the baseline finder a face chooses', () => {
  const underGateNew = { gate: 'new', ref: 'a'.repeat(40) };

  it('compares with nothing for a face without one: no baseline scan started, and the note says why', async () => {
    const result = await runScan(contextFor({ change: CHANGE }, underGateNew));
    expect(requestsTo(emulator, 'POST /api/v1/scans')).toBe(1);
    expect(result.results?.gateMode).toBe('all');
    expect(result.notes.join('\n')).toContain('this run finds no baseline scan');
  });

  it("starts a baseline scan with the action's finder under baseline-scan: auto", async () => {
    const result = await runScan(
      contextFor({ change: CHANGE, baselineFinder: findOrStartBaseline }, underGateNew),
    );
    expect(requestsTo(emulator, 'POST /api/v1/scans')).toBe(2);
    expect(result.results?.comparison?.baselineCommit).toBe('b'.repeat(40));
  });

  it("starts none with svc scan's finder, whatever baseline-scan says", async () => {
    const result = await runScan(
      contextFor({ change: CHANGE, baselineFinder: findCompletedBaseline }, underGateNew),
    );
    expect(requestsTo(emulator, 'POST /api/v1/scans')).toBe(1);
    expect(result.notes.join('\n')).toContain('and this run starts none');
  });
});
