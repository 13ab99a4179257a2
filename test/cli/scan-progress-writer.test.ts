import { describe, expect, it } from 'vitest';
import { Writer } from '../../src/cli/cli-io.ts';
import { ScanProgressWriter } from '../../src/cli/scan/scan-progress-writer.ts';

const scan = (status: string, iac: string) => ({
  id: 's1',
  status,
  modules: [
    { name: 'sast', status: 'completed' },
    { name: 'iac', status: iac },
  ],
});

function progressOn(isTTY: boolean): { progress: ScanProgressWriter; written: () => string } {
  let text = '';
  let now = 0;
  const writer = new Writer({ write: (chunk: string) => (text += chunk), isTTY }, new Set());
  const progress = new ScanProgressWriter(writer, () => (now += 1500));
  return { progress, written: () => text };
}

describe('ScanProgressWriter', () => {
  it('writes plain lines, one per change, when stderr is not a terminal', () => {
    const { progress, written } = progressOn(false);
    progress.update(scan('running', 'running'));
    progress.update(scan('running', 'running'));
    progress.update(scan('completed', '\u001b[2Jcompleted'));
    progress.stop();
    expect(written()).not.toContain('\r');
    expect(
      written()
        .split('\n')
        .filter((line) => line.includes('module iac')),
    ).toHaveLength(2);
    expect(written()).not.toContain('\u001b');
  });

  it('redraws one line with a spinner on a terminal, and ends it with a line break', () => {
    const { progress, written } = progressOn(true);
    progress.update(scan('running', 'running'));
    progress.update(scan('completed', 'completed'));
    progress.stop();
    const draws = written()
      .split('\r\u001b[2K')
      .filter((part) => part !== '');
    expect(draws.length).toBeGreaterThanOrEqual(3);
    expect(draws[0]).toMatch(/^⠋ scan s1: running · sast completed, iac running \(\d+\.\ds\)$/);
    expect(written().endsWith('\n')).toBe(true);
    expect(written().match(/\n/g)).toHaveLength(1);
  });
});
