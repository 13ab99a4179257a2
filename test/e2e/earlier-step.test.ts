import { describe, expect, it } from 'vitest';
import { KEYS, failureMessage, runAgainst, useEmulator } from './support.ts';

/**
 * What an earlier step of the same job can set for the action: any variable, through $GITHUB_ENV (on
 * pull_request_target, such a step may have run the pull request's code). None of it may make the gate pass
 * without a scan, or send the key somewhere the workflow did not name.
 */
const emulator = useEmulator();

describe('an earlier step in the job', () => {
  it('cannot make the main step run as the post step with STATE_isPost=true', async () => {
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, repository: 'acme/vulnerable-app' },
      { env: { STATE_isPost: 'true' } },
    );
    expect(emulator.current.stats().requests_total).toBeGreaterThan(0);
    expect(result.outputs['scan-id']).toMatch(/^scan_/);
    expect(result.outputs.result).toBe('failed');
    expect(result.exitCode).toBe(1);
    expect(failureMessage(result)).not.toBe('');
  });
});
