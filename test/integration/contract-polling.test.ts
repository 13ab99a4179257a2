import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import {
  NotFoundError,
  PollTimeoutError,
  RequestAbortedError,
  ServiceError,
  type AIAnalysis,
  type Finding,
  type RemediationJob,
  type Scan,
} from '../../src/client/index.ts';
import { control } from '../emulator/helpers.ts';
import { KEYS, caught, clientFor, closeClients, requestsTo, serviceTime, startE2e } from './support.ts';

/**
 * Polling against the emulator. The client's sleep is injected and moves the emulator's frozen service time
 * by as much as the client meant to wait, so a 2 s poll interval is 2 service seconds and nothing waits for
 * real; one case runs a time scale instead, on a real clock that the client's sleeps move.
 */

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(async () => {
  await closeClients();
  await emulator.close();
});

function timedClient(onSleep?: (index: number) => Promise<void>, key: string = KEYS.member) {
  const time = serviceTime(emulator, onSleep);
  return { time, client: clientFor(emulator, key, { sleep: time.sleep, now: time.now }) };
}

describe('waitForScan', () => {
  it('polls every 2 s until the scan completes, reporting every state', async () => {
    const { time, client } = timedClient();
    const scan = await client.createScan({ repository_id: 'repo_clean' });
    const seen: Scan[] = [];
    const done = await client.waitForScan(scan.id, { onUpdate: (update) => seen.push(update) });
    expect(done.status).toBe('completed');
    expect(done.modules.every((module) => module.status === 'completed')).toBe(true);
    // 1 s queued + 10 s running: polls at 0, 2, ..., 12 service seconds.
    expect(time.sleeps).toEqual([2000, 2000, 2000, 2000, 2000, 2000]);
    expect(seen.map((update) => update.status)).toEqual([
      'queued',
      'running',
      'running',
      'running',
      'running',
      'running',
      'completed',
    ]);
    expect(seen.at(-1)).toEqual(done);
    expect(requestsTo(emulator, 'GET /api/v1/scans/{id}')).toBe(7);
    // The report exists now.
    expect((await client.getScanReport(scan.id)).total_findings).toBe(3);
  });

  it('returns a failed scan as it is, without throwing', async () => {
    const { client } = timedClient();
    const scan = await client.createScan({ repository_id: 'repo_failing' });
    const done = await client.waitForScan(scan.id, { intervalMs: 5_000 });
    expect(done.status).toBe('failed');
    expect(done.modules).toEqual([
      { name: 'sast', status: 'completed' },
      { name: 'dependencies', status: 'failed' },
    ]);
  });

  it('reaches completed on a time scale, as the real clock passes while the client sleeps', async () => {
    // The real clock is the test's: it moves by the client's sleeps alone, however busy the machine is.
    const real = { ms: 0 };
    const scaled = await startE2e({ timeScale: 0.001, realNow: () => real.ms }); // 11 service s in 11 real ms
    try {
      const sleep = (ms: number): Promise<void> => {
        real.ms += ms;
        return Promise.resolve();
      };
      const client = clientFor(scaled, KEYS.member, { sleep, now: () => real.ms });
      const scan = await client.createScan({ repository_id: 'repo_empty' });
      const done = await client.waitForScan(scan.id, { intervalMs: 5, timeoutMs: 5_000 });
      expect(done.status).toBe('completed');
      // Polls at 0, 5, 10 and 15 real ms, which the scale makes 0, 5, 10 and 15 service seconds: the scan's
      // 11 s end between the third and the fourth.
      expect(requestsTo(scaled, 'GET /api/v1/scans/{id}')).toBe(4);
      const clock = (await control(scaled, 'GET', '/clock')).body as { service_time_s: number };
      expect(clock.service_time_s).toBe(15);
    } finally {
      await scaled.close();
    }
  });

  it('times out with a PollTimeoutError (a ServiceError) when the scan never finishes', async () => {
    const { time, client } = timedClient();
    const scan = await client.createScan({ repository_id: 'repo_stuck' });
    const error = await caught(() => client.waitForScan(scan.id, { timeoutMs: 9_000 }));
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect((error as ServiceError).statusCode).toBeUndefined();
    expect((error as Error).message).toBe(
      `Timed out after 9 s waiting for scan ${scan.id} to finish; last status: running`,
    );
    // Sleeps are cut to the deadline: 2+2+2+2+1.
    expect(time.sleeps).toEqual([2000, 2000, 2000, 2000, 1000]);
    expect(requestsTo(emulator, 'GET /api/v1/scans/{id}')).toBe(6);
  });

  it('times out on a scan the never_finish fault holds running', async () => {
    emulator.setFaults([{ kind: 'never_finish', count: 1 }]);
    const { client } = timedClient();
    const stuck = await client.createScan({ repository_id: 'repo_clean' });
    const normal = await client.createScan({ repository_id: 'repo_clean' });
    const error = await caught(() => client.waitForScan(stuck.id, { timeoutMs: 60_000 }));
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect((error as Error).message).toContain('last status: running');
    expect((await client.getScan(normal.id)).status).toBe('completed');
  });

  it('ends with the cancelled scan when it is cancelled while being awaited', async () => {
    const canceller = clientFor(emulator, KEYS.member);
    let scanId = '';
    const { client } = timedClient(async (index) => {
      if (index === 3) await canceller.cancelScan(scanId);
    });
    scanId = (await client.createScan({ repository_id: 'repo_stuck' })).id;
    const done = await client.waitForScan(scanId, { timeoutMs: 600_000 });
    expect(done.status).toBe('cancelled');
    expect(done.modules.map((module) => module.status)).toContain('cancelled');
    expect(emulator.stats().cancels).toBe(1);
    expect(requestsTo(emulator, 'GET /api/v1/scans/{id}')).toBe(4);
  });

  it('cancelScan on a running scan ends it, and the wait returns at once', async () => {
    const { time, client } = timedClient();
    const scan = await client.createScan({ repository_id: 'repo_stuck' });
    emulator.advanceTime(20);
    const cancelled = await client.cancelScan(scan.id);
    expect(cancelled.status).toBe('cancelled');
    const done = await client.waitForScan(scan.id);
    expect(done).toEqual(cancelled);
    expect(time.sleeps).toEqual([]);
  });

  it("stops with a RequestAbortedError when the caller's signal aborts the wait", async () => {
    const controller = new AbortController();
    const { client } = timedClient((index) => {
      if (index === 2) controller.abort(new Error('job cancelled by the user'));
      return Promise.resolve();
    });
    const scan = await client.createScan({ repository_id: 'repo_stuck' });
    const error = await caught(() => client.waitForScan(scan.id, { signal: controller.signal }));
    expect(error).toBeInstanceOf(RequestAbortedError);
    expect((error as Error).message).toBe(`Waiting for scan ${scan.id} was aborted`);
    expect(requestsTo(emulator, 'GET /api/v1/scans/{id}')).toBe(2);
  });

  it('stops at once when the scan does not exist', async () => {
    const { client } = timedClient();
    const error = await caught(() => client.waitForScan('scan_nope'));
    expect(error).toBeInstanceOf(NotFoundError);
  });

  it('survives a 503 between polls: the transport retries it', async () => {
    const { client } = timedClient();
    const scan = await client.createScan({ repository_id: 'repo_clean' });
    emulator.setFaults([{ kind: 'error', status: 503, path: '/scans/*', count: 2 }]);
    const done = await client.waitForScan(scan.id);
    expect(done.status).toBe('completed');
    expect(emulator.stats().faults_injected).toEqual({ error: 2 });
  });
});

describe('waitForRemediation', () => {
  async function findingOfVulnerableApp(predicate: (finding: Finding) => boolean): Promise<Finding> {
    const page = await clientFor(emulator).listFindings({ scan_id: 'scan_e2e_vulnerable' });
    return page.items.find(predicate) as Finding;
  }

  it('polls every 3 s until the job opens a pull request', async () => {
    const { time, client } = timedClient();
    const finding = await findingOfVulnerableApp((item) => item.severity === 'critical');
    const job = await client.remediateFinding(finding.id);
    const seen: RemediationJob[] = [];
    const done = await client.waitForRemediation(job.id, { onUpdate: (update) => seen.push(update) });
    expect(done).toMatchObject({
      id: job.id,
      status: 'completed',
      pr_url: 'https://github.com/acme/vulnerable-app/pull/7',
    });
    expect(done.branch).toMatch(/^svc\/remediate-fnd-/);
    // 1 s queued + 4 s running.
    expect(time.sleeps).toEqual([3000, 3000]);
    expect(seen.map((update) => update.status)).toEqual(['queued', 'running', 'completed']);
  });

  it('returns a failed job with its reason', async () => {
    const { client } = timedClient();
    const finding = await findingOfVulnerableApp((item) => item.severity === 'medium');
    const job = await client.remediateFinding(finding.id);
    const done = await client.waitForRemediation(job.id);
    expect(done).toMatchObject({
      status: 'failed',
      pr_url: '',
      branch: '',
      failure_reason: 'No automated fix is available for this finding.',
    });
  });
});

describe('waitForAiAnalysis', () => {
  it('polls every 3 s until the analysis completes', async () => {
    const { time, client } = timedClient();
    await client.startAiAnalysis('scan_e2e_vulnerable');
    const seen: AIAnalysis[] = [];
    const done = await client.waitForAiAnalysis('scan_e2e_vulnerable', {
      onUpdate: (update) => seen.push(update),
    });
    expect(done).toMatchObject({ status: 'completed', risk_score: 91, overall_confidence: 0.81 });
    expect(done.agent_runs.every((run) => run.status === 'completed')).toBe(true);
    // 1 s queued + 4 + 6 + 5 + 8 s of agents = 24 s: polls at 0, 3, ..., 24.
    expect(time.sleeps).toEqual(Array.from({ length: 8 }, () => 3000));
    expect(seen[0]?.status).toBe('queued');
    expect(seen.at(-1)).toEqual(done);
    expect((await client.getAiPatches('scan_e2e_vulnerable')).patches).toHaveLength(3);
  });

  it('returns an analysis that failed at its second agent', async () => {
    const { client } = timedClient();
    const scan = await client.createScan({ repository_id: 'repo_partial' });
    expect((await client.waitForScan(scan.id)).status).toBe('completed');
    await client.startAiAnalysis(scan.id);
    const done = await client.waitForAiAnalysis(scan.id);
    expect(done.status).toBe('failed');
    expect(done.agent_runs.map((run) => [run.agent_id, run.status])).toEqual([
      ['triage', 'completed'],
      ['exploitability', 'failed'],
      ['patch-writer', 'skipped'],
    ]);
    expect(done.risk_score).toBeNull();
    // A failed analysis may be started again: a new one begins.
    const again = await client.startAiAnalysis(scan.id);
    expect(again.status).toBe('queued');
    expect(emulator.stats().ai_analyses_created).toBe(2);
  });

  it('times out with a PollTimeoutError, a ServiceError as the spec asks', async () => {
    const { client } = timedClient();
    await client.startAiAnalysis('scan_e2e_vulnerable');
    const error = await caught(() => client.waitForAiAnalysis('scan_e2e_vulnerable', { timeoutMs: 5_000 }));
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect((error as Error).message).toBe(
      'Timed out after 5 s waiting for the AI analysis of scan scan_e2e_vulnerable to finish; last status: running',
    );
  });
});

describe('a Retry-After on a scan still running', () => {
  it('is waited out instead of the 2 s interval: fewer polls for the same scan', async () => {
    const asked = await startE2e({ pollRetryAfterSeconds: 6 });
    try {
      const time = serviceTime(asked);
      const client = clientFor(asked, KEYS.member, { sleep: time.sleep, now: time.now });
      const scan = await client.createScan({ repository_id: 'repo_clean' });
      const done = await client.waitForScan(scan.id);
      expect(done.status).toBe('completed');
      // 12 service seconds of scan: every 6 s instead of every 2 s.
      expect(time.sleeps).toEqual([6_000, 6_000]);
      expect(requestsTo(asked, 'GET /api/v1/scans/{id}')).toBe(3);
    } finally {
      await asked.close();
    }
  });

  it('is bounded: never past the wait’s deadline, and never more than a minute', async () => {
    const asked = await startE2e({ pollRetryAfterSeconds: 3_600 });
    try {
      const time = serviceTime(asked);
      const client = clientFor(asked, KEYS.member, { sleep: time.sleep, now: time.now });
      const scan = await client.createScan({ repository_id: 'repo_clean' });
      expect((await client.waitForScan(scan.id, { timeoutMs: 600_000 })).status).toBe('completed');
      expect(time.sleeps).toEqual([60_000]);
      const short = await client.createScan({ repository_id: 'repo_clean' });
      const error = await caught(() => client.waitForScan(short.id, { timeoutMs: 5_000 }));
      expect(error).toBeInstanceOf(PollTimeoutError);
      expect(time.sleeps.slice(1)).toEqual([5_000]);
    } finally {
      await asked.close();
    }
  });
});
