import { describe, expect, it } from 'vitest';
import { incompleteModules } from '../../../src/run/run-scan.ts';
import { scanStatusOutput } from '../../../src/run/scan-status.ts';

describe('incompleteModules', () => {
  it('names every module that neither completed nor was skipped, with its status', () => {
    const scan = {
      id: 's1',
      status: 'completed',
      modules: [
        { name: 'sast', status: 'completed' },
        { name: 'containers', status: 'skipped' },
        { name: 'iac', status: 'failed' },
        { name: 'secrets', status: 'cancelled' },
        { name: 'deps', status: 'timed_out' },
        { name: 'licenses', status: 'Succeeded' },
      ],
    };
    expect(incompleteModules(scan)).toEqual(['iac (failed)', 'secrets (cancelled)', 'deps (timed_out)']);
  });
});

describe('scanStatusOutput', () => {
  it('says terminal states in the action’s words and passes others through', () => {
    expect(['done', 'error', 'canceled', 'running'].map(scanStatusOutput)).toEqual([
      'completed',
      'failed',
      'cancelled',
      'running',
    ]);
  });
});
