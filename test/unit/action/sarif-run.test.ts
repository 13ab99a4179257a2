import { describe, expect, it } from 'vitest';
import type { ReportContext } from '../../../src/report/reporter.ts';
import { reportContextOver } from '../../../src/action/report-delivery.ts';
import { SarifRun } from '../../../src/code-scanning/sarif-run.ts';
import type { Finding } from '../../../src/client/types.ts';
import { sarifPlaceOf, type SarifPlace } from '../../../src/sarif/sarif-location.ts';
import { NO_FINDING_FILTER } from '../../../src/domain/finding-filter.ts';
import type { ReportedScan, RunReport } from '../../../src/domain/run-report.ts';
import { zeroCounts } from '../../../src/domain/severity.ts';
import { FakeToolkit } from '../../support/fake-toolkit.ts';
import { generatedFindings } from '../sarif/sarif-support.ts';
import { FakeFindingList } from '../support/fake-finding-list.ts';

const SHA = 'c'.repeat(40);

function reportWith(modules: ReportedScan['modules']): RunReport {
  return {
    outcome: 'passed',
    reason: 'a reason',
    scan: { id: 'scan_1', status: 'completed', repository: 'acme/web', ref: SHA, modules },
    scanStatus: 'completed',
    results: {
      verdict: { passed: true, failingFindings: 0, reason: 'a reason' },
      riskScore: 0,
      counts: zeroCounts(),
      severityThreshold: 'low',
      failOn: 'none',
      reportFloor: 'low',
      findings: [],
      reportedTotal: 0,
      remediations: [],
    },
    notes: [],
  };
}

const context: ReportContext = reportContextOver(new FakeToolkit(), {
  links: { serverUrl: 'https://github.com', owner: 'acme', repo: 'web', sha: SHA },
});

function sarifRunOver(list: FakeFindingList): SarifRun {
  return new SarifRun({
    findings: list,
    pageSize: 100,
    maxResults: 5_000,
    category: 'svc-scan',
    serverUrl: 'https://github.com',
    signal: new AbortController().signal,
    filter: NO_FINDING_FILTER,
  });
}

/** The place the triage worked out for itself before the writer handed it over. */
function placeOf(finding: Finding | undefined): SarifPlace {
  if (finding === undefined) throw new Error('a result of no finding');
  return sarifPlaceOf({ ...finding, filePath: finding.file_path }, (text) => text);
}

describe('the SARIF run', () => {
  it('is built once for a report, however many sinks ask for it', async () => {
    const list = new FakeFindingList(generatedFindings(500));
    const sarif = sarifRunOver(list);
    const report = reportWith([{ name: 'sast', status: 'completed' }]);
    const first = await sarif.of(report, context);
    const asked = list.requests.length;
    const second = await sarif.of(report, context);
    expect(first.kind).toBe('built');
    expect(second).toBe(first);
    expect(list.requests).toHaveLength(asked);
  });

  it("hands the triage each result's place as the writer wrote it, in the results' order", async () => {
    const findings = generatedFindings(300);
    const outcome = await sarifRunOver(new FakeFindingList(findings)).of(
      reportWith([{ name: 'sast', status: 'completed' }]),
      context,
    );
    expect(outcome.kind).toBe('built');
    const built = outcome as Extract<typeof outcome, { kind: 'built' }>;
    const log = JSON.parse(built.log.toString('utf8')) as {
      runs: { results: { ruleId: string; properties: { findingId: string } }[] }[];
    };
    const results = log.runs[0]?.results ?? [];
    expect(results.length).toBeGreaterThan(0);
    expect(built.findings.map((finding) => finding.place.ruleId)).toEqual(results.map((r) => r.ruleId));
    const byId = new Map(findings.map((finding) => [finding.id, finding]));
    const expected = results.map((result) => ({
      place: placeOf(byId.get(result.properties.findingId)),
      suppressedBy: undefined,
    }));
    expect(built.findings).toEqual(expected);
  });

  it('is withheld from a scan a module did not complete, without reading a finding', async () => {
    const list = new FakeFindingList(generatedFindings(50));
    const outcome = await sarifRunOver(list).of(reportWith([{ name: 'sast', status: 'failed' }]), context);
    expect(outcome).toEqual({ kind: 'partial', reason: expect.stringContaining('sast (failed)') });
    expect(list.requests).toEqual([]);
  });
});
