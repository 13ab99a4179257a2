import { describe, expect, it } from 'vitest';
import type { ServiceClient } from '../../../src/client/index.ts';
import type { FindingDetail } from '../../../src/client/types.ts';
import type { ReportedFinding } from '../../../src/domain/finding-tally.ts';
import { readFixes } from '../../../src/run/fixes-step.ts';

function finding(id: string, severity: ReportedFinding['severity']): ReportedFinding {
  return { id, severity, title: id, filePath: `src/${id}.ts`, line: 1 };
}

/** A service that holds a fix for every finding, and an AI patch for `ai_only`; it counts what it is asked. */
function service(asked: string[]): ServiceClient {
  return {
    getFinding: (id: string) => {
      asked.push(id);
      const fix = id === 'ai_only' ? null : { unified_diff: `--- fix of ${id}` };
      return Promise.resolve({ id, fix } as unknown as FindingDetail);
    },
    getAiPatches: () =>
      Promise.resolve({ patches: [{ finding_id: 'ai_only', unified_diff: '--- ai patch' }] }),
  } as unknown as ServiceClient;
}

const findings = [finding('crit', 'critical'), finding('ai_only', 'high'), finding('med', 'medium')];
const signal = new AbortController().signal;

describe('readFixes', () => {
  it("reads the fixes of the findings at or above the verdict's fail-on, the AI patch standing in", async () => {
    const asked: string[] = [];
    const fixes = await readFixes(service(asked), {
      scanId: 'scan_1',
      results: { findings, failOn: 'high' },
      aiSucceeded: true,
      max: 20,
      signal,
    });
    expect(fixes).toEqual([
      { findingId: 'crit', diff: '--- fix of crit' },
      { findingId: 'ai_only', diff: '--- ai patch' },
    ]);
    expect(asked).toEqual(['crit', 'ai_only']);
  });

  it('takes fail-on from the results it is given, and reads at most max', async () => {
    const asked: string[] = [];
    const request = { scanId: 'scan_1', aiSucceeded: false, signal };
    expect(
      await readFixes(service(asked), { ...request, results: { findings, failOn: 'critical' }, max: 20 }),
    ).toEqual([{ findingId: 'crit', diff: '--- fix of crit' }]);
    expect(
      await readFixes(service(asked), { ...request, results: { findings, failOn: 'none' }, max: 20 }),
    ).toEqual([]);
    expect(
      await readFixes(service(asked), { ...request, results: { findings, failOn: 'info' }, max: 1 }),
    ).toHaveLength(1);
    expect(asked).toEqual(['crit', 'crit']);
  });

  it('under the new-findings gate, reads only the new ones', async () => {
    const asked: string[] = [];
    const comparison = { newFindings: [finding('med', 'medium')] } as never;
    await readFixes(service(asked), {
      scanId: 'scan_1',
      results: { findings, failOn: 'low', comparison },
      aiSucceeded: false,
      max: 20,
      signal,
    });
    expect(asked).toEqual(['med']);
  });
});
