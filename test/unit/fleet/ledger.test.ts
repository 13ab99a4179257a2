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
function crashedRun(path: string, run: string): void {
  const ledger = Ledger.open(path, run);
  ledger.starting('repo_1', 'acme/api', ['scan_1']);
  ledger.close();
}

describe('a ledger shared by runs of two selections', () => {
  it('is refused, naming both, when another selection left it unfinished: its records are never lost', () => {
    const path = ledgerPath();
    crashedRun(path, 'repositories acme/api; shard 1/2');
    const before = readFileSync(path, 'utf8');
    expect(() => Ledger.open(path, 'repositories acme/web; shard 2/2')).toThrow(FleetUsageError);
    expect(() => Ledger.check(path, 'repositories acme/web; shard 2/2')).toThrow(
      `--ledger ${path} was left unfinished by another run (repositories acme/api; shard 1/2), not by this one ` +
        '(repositories acme/web; shard 2/2)',
    );
    expect(readFileSync(path, 'utf8')).toBe(before);
  });

  it('is taken over by a re-run of the same selection', () => {
    const path = ledgerPath();
    crashedRun(path, 'all; shard 1/2');
    const ledger = Ledger.open(path, 'all; shard 1/2');
    expect(ledger.recorded('repo_1')?.listed).toEqual(['scan_1']);
    ledger.close();
  });

  it('is begun afresh by any selection once finished', () => {
    const path = ledgerPath();
    const first = Ledger.open(path, 'all');
    first.finished();
    first.close();
    expect(() => {
      Ledger.check(path, 'project prj_1');
      Ledger.open(path, 'project prj_1').close();
    }).not.toThrow();
  });
});
