import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FleetUsageError } from '../../../src/fleet/fleet-usage-error.ts';
import { Ledger } from '../../../src/fleet/ledger.ts';

function ledgerPath(): string {
  return join(mkdtempSync(join(tmpdir(), 'ledger-')), 'ledger.jsonl');
}

/** A run of `run` that wrote a start and was killed before its record: the ledger is left unfinished. */
function crashedRun(path: string, run: string, runId: string | null = null): void {
  const ledger = Ledger.open(path, { run, runId });
  ledger.starting('repo_1', 'acme/api', ['scan_1']);
  ledger.close();
}

describe('a ledger shared by runs of two selections', () => {
  it('is refused, naming both, when another selection left it unfinished: its records are never lost', () => {
    const path = ledgerPath();
    crashedRun(path, 'repositories acme/api; shard 1/2');
    const before = readFileSync(path, 'utf8');
    expect(() => Ledger.open(path, { run: 'repositories acme/web; shard 2/2', runId: null })).toThrow(
      FleetUsageError,
    );
    expect(() => Ledger.check(path, { run: 'repositories acme/web; shard 2/2', runId: null })).toThrow(
      `--ledger ${path} was left unfinished by another run (repositories acme/api; shard 1/2), not by this one ` +
        '(repositories acme/web; shard 2/2)',
    );
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('is taken over by a re-run of the same selection', () => {
    const path = ledgerPath();
    crashedRun(path, 'all; shard 1/2');
    const ledger = Ledger.open(path, { run: 'all; shard 1/2', runId: null });
    expect(ledger.recorded('repo_1')?.listed).toEqual(['scan_1']);
    ledger.close();
  });

  it('is begun afresh by any selection once finished', () => {
    const path = ledgerPath();
    const first = Ledger.open(path, { run: 'all', runId: null });
    first.finished();
    first.close();
    expect(() => {
      Ledger.check(path, { run: 'project prj_1', runId: null });
      Ledger.open(path, { run: 'project prj_1', runId: null }).close();
    }).not.toThrow();
  });
});

/** A run that started `repo_1`'s scan `scan_9` and ended by itself: its ledger is finished. */
function finishedRun(path: string, run: string, runId: string | null): void {
  const ledger = Ledger.open(path, { run, runId });
  ledger.starting('repo_1', 'acme/api', []);
  ledger.started('repo_1', 'scan_9');
  ledger.ended('repo_1', 'scan_9');
  ledger.finished();
  ledger.close();
}

describe("a ledger and its run's id", () => {
  it('writes the run id on its begun line', () => {
    const path = ledgerPath();
    finishedRun(path, 'all', '7091826354');
    const begun = JSON.parse(readFileSync(path, 'utf8').split('\n')[0] ?? '') as Record<string, unknown>;
    expect(begun).toMatchObject({ event: 'begun', run: 'all', run_id: '7091826354' });
  });

  it('is replayed, its scans kept, by another attempt of the same run once finished', () => {
    const path = ledgerPath();
    finishedRun(path, 'all', '7091826354');
    const ledger = Ledger.open(path, { run: 'all', runId: '7091826354' });
    expect(ledger.take).toBe('replay');
    expect(ledger.recorded('repo_1')?.scanId).toBe('scan_9');
    ledger.close();
    expect(readFileSync(path, 'utf8')).toContain('"scan_id":"scan_9"');
  });

  it('is begun afresh, once finished, by another run id, another selection or no run id', () => {
    for (const run of [
      { run: 'all', runId: '7091826355' },
      { run: 'project prj_1', runId: '7091826354' },
      { run: 'all', runId: null },
    ]) {
      const path = ledgerPath();
      finishedRun(path, 'all', '7091826354');
      const ledger = Ledger.open(path, run);
      expect(ledger.take).toBe('begin');
      expect(ledger.recorded('repo_1')).toBeUndefined();
      ledger.close();
      expect(readFileSync(path, 'utf8')).not.toContain('scan_9');
    }
  });

  it('is refused before any request, naming both ids, when another run id left it unfinished', () => {
    const path = ledgerPath();
    crashedRun(path, 'all', 'job-uid-1');
    const before = readFileSync(path, 'utf8');
    expect(() => Ledger.check(path, { run: 'all', runId: 'job-uid-2' })).toThrow(
      /left unfinished by run job-uid-1, not by this run \(job-uid-2\)/,
    );
    expect(() => Ledger.open(path, { run: 'all', runId: null })).toThrow(FleetUsageError);
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('is taken over when left unfinished by the same run id, or with no run id (a ledger of before run ids)', () => {
    const path = ledgerPath();
    crashedRun(path, 'all', 'job-uid-1');
    expect(Ledger.open(path, { run: 'all', runId: 'job-uid-1' }).take).toBe('take-over');
    const old = ledgerPath();
    crashedRun(old, 'all', null);
    expect(Ledger.open(old, { run: 'all', runId: 'job-uid-1' }).take).toBe('take-over');
  });
});
