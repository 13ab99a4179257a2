import { describe, expect, it } from 'vitest';
import { failedScanError, isScanFailed } from '../../../src/fleet/failed-scan.ts';
import { FLEET_EXIT, fleetExitCode } from '../../../src/fleet/fleet-exit.ts';
import { renderRollUpMarkdown } from '../../../src/fleet/rollup-markdown.ts';
import { mergeRollUps } from '../../../src/fleet/rollup-merge.ts';
import { parseRollUp } from '../../../src/fleet/rollup-read.ts';
import { shardOf } from '../../../src/fleet/shard.ts';
import { failedScan, outcome, rollUpOf } from './rollup-fixtures.ts';

describe("a failed scan's why", () => {
  it('names the modules whose status is failed, and only those', () => {
    const modules = [
      { name: 'sast', status: 'failed' },
      { name: 'dependencies', status: 'completed' },
      { name: 'secrets', status: 'error' },
      { name: 'iac', status: 'skipped' },
    ];
    expect(failedScanError({ modules })).toBe('the scan failed: modules sast, secrets failed');
    expect(failedScanError({ modules: [{ name: 'iac', status: 'errored' }] })).toBe(
      'the scan failed: module iac failed',
    );
    expect(failedScanError({ modules: [] })).toBe('the scan failed; no module says it failed');
  });

  it('is told by any status the project counts as failed, never by a verdict', () => {
    const broken = failedScan('acme/broken', ['sast']);
    expect(isScanFailed(broken)).toBe(true);
    expect(isScanFailed({ ...broken, status: 'error' })).toBe(true);
    expect(isScanFailed({ ...broken, status: 'cancelled' })).toBe(false);
    expect(isScanFailed({ ...broken, gate: 'failed' })).toBe(false);
    expect(isScanFailed({ ...broken, scan_id: null })).toBe(false);
  });
});

describe('a night whose scan failed', () => {
  const night = rollUpOf([
    outcome('acme/passing', 'passed', { low: 2 }),
    failedScan('acme/broken', ['sast', 'secrets']),
    outcome('acme/cancelled', null),
  ]);

  it('counts it as not judged and as a failed scan, and exits 4 when it is the only problem', () => {
    expect(night.totals).toMatchObject({ failed: 0, passed: 1, not_judged: 2, scan_failed: 1 });
    expect(fleetExitCode(night)).toBe(FLEET_EXIT.notJudged);
    const onlyBroken = rollUpOf([outcome('acme/passing', 'passed'), failedScan('acme/broken', ['sast'])]);
    expect(fleetExitCode(onlyBroken)).toBe(4);
  });

  it('lists it under "Scans that failed" alone: never failing the gate, never twice', () => {
    const markdown = renderRollUpMarkdown(night);
    expect(markdown).not.toContain('Failing the gate');
    const order = [
      '### Scans that failed (1)',
      '| `acme/broken` | `failed` | the scan failed: modules sast, secrets failed |',
      '### Not judged (1)',
      '`acme/cancelled`',
      '<summary>Passed (1)</summary>',
    ];
    const positions = order.map((text) => markdown.indexOf(text));
    expect(
      positions.every((position) => position >= 0),
      markdown,
    ).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(markdown.split('acme/broken')).toHaveLength(2);
  });

  it('is read back from its file with its totals counted again, and kept by a merge', () => {
    const names = ['acme/passing', 'acme/broken'];
    const written = rollUpOf([outcome('acme/passing', 'passed'), failedScan('acme/broken', ['sast'])], {
      shard: '1/1',
      selected: names,
    });
    const text = JSON.stringify({ ...written, totals: { ...written.totals, scan_failed: 7 } });
    const read = parseRollUp(text, 'shard.json');
    expect(read.totals).toMatchObject({ not_judged: 1, scan_failed: 1 });
    expect(names.every((name) => shardOf(name, 1) === 1)).toBe(true);
    const merged = mergeRollUps([{ where: 'shard.json', rollUp: read }], false);
    expect(merged.repositories.find((entry) => entry.repository === 'acme/broken')).toEqual(
      failedScan('acme/broken', ['sast']),
    );
    expect(merged.totals.scan_failed).toBe(1);
    expect(fleetExitCode(merged)).toBe(4);
  });
});
