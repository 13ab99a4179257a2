import { describe, expect, it } from 'vitest';
import { AuthError, ServerError, type ServiceClient } from '../../../src/client/index.ts';
import type { RemediationJob } from '../../../src/client/types.ts';
import { runRemediations } from '../../../src/run/remediation-step.ts';
import { aReportedFinding } from '../support/findings.ts';

interface FakeJobs {
  start: (findingId: string) => Promise<RemediationJob>;
  wait?: (jobId: string) => Promise<RemediationJob>;
}

/** Only the two methods remediation uses; anything else would be a bug in the step. */
function fakeClient(jobs: FakeJobs): ServiceClient {
  return {
    remediateFinding: jobs.start,
    waitForRemediation: jobs.wait ?? (() => Promise.reject(new Error('waitForRemediation was not expected'))),
  } as unknown as ServiceClient;
}

const options = { intervalMs: 10, timeoutMs: 1000, signal: new AbortController().signal };
const job = (overrides: Partial<RemediationJob>): RemediationJob => ({
  id: 'r1',
  pr_url: '',
  branch: '',
  ...overrides,
});

describe('runRemediations', () => {
  it('reports the pull request of a job that opened one', async () => {
    const target = aReportedFinding('critical');
    const client = fakeClient({
      start: () => Promise.resolve(job({ status: 'queued' })),
      wait: () =>
        Promise.resolve(job({ status: 'completed', pr_url: 'https://github.com/o/r/pull/3', branch: 'fix' })),
    });
    expect(await runRemediations(client, [target], options)).toEqual([
      {
        findingId: target.id,
        title: target.title,
        severity: 'critical',
        jobId: 'r1',
        prUrl: 'https://github.com/o/r/pull/3',
        branch: 'fix',
        problem: null,
      },
    ]);
  });

  it('does not poll a job that already has its pull request', async () => {
    const client = fakeClient({
      start: () => Promise.resolve(job({ pr_url: 'https://x/pull/1', branch: 'b' })),
    });
    const [outcome] = await runRemediations(client, [aReportedFinding('high')], options);
    expect(outcome?.problem).toBeNull();
  });

  it('says why a job ended without a pull request', async () => {
    const client = fakeClient({
      start: () => Promise.resolve(job({ status: 'queued' })),
      wait: () => Promise.resolve(job({ status: 'failed', failure_reason: 'The upgrade breaks 3 tests' })),
    });
    const [outcome] = await runRemediations(client, [aReportedFinding('high')], options);
    expect(outcome?.problem).toBe(
      'the job ended without a pull request (failed): The upgrade breaks 3 tests',
    );
    expect(outcome?.prUrl).toBe('');
  });

  it('turns a 403 into advice, not a crash, and goes on with the other targets', async () => {
    const targets = [aReportedFinding('critical'), aReportedFinding('high')];
    const client = fakeClient({
      start: (id) =>
        id === targets[0]?.id
          ? Promise.reject(
              new AuthError('POST /findings/x/remediate failed with 403: forbidden', { statusCode: 403 }),
            )
          : Promise.resolve(job({ id: 'r2', pr_url: 'https://x/pull/2', branch: 'b2' })),
    });
    const outcomes = await runRemediations(client, targets, options);
    expect(outcomes[0]?.problem).toMatch(
      /may not start remediations \(403\): use a key with the member role/,
    );
    expect(outcomes[1]).toMatchObject({ jobId: 'r2', problem: null });
  });

  it('reports a job that could not be started or did not finish', async () => {
    const started = fakeClient({
      start: () => Promise.resolve(job({ status: 'running' })),
      wait: () => Promise.reject(new Error('Timed out after 1 s waiting for remediation r1')),
    });
    const [timedOut] = await runRemediations(started, [aReportedFinding('high')], options);
    expect(timedOut?.problem).toBe('the job did not finish: Timed out after 1 s waiting for remediation r1');

    const failing = fakeClient({
      start: () => Promise.reject(new ServerError('POST failed with 500', { statusCode: 500 })),
    });
    const [notStarted] = await runRemediations(failing, [aReportedFinding('high')], options);
    expect(notStarted).toMatchObject({
      jobId: null,
      problem: 'the job could not be started: POST failed with 500',
    });
  });
});
