import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { KEYS } from '../emulator/helpers.ts';
import { HEAD_SHA, runMainAgainst, startFastE2e } from '../support/in-process-action.ts';

/**
 * reuse-scan takes a recent scan only of a full commit SHA: a branch name may have moved since that scan, and
 * reusing it across a push would pass a commit nobody scanned.
 */
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startFastE2e();
});
afterEach(async () => {
  await emulator.close();
});

async function scansCreatedBy(ref: string): Promise<{ created: number; log: string }> {
  const before = emulator.stats().scans_created;
  const run = await runMainAgainst(emulator, { 'api-key': KEYS.member, ref, 'fail-on': 'none' });
  return { created: emulator.stats().scans_created - before, log: run.toolkit.log.join('\n') };
}

describe('reuse-scan in the action', () => {
  it('reuses the recent scan of the same commit SHA', async () => {
    await scansCreatedBy(HEAD_SHA);
    const again = await scansCreatedBy(HEAD_SHA);
    expect(again.created).toBe(0);
    expect(again.log).toMatch(/Reusing scan scan_\w+ \(\w+\) of acme\/vulnerable-app/);
  });

  it('starts a new scan of a branch name, which may have moved since, and says why', async () => {
    await scansCreatedBy('main');
    const again = await scansCreatedBy('main');
    expect(again.created).toBe(1);
    expect(again.log).toContain('reuse-scan: main is not a full commit SHA');
    expect(again.log).not.toContain('Reusing scan');
  });
});
