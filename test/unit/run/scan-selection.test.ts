import { describe, expect, it } from 'vitest';
import type { Scan } from '../../../src/client/types.ts';
import { evaluateNewFindingsGate } from '../../../src/domain/gate.ts';
import { REUSE_WINDOW_MS, findBaselineScan, findReusableScan } from '../../../src/run/scan-selection.ts';
import { zeroCounts } from '../../../src/domain/severity.ts';

const SHA = '3f786850e387550fdab836ed7e6dc881de23001b';
const OTHER_SHA = '89e6c98d92887913cadf06b2adb97f26cde4849b';
const NOW = Date.parse('2026-11-23T12:00:00Z');
const ago = (ms: number): string => new Date(NOW - ms).toISOString();

function scan(overrides: Partial<Scan>): Scan {
  return {
    id: 's',
    status: 'completed',
    modules: [
      { name: 'sast', status: 'completed' },
      { name: 'secrets', status: 'completed' },
    ],
    ref: SHA,
    created_at: ago(60_000),
    ...overrides,
  };
}

describe('findReusableScan', () => {
  const criteria = { ref: SHA, modules: [], frameworks: [] };

  it('takes the newest queued, running or completed scan of the commit from the last hour', () => {
    const scans = [scan({ id: 'new', status: 'running' }), scan({ id: 'old' })];
    expect(findReusableScan(scans, criteria, NOW)?.id).toBe('new');
  });

  it.each([
    ['failed', scan({ status: 'failed' })],
    ['cancelled', scan({ status: 'cancelled' })],
    ['another commit', scan({ ref: OTHER_SHA })],
    ['older than an hour', scan({ created_at: ago(REUSE_WINDOW_MS + 1) })],
    ['without a creation time', scan({ created_at: undefined })],
    ['other modules', scan({ modules: [{ name: 'iac', status: 'completed' }] })],
    ['other frameworks', scan({ frameworks: ['soc2'] })],
  ])('never reuses a scan that is %s', (_, candidate) => {
    expect(
      findReusableScan([candidate], { ref: SHA, modules: ['sast', 'secrets'], frameworks: ['pci'] }, NOW),
    ).toBeUndefined();
  });

  it.each(['main', 'refs/heads/main', 'HEAD', 'v1.2.0', SHA.slice(0, 12)])(
    'never reuses a scan of %s, a ref that may have moved since',
    (ref) => {
      const scans = [scan({ ref })];
      expect(findReusableScan(scans, { ...criteria, ref }, NOW)).toBeUndefined();
    },
  );

  it('takes any module set when none is requested, and frameworks only where reported', () => {
    expect(findReusableScan([scan({})], { ref: SHA, modules: [], frameworks: ['pci'] }, NOW)?.id).toBe('s');
  });
});

describe('findBaselineScan', () => {
  const head = {
    modules: [
      { name: 'SAST', status: 'queued' },
      { name: 'secrets', status: 'queued' },
    ],
  };

  it('takes a completed scan of the baseline commit with the same set of modules', () => {
    const scans = [
      scan({ id: 'running', status: 'running' }),
      scan({ id: 'sast-only', modules: [{ name: 'sast', status: 'completed' }] }),
      scan({ id: 'base' }),
    ];
    expect(findBaselineScan(scans, SHA, head)?.id).toBe('base');
    expect(findBaselineScan(scans, 'other', head)).toBeUndefined();
  });
});

describe('evaluateNewFindingsGate', () => {
  const counts = { ...zeroCounts(), high: 1, medium: 2 };

  it('fails on new findings at or above fail-on, naming the existing ones that do not fail', () => {
    const verdict = evaluateNewFindingsGate({
      counts,
      newCounts: { ...zeroCounts(), medium: 1 },
      existingCounts: { ...zeroCounts(), high: 1, medium: 1 },
      failOn: 'medium',
    });
    expect(verdict).toEqual({
      passed: false,
      failingFindings: 3,
      reason:
        '1 new finding is medium or above (fail-on: medium): 1 medium; 2 existing findings medium or above do not fail the gate.',
    });
  });

  it('passes when only existing findings are at or above fail-on, but never with an incomplete module', () => {
    const input = { counts, newCounts: zeroCounts(), existingCounts: counts, failOn: 'high' as const };
    expect(evaluateNewFindingsGate(input)).toMatchObject({
      passed: true,
      reason:
        'No new finding is high or above (fail-on: high). 1 existing finding high or above does not fail the gate.',
    });
    expect(evaluateNewFindingsGate({ ...input, incompleteModules: ['iac (failed)'] }).passed).toBe(false);
  });
});
