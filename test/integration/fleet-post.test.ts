import { appendFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { runPost } from '../../src/action/post.ts';
import { Ledger } from '../../src/fleet/ledger.ts';
import { StartSeal } from '../../src/fleet/start-seal.ts';
import { KEYS, createScan, get } from '../emulator/helpers.ts';
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

/** The main step's seal: its nonce is in the step's state, where no other step reads it. */
const SEAL = StartSeal.drawn();

/** A ledger as a killed main step leaves it: each scan started (sealed), some ended, the run never finished. */
function ledgerOf(started: { repositoryId: string; scanId: string; ended?: boolean }[]): string {
  const path = join(mkdtempSync(join(tmpdir(), 'svc-fleet-post-')), 'ledger.jsonl');
  const ledger = Ledger.open(path, undefined, undefined, SEAL);
  for (const { repositoryId, scanId, ended } of started) {
    ledger.starting(repositoryId, repositoryId, []);
    ledger.started(repositoryId, scanId);
    if (ended) ledger.ended(repositoryId, scanId);
  }
  ledger.close();
  return path;
}

async function scanStatus(id: string): Promise<string> {
  return ((await get(emulator, `/scans/${id}`)).body as { status: string }).status;
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
    const toolkit = await postWith({ 'fleet-ledger': path, 'fleet-nonce': SEAL.nonce });
    expect(emulator.stats().cancels).toBe(2);
    expect(toolkit.log.join('\n')).toContain(`Fleet scan ${running.id} is still`);
    expect(toolkit.log.join('\n')).not.toContain(ended.id);
    expect(toolkit.failed).toBeUndefined();
  });

  it('sends nothing when the main step kept no ledger, or the ledger lists nothing open', async () => {
    await postWith({ 'fleet-ledger': '', 'fleet-nonce': SEAL.nonce });
    await postWith({ 'fleet-ledger': join(tmpdir(), 'svc-no-such-ledger.jsonl'), 'fleet-nonce': SEAL.nonce });
    expect(emulator.stats().requests_total).toBe(0);
  });

  it('never cancels a scan a later step appended to the ledger, and names the line it passed over', async () => {
    const ours = await createScan(emulator, 'repo_stuck');
    const anotherTeams = await createScan(emulator, 'repo_stuck');
    const path = ledgerOf([{ repositoryId: 'repo_stuck', scanId: ours.id }]);
    const line = {
      event: 'started',
      repository_id: 'repo_x',
      scan_id: anotherTeams.id,
      at: '2026-11-28T02:00:00Z',
    };
    appendFileSync(path, `${JSON.stringify(line)}\n`);
    appendFileSync(path, `${JSON.stringify({ ...line, mac: StartSeal.drawn().of(anotherTeams.id) })}\n`);
    const toolkit = await postWith({ 'fleet-ledger': path, 'fleet-nonce': SEAL.nonce });
    expect(emulator.stats().cancels).toBe(1);
    expect(await scanStatus(anotherTeams.id)).toBe('running');
    expect(toolkit.log.join('\n')).toContain(
      `The ledger names scan ${anotherTeams.id} on a line the main step did not write: it is not cancelled.`,
    );
  });

  it('cancels nothing once the main step ended by itself, or when it kept no nonce', async () => {
    const running = await createScan(emulator, 'repo_stuck');
    const path = ledgerOf([{ repositoryId: 'repo_stuck', scanId: running.id }]);
    const before = emulator.stats().requests_total;
    await postWith({ 'fleet-ledger': path, 'fleet-nonce': SEAL.nonce, 'fleet-finished': 'true' });
    await postWith({ 'fleet-ledger': path, 'fleet-nonce': '' });
    expect(emulator.stats().requests_total).toBe(before);
  });
});
