import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { runPost } from '../../src/action/post.ts';
import { Ledger } from '../../src/fleet/ledger.ts';
import { KEYS, createScan } from '../emulator/helpers.ts';
import { FakeToolkit } from '../support/fake-toolkit.ts';
import { startFastE2e } from '../support/in-process-action.ts';

/**
 * The action's post step after fleet mode: the main step keeps its ledger's path in the step's state, and the post
 * step cancels what the ledger still lists as started and not ended (the main step was killed before it could).
 */

let emulator: Emulator;
beforeEach(async () => {
  emulator = await startFastE2e();
});
afterEach(async () => {
  await emulator.close();
});

const HOME = mkdtempSync(join(tmpdir(), 'svc-fleet-post-home-'));

/** A ledger as a killed main step leaves it: each scan started, some ended, the run never finished. */
function ledgerOf(started: { repositoryId: string; scanId: string; ended?: boolean }[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-fleet-post-')), 'ledger.jsonl');
  const ledger = Ledger.open(path);
  for (const { repositoryId, scanId, ended } of started) {
    ledger.starting(repositoryId, repositoryId, []);
    ledger.started(repositoryId, scanId);
    if (ended) ledger.ended(repositoryId, scanId);
  }
  ledger.close();
  return path;
}

async function postWith(state: Record<string, string>): Promise<FakeToolkit> {
  const toolkit = new FakeToolkit({ 'api-key': KEYS.member, 'api-url': emulator.baseUrl });
  Object.assign(toolkit.state, state);
  await runPost(toolkit, {}, HOME);
  return toolkit;
}

describe('the post step after fleet mode', () => {
  it('cancels the scans the ledger lists as started and still running, and leaves those that ended', async () => {
    const running = await createScan(emulator, 'repo_stuck');
    const alsoRunning = await createScan(emulator, 'repo_stuck');
    const ended = await createScan(emulator, 'repo_clean');
    const path = ledgerOf([
      { repositoryId: 'repo_stuck', scanId: running.id },
      { repositoryId: 'repo_stuck_2', scanId: alsoRunning.id },
      { repositoryId: 'repo_clean', scanId: ended.id, ended: true },
    ]);
    const toolkit = await postWith({ 'fleet-ledger': path });
    expect(emulator.stats().cancels).toBe(2);
    expect(toolkit.log.join('\n')).toContain(`Fleet scan ${running.id} is still`);
    expect(toolkit.log.join('\n')).not.toContain(ended.id);
    expect(toolkit.failed).toBeUndefined();
  });

  it('sends nothing when the main step kept no ledger, or the ledger lists nothing open', async () => {
    await postWith({ 'fleet-ledger': '' });
    await postWith({ 'fleet-ledger': join(tmpdir(), 'svc-no-such-ledger.jsonl') });
    expect(emulator.stats().requests_total).toBe(0);
  });
});
