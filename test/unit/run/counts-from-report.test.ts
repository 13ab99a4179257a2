import { describe, expect, it } from 'vitest';
import type { ScanReport } from '../../../src/client/types.ts';
import { evaluateGate } from '../../../src/domain/gate.ts';
import { fleetSettings } from '../../../src/fleet/fleet-settings.ts';
import { collectScanResults, type ResultsReader } from '../../../src/run/findings-step.ts';

/** A fleet judges each repository on its report's severity_breakdown alone: a broken breakdown is never a pass. */
const SETTINGS = fleetSettings({
  ref: undefined,
  concurrency: 1,
  pollIntervalSeconds: 2,
  waitTimeoutSeconds: 60,
  progressIntervalSeconds: 0,
  minCredits: undefined,
  ledgerPath: undefined,
  failOn: 'high',
  severityThreshold: 'low',
});

/** As the service may send it: the decoder keeps every numeric key, known severity or not. */
type ServiceReport = Omit<ScanReport, 'severity_breakdown'> & { severity_breakdown: Record<string, number> };

function readerOf(report: ServiceReport): ResultsReader {
  return {
    getScanReport: () => Promise.resolve(report),
    listFindings: () => Promise.reject(new Error('a counts-only judgement lists no finding')),
  };
}

async function judge(report: ServiceReport) {
  const { tally } = await collectScanResults(
    readerOf(report),
    'scan_1',
    SETTINGS,
    new AbortController().signal,
    {
      rows: 0,
      perSeverity: 0,
      countsOnly: true,
    },
  );
  return evaluateGate(tally.counts, 'high');
}

const zero = { critical: 0, high: 0, medium: 0, low: 0, info: 0 };

describe('a counts-only judgement of a report', () => {
  it('passes a whole, consistent breakdown with nothing at fail-on', async () => {
    const verdict = await judge({
      total_findings: 3,
      risk_score: 1,
      severity_breakdown: { ...zero, low: 3 },
    });
    expect(verdict.passed).toBe(true);
  });

  it('fails on findings the breakdown puts under no known severity (they count as critical)', async () => {
    const verdict = await judge({
      total_findings: 2,
      risk_score: 1,
      severity_breakdown: { ...zero, blocker: 2 },
    });
    expect(verdict.passed).toBe(false);
  });

  it.each([
    ['a negative count', { ...zero, critical: -2 }, 0, /critical is -2/],
    ['a fractional count', { ...zero, high: 0.5 }, 0, /high is 0.5/],
    [
      'counts beyond total_findings',
      { ...zero, blocker: 4 },
      0,
      /counts 4 findings, but total_findings is 0/,
    ],
  ])('judges nothing on %s: the report is not to be trusted', async (_, breakdown, total, message) => {
    await expect(
      judge({ total_findings: total, risk_score: 1, severity_breakdown: breakdown }),
    ).rejects.toThrow(message);
  });
});
