import { describe, expect, it } from 'vitest';
import { fleetExitCode } from '../../../src/fleet/fleet-exit.ts';
import { FleetUsageError } from '../../../src/fleet/fleet-usage-error.ts';
import { mergeRollUps, type ShardRollUp } from '../../../src/fleet/rollup-merge.ts';
import { parseRollUp } from '../../../src/fleet/rollup-read.ts';
import { shardOf } from '../../../src/fleet/shard.ts';
import type { RepositoryOutcome } from '../../../src/fleet/rollup.ts';
import { outcome, rollUpOf } from './rollup-fixtures.ts';

const NAMES = Array.from({ length: 30 }, (_, i) => `acme/repo-${i}`);

/** Shard i of n of NAMES, each repository passed (or as `gate` says). */
function shard(index: number, count: number, gate: 'passed' | 'failed' = 'passed'): ShardRollUp {
  const mine = NAMES.filter((name) => shardOf(name, count) === index);
  return {
    where: `rollup-${index}.json`,
    rollUp: rollUpOf(
      mine.map((name) => outcome(name, gate, gate === 'failed' ? { high: 1 } : {})),
      { shard: `${index}/${count}`, selected: NAMES },
    ),
  };
}

describe('svc fleet merge', () => {
  it('merges every shard into one whole roll-up, in shard order, with totals counted again', () => {
    const merged = mergeRollUps([shard(3, 3), shard(1, 3, 'failed'), shard(2, 3)], false);
    expect(merged.shard).toBeNull();
    expect(merged.repositories.map((o) => o.repository).sort()).toEqual([...NAMES].sort());
    expect(merged.repositories[0]?.gate).toBe('failed');
    expect(merged.totals.repositories).toBe(30);
    expect(merged.totals.failed).toBe(NAMES.filter((name) => shardOf(name, 3) === 1).length);
    expect(merged.missing_shards).toEqual([]);
    expect(fleetExitCode(merged)).toBe(1);
  });

  it.each([
    ['a missing shard', [shard(1, 3), shard(3, 3)], 'Shard 2/3 is missing'],
    [
      'a repeated shard',
      [shard(1, 2), shard(2, 2), { ...shard(2, 2), where: 'again.json' }],
      'Shard 2/2 is given twice: rollup-2.json and again.json',
    ],
    [
      'a shard of another n',
      [shard(1, 2), shard(2, 3)],
      'Shard 2/3 (rollup-2.json) is of another n than shard 1/2 (rollup-1.json)',
    ],
    [
      'a whole fleet',
      [{ where: 'whole.json', rollUp: rollUpOf([outcome('acme/a', 'passed')]) }],
      'whole.json is the roll-up of a whole fleet',
    ],
    ['nothing', [], 'Give the roll-ups'],
  ] as const)('refuses %s, naming the shard', (_, parts, message) => {
    expect(() => mergeRollUps(parts, false)).toThrow(FleetUsageError);
    expect(() => mergeRollUps(parts, false)).toThrow(message);
  });

  it('refuses shards judged with another fail-on, naming them', () => {
    const critical = shard(2, 2);
    critical.rollUp.fail_on = 'critical';
    expect(() => mergeRollUps([shard(1, 2), critical], false)).toThrow(
      'Shard 2/2 (rollup-2.json) was judged with fail-on critical, shard 1/2 (rollup-1.json) with high',
    );
  });

  it('refuses shards that disagree on reading policy files, naming them', () => {
    const read = shard(2, 2);
    read.rollUp.repository_policy = true;
    expect(() => mergeRollUps([shard(1, 2), read], false)).toThrow(
      'Shard 2/2 (rollup-2.json) read policy files, shard 1/2 (rollup-1.json) read no policy file',
    );
    const unknown = shard(1, 2);
    unknown.rollUp.repository_policy = null;
    expect(() => mergeRollUps([unknown, shard(2, 2)], false)).toThrow(
      'Shard 2/2 (rollup-2.json) read no policy file, shard 1/2 (rollup-1.json) does not say whether it read policy files',
    );
    const agreed = mergeRollUps(
      [{ ...read, where: 'one.json', rollUp: { ...shard(1, 2).rollUp, repository_policy: true } }, read],
      false,
    );
    expect(agreed.repository_policy).toBe(true);
  });

  it('refuses a repository in two shards: they are not of one run', () => {
    const first = shard(1, 2);
    const second = shard(2, 2);
    second.rollUp.repositories.push(first.rollUp.repositories[0] ?? outcome('acme/x', 'passed'));
    expect(() => mergeRollUps([first, second], false)).toThrow(
      /is in shard 1\/2 \(rollup-1.json\) and in shard 2\/2/,
    );
  });

  it("with --allow-missing, reports the missing shard's repositories as not judged (exit 4), from the recorded selection", () => {
    const merged = mergeRollUps([shard(1, 3), shard(3, 3)], true);
    const missing = NAMES.filter((name) => shardOf(name, 3) === 2);
    expect(missing.length).toBeGreaterThan(0);
    expect(merged.repositories.map((o) => o.repository).sort()).toEqual([...NAMES].sort());
    const reported = merged.repositories.filter((o) => o.gate === null);
    expect(reported.map((o) => o.repository).sort()).toEqual([...missing].sort());
    expect(reported[0]).toMatchObject({
      scan_id: null,
      status: 'not-started',
      error: 'The roll-up of shard 2/3 is missing.',
    });
    expect(merged.missing_shards).toEqual(['2/3']);
    expect(merged.totals.not_judged).toBe(missing.length);
    expect(fleetExitCode(merged)).toBe(4);
  });

  it('with --allow-missing and no recorded selection, still exits 4 and names the missing shard', () => {
    const first = shard(1, 2);
    const merged = mergeRollUps([{ ...first, rollUp: { ...first.rollUp, selected: null } }], true);
    expect(merged.missing_shards).toEqual(['2/2']);
    expect(merged.repositories.every((o) => o.gate === 'passed')).toBe(true);
    expect(fleetExitCode(merged)).toBe(4);
  });

  it('keeps a refused key of any shard: exit 3', () => {
    const refused = shard(2, 2);
    refused.rollUp.stopped_by = 'key-refused';
    expect(fleetExitCode(mergeRollUps([shard(1, 2), refused], false))).toBe(3);
  });
});

describe('a roll-up read from its file', () => {
  it('reads what the roll-up writes, counting the totals again', () => {
    const written = shard(1, 2).rollUp;
    const text = JSON.stringify({ ...written, totals: { repositories: 999 } });
    const read = parseRollUp(text, 'a.json');
    expect(read.totals).toEqual(written.totals);
    expect(read.repositories).toEqual(written.repositories);
    expect(read.selected).toEqual(NAMES);
  });

  it.each([
    ['not JSON', '{', 'a.json is not a roll-up: it is not JSON'],
    ['an array', '[]', 'a.json is not a roll-up: it is an array'],
    [
      'a bad gate',
      JSON.stringify({ shard: null, repositories: [{ ...outcome('a/b', 'passed'), gate: 'maybe' }] }),
      'repositories[0].gate',
    ],
    [
      'a negative count',
      JSON.stringify({
        shard: null,
        repositories: [{ ...outcome('a/b', 'passed'), findings: { critical: -1 } }],
      }),
      'repositories[0].findings.critical',
    ],
    ['no repositories', JSON.stringify({ shard: '1/2' }), 'lacks field "repositories"'],
  ])('refuses %s, naming the file', (_, text, message) => {
    expect(() => parseRollUp(text, 'a.json')).toThrow(FleetUsageError);
    expect(() => parseRollUp(text, 'a.json')).toThrow(message);
  });
});

describe('svc fleet merge of hand-made roll-ups', () => {
  it("refuses a shard that claims another shard's repository, naming both", () => {
    const first = shard(1, 2);
    const stranger = NAMES.find((name) => shardOf(name, 2) === 2) ?? '';
    const second = shard(2, 2);
    second.rollUp.repositories = second.rollUp.repositories.filter((o) => o.repository !== stranger);
    first.rollUp.repositories.push(outcome(stranger, 'passed'));
    expect(() => mergeRollUps([first, second], false)).toThrow(FleetUsageError);
    expect(() => mergeRollUps([first, second], false)).toThrow(
      `${stranger} is in the roll-up of shard 1/2 (rollup-1.json), but it is of shard 2/2`,
    );
  });

  it('refuses a repository listed twice in one shard', () => {
    const first = shard(1, 2);
    const twice = first.rollUp.repositories[0] ?? outcome('acme/x', 'passed');
    first.rollUp.repositories.push({ ...twice, repository: twice.repository.toUpperCase() });
    expect(() => mergeRollUps([first, shard(2, 2)], false)).toThrow(
      `${twice.repository.toUpperCase()} is listed twice in shard 1/2 (rollup-1.json)`,
    );
  });

  it("reports as not judged (exit 4) a repository of a shard's part of the selection that its roll-up leaves out", () => {
    const first = shard(1, 2);
    const dropped = first.rollUp.repositories.shift();
    const merged = mergeRollUps([first, shard(2, 2)], false);
    const reported = merged.repositories.filter((o) => o.gate === null);
    expect(reported.map((o) => [o.repository, o.error])).toEqual([
      [dropped?.repository, 'The roll-up of shard 1/2 does not list it, though the selection did.'],
    ]);
    expect(merged.totals.repositories).toBe(NAMES.length);
    expect(fleetExitCode(merged)).toBe(4);
  });
});

describe('a hand-made roll-up read from its file', () => {
  const judged = (changes: Record<string, unknown>) =>
    JSON.stringify({ ...shard(1, 2).rollUp, repositories: [{ ...outcome('a/b', 'passed'), ...changes }] });

  it.each([
    ['passed with no scan', { scan_id: null }, 'repositories[0] (a/b) is passed without a scan'],
    ['passed with an error', { error: 'the scan failed' }, 'repositories[0] (a/b) is passed with an error'],
    [
      'passed with a failed scan',
      { status: 'failed' },
      'repositories[0] (a/b) is passed, but its scan\'s status is "failed"',
    ],
    [
      'passed with findings at fail-on',
      { findings: { critical: 2, high: 0, medium: 0, low: 0, info: 0 } },
      'repositories[0] (a/b) is passed with 2 findings at or above fail-on high',
    ],
    [
      'not judged without why',
      { gate: null, error: null },
      'repositories[0] (a/b) is not judged without an error',
    ],
  ])('refuses a repository %s, naming it', (_, changes, message) => {
    expect(() => parseRollUp(judged(changes), 'a.json')).toThrow(FleetUsageError);
    expect(() => parseRollUp(judged(changes), 'a.json')).toThrow(`a.json is not a roll-up: ${message}`);
  });

  const uploaded = {
    sarif_id: 'sarif-1',
    processing_status: 'complete',
    alerts_url: 'https://github.com/a/b/security/code-scanning',
    error: null,
  };

  it('takes an upload to code scanning as information: it neither makes nor saves a verdict', () => {
    const read = parseRollUp(judged({ code_scanning: uploaded }), 'a.json');
    expect(read.repositories[0]).toMatchObject({ gate: 'passed', code_scanning: uploaded });
    expect(() =>
      parseRollUp(judged({ error: 'the scan failed', code_scanning: uploaded }), 'a.json'),
    ).toThrow('a.json is not a roll-up: repositories[0] (a/b) is passed with an error');
    expect(() => parseRollUp(judged({ code_scanning: { ...uploaded, sarif_id: 7 } }), 'a.json')).toThrow(
      FleetUsageError,
    );
  });
});

describe('svc fleet merge and the run each roll-up is of', () => {
  const ofRun = (part: ShardRollUp, runId: string | null): ShardRollUp => ({
    ...part,
    rollUp: { ...part.rollUp, run_id: runId },
  });

  it.each([
    ['another run id', '7091826355', 'is of run 7091826355, shard 1/2 (rollup-1.json) of run 7091826354'],
    ['no run id beside one', null, 'is of no run id, shard 1/2 (rollup-1.json) of run 7091826354'],
  ] as const)(
    'refuses a shard of %s (a roll-up left by another night), naming both',
    (_, theirs, message) => {
      const parts = [ofRun(shard(1, 2), '7091826354'), ofRun(shard(2, 2), theirs)];
      expect(() => mergeRollUps(parts, false)).toThrow(FleetUsageError);
      expect(() => mergeRollUps(parts, false)).toThrow(message);
    },
  );

  it('merges shards of one run id, or all without one, and keeps the run, the night and the ref', () => {
    const merged = mergeRollUps([ofRun(shard(2, 2), 'job-uid'), ofRun(shard(1, 2), 'job-uid')], false);
    expect(merged).toMatchObject({
      run_id: 'job-uid',
      started_at: '2026-11-28T01:00:00Z',
      finished_at: '2026-11-28T02:00:00Z',
      ref: null,
      verified: false,
    });
    expect(mergeRollUps([shard(1, 2), shard(2, 2)], false).run_id).toBeNull();
  });

  it('judges neither of two shards’ repositories that claim one scan', () => {
    const [one, two] = [shard(1, 2), shard(2, 2)];
    const stolen = one.rollUp.repositories[0]?.scan_id ?? '';
    const [victim, ...rest] = two.rollUp.repositories;
    two.rollUp.repositories = [{ ...(victim as RepositoryOutcome), scan_id: stolen }, ...rest];
    const merged = mergeRollUps([one, two], false);
    const claimed = merged.repositories.filter((o) => o.scan_id === stolen);
    expect(claimed.map((o) => [o.gate, o.error?.startsWith(`scan ${stolen} is claimed by `)])).toEqual([
      [null, true],
      [null, true],
    ]);
    expect(fleetExitCode(merged)).toBe(4);
  });

  it('reads a roll-up written before run ids with them as null', () => {
    const { run_id, started_at, finished_at, ref, verified, ...old } = shard(1, 1).rollUp;
    expect([run_id, started_at, finished_at, ref, verified]).not.toEqual([null, null, null, null, null]);
    expect(parseRollUp(JSON.stringify(old), 'old.json')).toMatchObject({
      run_id: null,
      started_at: null,
      finished_at: null,
      ref: null,
      verified: null,
    });
  });
});
