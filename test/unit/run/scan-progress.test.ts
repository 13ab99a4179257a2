import { describe, expect, it } from 'vitest';
import { ScanProgress, formatElapsed } from '../../../src/run/scan-progress.ts';

const scan = (status: string, modules: [string, string][]) => ({
  id: 's1',
  status,
  modules: modules.map(([name, moduleStatus]) => ({ name, status: moduleStatus })),
});

describe('ScanProgress', () => {
  it('logs a line only when the scan or a module changes status', () => {
    const progress = new ScanProgress(0);
    expect(progress.update(scan('queued', [['sast', 'queued']]), 0)).toEqual([
      '[0.0s] scan s1: queued',
      '[0.0s]   module sast: queued',
    ]);
    expect(progress.update(scan('queued', [['sast', 'queued']]), 2000)).toEqual([]);
    expect(progress.update(scan('running', [['sast', 'running']]), 4000)).toEqual([
      '[4.0s] scan s1: running',
      '[4.0s]   module sast: running',
    ]);
    expect(progress.update(scan('running', [['sast', 'completed']]), 65_000)).toEqual([
      '[1m05s]   module sast: completed',
    ]);
  });
});

describe('formatElapsed', () => {
  it('shows seconds under a minute and minutes above', () => {
    expect(formatElapsed(1234)).toBe('1.2s');
    expect(formatElapsed(125_000)).toBe('2m05s');
    expect(formatElapsed(-5)).toBe('0.0s');
  });
});
