import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { KEYS } from '../emulator/helpers.ts';
import { runMainAgainst, startFastE2e, type InProcessRun } from '../support/in-process-action.ts';

/**
 * The insights of a run in-process, against the emulator with faults: what a failed read becomes (a note, a line
 * of the log, a framework's own problem), and that only the overall compliance score gates.
 */

let emulator: Emulator;
beforeEach(async () => {
  emulator = await startFastE2e();
});
afterEach(() => emulator.close());

const CLEAN = { 'api-key': KEYS.member, repository: 'acme/clean-service' };

function warnings(run: InProcessRun): string[] {
  return run.toolkit.annotations.filter((a) => a.level === 'warning').map((a) => a.message);
}

describe('the insights of a run', () => {
  it('warns when the analysis cannot be started, and starts it only once', async () => {
    emulator.setFaults([{ kind: 'error', path: '/scans/*/ai-analysis', method: 'POST', status: 500 }]);
    const run = await runMainAgainst(emulator, { ...CLEAN, 'ai-analysis': 'true' });
    expect(run.toolkit.failed).toBeUndefined();
    expect(run.toolkit.outputs.result).toBe('passed');
    expect(run.toolkit.outputs['ai-risk-score']).toBeUndefined();
    expect(emulator.stats().requests['POST /api/v1/scans/{id}/ai-analysis']).toBe(1);
    expect(emulator.stats().requests['GET /api/v1/scans/{id}/ai-analysis']).toBeUndefined();
    expect(warnings(run)).toContainEqual(
      expect.stringMatching(
        /^The AI analysis of scan \S+ could not be started \(.*500.*\); the verdict does not/,
      ),
    );
    expect(run.toolkit.summary).toContain('**The AI analysis could not be started:');
  });

  it('shows a framework that cannot be read, and gates on the overall score alone', async () => {
    emulator.setFaults([{ kind: 'error', path: '/compliance/soc2', status: 503 }]);
    const run = await runMainAgainst(emulator, {
      ...CLEAN,
      frameworks: 'owasp-top-10, soc2',
      'min-compliance-score': '1',
    });
    expect(run.toolkit.failed).toBeUndefined();
    expect(run.toolkit.outputs['compliance-score']).toMatch(/^\d+$/);
    expect(run.toolkit.summary).toMatch(
      /\*\*SOC 2[^\n]*\(`soc2`\)[^\n]* · its controls could not be read: .*503/,
    );
    expect(run.toolkit.summary).toContain('(`owasp-top-10`)');
    expect(run.toolkit.summary).toContain('min-compliance-score **1**: ✅ met');
  });

  it('gives the credits left without what the run used when the first reading failed', async () => {
    emulator.setFaults([{ kind: 'error', path: '/billing/usage', status: 500, count: 4 }]);
    const run = await runMainAgainst(emulator, CLEAN);
    expect(run.toolkit.failed).toBeUndefined();
    expect(run.toolkit.log).toContainEqual(
      expect.stringMatching(/^Could not read the credits before the scan: /),
    );
    expect(run.toolkit.summary.trimEnd().split('\n').at(-1)).toMatch(/^_Credits: \*\*\d+\*\* remaining\._$/);
  });

  it('reads nothing of the AI analysis or compliance when not asked, and the posture and credits always', async () => {
    const run = await runMainAgainst(emulator, CLEAN);
    const { requests } = emulator.stats();
    expect(requests['POST /api/v1/scans/{id}/ai-analysis']).toBeUndefined();
    expect(requests['GET /api/v1/compliance/overview']).toBeUndefined();
    expect(requests['GET /api/v1/ai-security/overview']).toBe(1);
    expect(requests['GET /api/v1/billing/usage']).toBe(2);
    expect(run.toolkit.summary).not.toContain('### AI analysis');
    expect(run.toolkit.summary).not.toContain('### Compliance');
    expect(run.toolkit.outputs['compliance-score']).toBeUndefined();
  });

  it('reads nothing more when the scan failed', async () => {
    const run = await runMainAgainst(emulator, {
      'api-key': KEYS.member,
      repository: 'acme/broken-build',
      'ai-analysis': 'true',
      frameworks: 'owasp-top-10',
    });
    expect(run.toolkit.outputs).toMatchObject({ result: 'failed', 'scan-status': 'failed' });
    expect(run.toolkit.failed).toMatch(/^Scan \S+ ended failed; failed modules: dependencies/);
    const { requests } = emulator.stats();
    expect(requests['POST /api/v1/scans/{id}/ai-analysis']).toBeUndefined();
    expect(requests['GET /api/v1/compliance/overview']).toBeUndefined();
    expect(requests['GET /api/v1/billing/usage']).toBe(1);
  });
});
