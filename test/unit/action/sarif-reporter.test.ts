import { mkdir, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { jobSummaryReporter } from '../../../src/report/summary/job-summary-reporter.ts';
import { outputsReporter } from '../../../src/report/outputs/outputs-reporter.ts';
import type { ReportContext } from '../../../src/report/reporter.ts';
import { SarifFileReporter } from '../../../src/code-scanning/sarif-file-reporter.ts';
import { SarifRun } from '../../../src/code-scanning/sarif-run.ts';
import { NO_FINDING_FILTER } from '../../../src/domain/finding-filter.ts';
import { deliver, reportContextOver } from '../../../src/action/report-delivery.ts';
import { sarifCategoryOf } from '../../../src/report/shared-inputs.ts';
import { parseActionSettings } from '../../../src/action/action-settings.ts';
import type { InputName } from '../../../src/run/settings.ts';
import type { Finding } from '../../../src/client/types.ts';
import type { RunReport } from '../../../src/domain/run-report.ts';
import { FINGERPRINT_KEY } from '../../../src/domain/identity/finding-fingerprint.ts';
import { SEVERITIES, severityRank, zeroCounts } from '../../../src/domain/severity.ts';
import { pushEvent } from '../../fixtures/events.ts';
import { FakeToolkit } from '../../support/fake-toolkit.ts';
import { generatedFindings, sarifSchemaErrors, type SarifLog } from '../sarif/sarif-support.ts';
import { FakeFindingList } from '../support/fake-finding-list.ts';
import { workflowOrigin } from '../../../src/action/workflow-origin.ts';

const KEY = 'svc_live_0a1b2c3d4e5f60718293a4b5c6d7e8f9';
const SHA = 'c'.repeat(40);

let workspace: string;
beforeEach(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'sarif-reporter-'));
});
afterEach(async () => {
  await rm(workspace, { recursive: true, force: true });
});

function settingsFor(inputs: Partial<Record<InputName, string>>) {
  return parseActionSettings(
    (name) => inputs[name] ?? '',
    workflowOrigin(
      { GITHUB_REPOSITORY: 'acme/web', GITHUB_SHA: SHA, GITHUB_WORKSPACE: workspace },
      pushEvent(),
    ),
  );
}

function reportOf(findings: readonly Finding[], outcome: RunReport['outcome'] = 'failed'): RunReport {
  const counts = zeroCounts();
  for (const finding of findings) counts[finding.severity] += 1;
  return {
    outcome,
    reason: 'a reason',
    scan: { id: 'scan_1', status: 'completed', repository: 'acme/web', ref: SHA, modules: [] },
    scanStatus: 'completed',
    results:
      outcome === 'error'
        ? undefined
        : {
            verdict: { passed: outcome === 'passed', failingFindings: counts.critical, reason: 'a reason' },
            riskScore: 50,
            counts,
            severityThreshold: 'low',
            failOn: 'critical',
            reportFloor: 'low',
            findings: [],
            reportedTotal: findings.length,
            remediations: [],
          },
    notes: [],
  };
}

interface Delivered {
  toolkit: FakeToolkit;
  context: ReportContext;
  log: SarifLog | undefined;
}

async function deliverSarif(
  findings: readonly Finding[],
  options: {
    outcome?: RunReport['outcome'];
    list?: FakeFindingList;
    signal?: AbortSignal;
    inputs?: Partial<Record<InputName, string>>;
  } = {},
): Promise<Delivered> {
  const toolkit = new FakeToolkit();
  toolkit.setSecret(KEY);
  const settings = settingsFor({ 'sarif-file': 'out/svc.sarif', ...options.inputs });
  const context = reportContextOver(toolkit, {
    settings,
    links: { serverUrl: 'https://github.com', owner: 'acme', repo: 'web', sha: SHA },
  });
  const sarif = new SarifRun({
    category: sarifCategoryOf(settings),
    serverUrl: 'https://github.com',
    findings: options.list ?? new FakeFindingList(findings),
    signal: options.signal ?? new AbortController().signal,
    pageSize: settings.pageSize,
    maxResults: settings.sarifMaxResults,
    filter: NO_FINDING_FILTER,
  });
  const reporter = new SarifFileReporter(settings.sarifFile ?? '', sarif);
  const reporters = [
    { reporter, stage: 'sink' as const },
    { reporter: jobSummaryReporter, stage: 'view' as const },
    { reporter: outputsReporter, stage: 'outputs' as const },
  ];
  await deliver({ reporters, context, github: undefined }, reportOf(findings, options.outcome));
  const text = await readFile(join(workspace, 'out/svc.sarif'), 'utf8').catch(() => undefined);
  // A file that is not a log is one the test put there before.
  return { toolkit, context, log: text?.startsWith('{') ? (JSON.parse(text) as SarifLog) : undefined };
}

const findings = generatedFindings(1_234);
const atOrAboveLow = findings.filter((f) => severityRank(f.severity) <= severityRank('low'));

describe('the SARIF file reporter', () => {
  it('writes every finding at or above the floor, valid, most severe first, and sets the output', async () => {
    const { toolkit, log } = await deliverSarif(findings);
    expect(log).toBeDefined();
    expect(sarifSchemaErrors(log)).toEqual([]);
    const run = log?.runs[0];
    expect(run?.results).toHaveLength(atOrAboveLow.length);
    expect(run?.results.map((r) => r.properties.findingId)).toEqual(atOrAboveLow.map((f) => f.id));
    expect(run?.automationDetails.id).toBe('svc-scan/acme/web/');
    expect(toolkit.outputs['sarif-file']).toBe(join(workspace, 'out/svc.sarif'));
    expect(toolkit.summary).toContain(`SARIF for code scanning: \`${join(workspace, 'out/svc.sarif')}\``);
    expect(toolkit.annotations.filter((a) => a.level === 'warning')).toEqual([]);
  });

  it('writes a passed gate too', async () => {
    const ten = findings.slice(0, 10);
    const { toolkit, log } = await deliverSarif(ten, { outcome: 'passed' });
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log?.runs[0]?.results.map((r) => r.properties.findingId)).toEqual(
      ten.filter((f) => severityRank(f.severity) <= severityRank('low')).map((f) => f.id),
    );
    expect(log?.runs[0]?.results.length).toBeGreaterThan(0);
    expect(toolkit.outputs['sarif-file']).toBe(join(workspace, 'out/svc.sarif'));
  });

  it('writes nothing and sets no output for a run without results', async () => {
    const errored = await deliverSarif(findings, { outcome: 'error' });
    expect(errored.log).toBeUndefined();
    expect(errored.toolkit.outputs['sarif-file']).toBeUndefined();
    expect(await readdir(workspace)).toEqual([]);
  });

  it('scrubs the key from titles, paths and ids', async () => {
    const leaky: Finding[] = [
      { id: `fnd_${KEY}`, severity: 'high', title: `Key ${KEY}`, file_path: `src/${KEY}/a.ts`, line: 3 },
    ];
    const { log } = await deliverSarif(leaky);
    const text = JSON.stringify(log);
    expect(text).not.toContain(KEY);
    expect(log?.runs[0]?.results[0]?.locations?.[0]?.physicalLocation.artifactLocation.uri).toBe(
      'src/***/a.ts',
    );
  });

  it('gives a finding that moved 10 lines the same fingerprint on the next scan', async () => {
    const first = await deliverSarif(findings);
    const moved = findings.map((f) => (f.severity === 'high' ? { ...f, line: f.line + 10 } : f));
    const second = await deliverSarif(moved);
    const fingerprints = (delivered: Delivered) =>
      delivered.log?.runs[0]?.results.map((r) => r.partialFingerprints[FINGERPRINT_KEY]);
    expect(fingerprints(second)).toEqual(fingerprints(first));
    const lines = (delivered: Delivered) =>
      delivered.log?.runs[0]?.results.map((r) => r.locations?.[0]?.physicalLocation.region?.startLine);
    expect(lines(second)).not.toEqual(lines(first));
  });

  it('keeps the previous file and warns, without a verdict change, when the list cannot be read whole', async () => {
    await mkdir(join(workspace, 'out'));
    await writeFile(join(workspace, 'out/svc.sarif'), 'previous');
    const list = new FakeFindingList(findings, {
      alter: (page, params) => ((params.offset ?? 0) > 0 ? { ...page, total: page.total - 1 } : page),
    });
    const { toolkit } = await deliverSarif(findings, { list });
    expect(await readFile(join(workspace, 'out/svc.sarif'), 'utf8')).toBe('previous');
    expect(toolkit.outputs['sarif-file']).toBeUndefined();
    expect(toolkit.outputs.result).toBe('failed');
    expect(toolkit.annotations).toEqual([
      expect.objectContaining({
        level: 'warning',
        message: expect.stringMatching(/Could not write the SARIF file: .*changed.*no file was written/),
      }),
    ]);
    expect(await readdir(join(workspace, 'out'))).toEqual(['svc.sarif']);
  });

  it("says the run's end cut the read, when the signal aborts it", async () => {
    const controller = new AbortController();
    controller.abort(new Error('deadline'));
    const { toolkit, log } = await deliverSarif(findings, { signal: controller.signal });
    expect(log).toBeUndefined();
    expect(toolkit.annotations[0]?.message).toMatch(/wait-timeout.*no file was written/);
  });

  it('reads every reported severity and no other', async () => {
    const list = new FakeFindingList(findings);
    await deliverSarif(findings, { list });
    const asked = new Set(list.requests.map((r) => r.severity));
    expect([...asked]).toEqual(SEVERITIES.filter((s) => s !== 'info'));
  });
});

describe('the SARIF file reporter past code scanning limit', () => {
  it('keeps the 5,000 most severe by default, what code scanning shows, and counts the rest', async () => {
    const many = generatedFindings(8_000).filter((f) => f.severity !== 'info');
    const { log } = await deliverSarif(many);
    const run = log?.runs[0];
    expect(run?.results).toHaveLength(5_000);
    expect(run?.properties).toMatchObject({ findingsLeftOut: many.length - 5_000 });
    expect(run?.results[0]?.level).toBe('error');
    expect(run?.results.at(-1)?.level).not.toBe('error');
  });

  it('reads 25,000 findings with sarif-max-results 25000, the most severe, and counts the rest as left out without reading them', async () => {
    const many = generatedFindings(40_000).filter((f) => f.severity !== 'info');
    const list = new FakeFindingList(many);
    const { log, toolkit } = await deliverSarif(many, { list, inputs: { 'sarif-max-results': '25000' } });
    const run = log?.runs[0];
    expect(run?.results).toHaveLength(25_000);
    expect(run?.properties).toMatchObject({ findingsLeftOut: many.length - 25_000 });
    expect(toolkit.summary).toContain(`${many.length - 25_000} left out by code scanning's limits`);
    const asked = list.requests.reduce((sum, r) => sum + (r.limit ?? 0), 0);
    expect(asked).toBeLessThan(25_000 + SEVERITIES.length * 50);
  });
});
