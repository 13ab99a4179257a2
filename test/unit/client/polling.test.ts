import { describe, expect, it } from 'vitest';
import { PollTimeoutError, ServiceError } from '../../../src/client/errors.ts';
import { classifyStatus } from '../../../src/client/job-status.ts';
import { pollUntilTerminal, type Poll } from '../../../src/client/polling.ts';
import { FakeClock } from './support/fake-clock.ts';

interface Job {
  status: string;
}

function poll(
  clock: FakeClock,
  statuses: string[],
  overrides: Partial<Poll<Job>> = {},
): Poll<Job> & { fetches: () => number } {
  let fetches = 0;
  return {
    what: 'scan s1',
    fetch: () => {
      const status = statuses[Math.min(fetches, statuses.length - 1)] ?? 'running';
      fetches++;
      return Promise.resolve({ status });
    },
    outcome: (job) => classifyStatus(job.status),
    describe: (job) => job.status,
    intervalMs: 2_000,
    timeoutMs: 600_000,
    sleep: clock.sleep,
    now: clock.now,
    ...overrides,
    fetches: () => fetches,
  };
}

describe('pollUntilTerminal', () => {
  it('polls at the interval until a terminal state and returns it', async () => {
    const clock = new FakeClock();
    const spec = poll(clock, ['queued', 'running', 'completed']);
    const updates: string[] = [];
    const job = await pollUntilTerminal({ ...spec, onUpdate: (j) => updates.push(j.status) });
    expect(job).toEqual({ status: 'completed' });
    expect(clock.sleeps).toEqual([2_000, 2_000]);
    expect(updates).toEqual(['queued', 'running', 'completed']);
  });

  it.each(['failed', 'cancelled', 'canceled', 'error'])(
    'returns a %s job without throwing',
    async (status) => {
      const clock = new FakeClock();
      await expect(pollUntilTerminal(poll(clock, ['running', status]))).resolves.toEqual({ status });
    },
  );

  it('waits one interval before the first fetch when asked to skip it', async () => {
    const clock = new FakeClock();
    const spec = poll(clock, ['running', 'completed'], { skipFirstFetch: true });
    await pollUntilTerminal(spec);
    expect(clock.sleeps).toEqual([2_000, 2_000]);
    expect(spec.fetches()).toBe(2);
  });

  it('stops during the first wait when aborted', async () => {
    const clock = new FakeClock();
    const controller = new AbortController();
    controller.abort(new Error('stop'));
    const spec = poll(clock, ['completed'], { skipFirstFetch: true, signal: controller.signal });
    await expect(pollUntilTerminal(spec)).rejects.toBeInstanceOf(ServiceError);
    expect(spec.fetches()).toBe(0);
  });

  it('returns at once when the first state is terminal', async () => {
    const clock = new FakeClock();
    const spec = poll(clock, ['done']);
    await pollUntilTerminal(spec);
    expect(spec.fetches()).toBe(1);
    expect(clock.sleeps).toEqual([]);
  });

  it('raises a PollTimeoutError (the generic error of the spec) at the deadline, naming the job, the wait and the last status', async () => {
    const clock = new FakeClock();
    const spec = poll(clock, ['queued', 'running'], { intervalMs: 3_000, timeoutMs: 10_000 });
    const error = await pollUntilTerminal(spec).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toBeInstanceOf(PollTimeoutError);
    expect((error as Error).message).toBe(
      'Timed out after 10 s waiting for scan s1 to finish; last status: running',
    );
    // Three full intervals, then the last second before the deadline, then one last look.
    expect(clock.sleeps).toEqual([3_000, 3_000, 3_000, 1_000]);
    expect(spec.fetches()).toBe(5);
  });

  it('ends the wait with the request error', async () => {
    const clock = new FakeClock();
    const failure = new ServiceError('GET /scans/s1 failed with 500');
    const spec = poll(clock, [], { fetch: () => Promise.reject(failure) });
    await expect(pollUntilTerminal(spec)).rejects.toBe(failure);
  });

  it('stops on an aborted signal, before fetching or while sleeping', async () => {
    const clock = new FakeClock();
    const before = new AbortController();
    before.abort(new Error('cancelled by runner'));
    const spec = poll(clock, ['running'], { signal: before.signal });
    await expect(pollUntilTerminal(spec)).rejects.toThrow('Waiting for scan s1 was aborted');
    expect(spec.fetches()).toBe(0);

    const during = new AbortController();
    const sleeping = poll(clock, ['running'], {
      signal: during.signal,
      sleep: (_ms, signal) => {
        during.abort(new Error('stop'));
        return Promise.reject(signal?.reason as Error);
      },
    });
    const error = await pollUntilTerminal(sleeping).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).cause).toEqual(new Error('stop'));
    expect(sleeping.fetches()).toBe(1);
  });
});

describe('pollUntilTerminal and rate limits', () => {
  it('waits out a rate limit the transport would not, when the deadline allows', async () => {
    const { RateLimitError } = await import('../../../src/client/errors.ts');
    const clock = new FakeClock();
    let calls = 0;
    const spec = poll(clock, [], {
      fetch: () => {
        calls += 1;
        if (calls === 1)
          return Promise.reject(new RateLimitError('429', { statusCode: 429, retryAfterMs: 90_000 }));
        return Promise.resolve({ status: 'completed' });
      },
    });
    await expect(pollUntilTerminal(spec)).resolves.toEqual({ status: 'completed' });
    expect(clock.sleeps).toEqual([90_000]);
  });

  it('gives up with the rate limit error when the wait would pass the deadline', async () => {
    const { RateLimitError } = await import('../../../src/client/errors.ts');
    const clock = new FakeClock();
    const limited = new RateLimitError('429', { statusCode: 429, retryAfterMs: 90_000 });
    const spec = poll(clock, [], { timeoutMs: 60_000, fetch: () => Promise.reject(limited) });
    await expect(pollUntilTerminal(spec)).rejects.toBe(limited);
  });
});
