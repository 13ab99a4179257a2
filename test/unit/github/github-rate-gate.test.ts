import { describe, expect, it } from 'vitest';
import { GitHubDeferredError, GitHubRateGate } from '../../../src/github/github-rate-gate.ts';
import { FakeClock, recordingLogger } from '../client/support/fake-clock.ts';

const HOUR = 3_600_000;

function gate(clock: FakeClock, deadline = clock.now() + 8 * HOUR): GitHubRateGate {
  return new GitHubRateGate({ deadline, now: clock.now, sleep: clock.sleep, logger: recordingLogger() });
}

/** A request that records when it was sent, answered a turn of the event loop later. */
function request(sent: string[], clock: FakeClock, name: string) {
  return () => {
    sent.push(`${name} at ${clock.now()}`);
    return new Promise<{ headers: Record<string, string> }>((resolve) => {
      setTimeout(() => resolve({ headers: {} }), 1);
    });
  };
}

describe("the GitHub rate gate's line per budget", () => {
  it('lets a read go while a paced upload waits for its turn, and spaces the uploads 750 ms apart', async () => {
    const clock = new FakeClock();
    const start = clock.now();
    const sent: string[] = [];
    const github = gate(clock);
    const signal = new AbortController().signal;
    await Promise.all([
      github.pass('installation', 'POST', signal, request(sent, clock, 'upload 1')),
      github.pass('installation', 'POST', signal, request(sent, clock, 'upload 2')),
      github.pass('installation', 'GET', signal, request(sent, clock, 'head')),
    ]);
    // The read is not held behind the second upload's 750 ms.
    expect(sent).toContain(`head at ${start}`);
    expect(sent).toContain(`upload 1 at ${start}`);
    expect(sent.at(-1)).toBe(`upload 2 at ${start + 750}`);
  });

  it('defers an upload its pace would send only after the deadline, and sends nothing', async () => {
    const clock = new FakeClock();
    const sent: string[] = [];
    const github = gate(clock, clock.now() + 100);
    const signal = new AbortController().signal;
    await github.pass('installation', 'POST', signal, request(sent, clock, 'upload 1'));
    await expect(
      github.pass('installation', 'POST', signal, request(sent, clock, 'upload 2')),
    ).rejects.toBeInstanceOf(GitHubDeferredError);
    expect(sent).toHaveLength(1);
  });
});
