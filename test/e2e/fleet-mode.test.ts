import { describe, expect, it } from 'vitest';
import { KEYS, runAgainst, useEmulator } from './support.ts';

/**
 * The bundled action (dist/, as the runner runs it) with `repositories:`: the fleet in the job, stopped as a
 * cancelled workflow stops it (SIGINT, then the runner's SIGTERM 7.5 s later) and as a lost runner does (SIGKILL,
 * then the post step).
 */

const emulator = useEmulator();

/** Two scans that never end, and two that do. */
const FLEET = 'acme/endless-monorepo, acme/clean-service, acme/empty-repo, acme/partial-results';

describe('the bundled action with repositories', () => {
  it('writes the roll-up as the job summary, its file and outputs, and fails as svc would', async () => {
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repositories: 'acme/clean-service, acme/vulnerable-app',
    });
    expect(result.exitCode).toBe(1);
    expect(result.outputs['repositories-failed']).toBe('["acme/vulnerable-app"]');
    expect(result.outputs['repositories-not-judged']).toBe('[]');
    expect(result.outputs['fleet-report']).toMatch(/svc-fleet-roll-up\.json$/);
    expect(result.summary).toContain('acme/vulnerable-app');
    expect(emulator.current.stats().scans_created).toBe(2);
  });

  it('cancels every scan in flight on SIGINT, by itself before the runner would follow with SIGTERM', async () => {
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, repositories: FLEET, 'wait-timeout': '600' },
      { signal: 'SIGINT', signalWhen: /endless-monorepo: Started scan scan_\w+/, runPost: true },
    );
    // The step ended by itself (no second signal was needed), non-zero, having cancelled what still ran.
    expect(result.signal).toBeNull();
    expect(result.exitCode).not.toBe(0);
    expect(emulator.current.stats().cancels).toBeGreaterThanOrEqual(1);
    expect(result.outputs['repositories-not-judged']).toContain('acme/endless-monorepo');
    // The main step settled every scan it started: the post step has nothing left to cancel.
    expect(result.post?.stdout).not.toMatch(/cancelling it/);
    expect(result.post?.exitCode).toBe(0);
  });

  it('leaves the ledger for the post step when the runner kills it, and the post step cancels what it lists', async () => {
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, repositories: FLEET, 'wait-timeout': '600' },
      { signal: 'SIGKILL', signalWhen: /endless-monorepo: Started scan scan_\w+/, runPost: true },
    );
    expect(result.signal).toBe('SIGKILL');
    expect(result.state['fleet-ledger']).toMatch(/svc-fleet-ledger\.jsonl$/);
    // One small value seals the ledger's lines; the killed step never said it finished.
    expect(result.state['fleet-nonce']).toMatch(/^[\w-]{43}$/);
    expect(result.state['fleet-finished']).toBe('');
    // Killed, the main step cancelled nothing: the post step did.
    expect(result.stdout).not.toMatch(/Cancelled scan/);
    expect(result.post?.exitCode).toBe(0);
    expect(result.post?.stdout).toMatch(
      /Fleet scan scan_\w+ is still running after the main step; cancelling it/,
    );
    expect(emulator.current.stats().cancels).toBeGreaterThanOrEqual(1);
  });
});
