import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { EXIT } from '../../src/cli/exit-codes.ts';
import { SEVERITIES } from '../../src/domain/severity.ts';
import { runInProcess } from '../cli/support.ts';
import { KEYS } from '../emulator/helpers.ts';
import { pushEvent } from '../fixtures/events.ts';
import { HEAD_SHA, runMainAgainst, startFastE2e } from '../support/in-process-action.ts';

/**
 * One conductor: `svc scan` and the action run the same run (runScan) and judge alike. Both read the policy file
 * of one checkout of acme/vulnerable-app at HEAD_SHA (its fail-on and a suppression), scan that commit on the
 * service emulator, and must give the same verdict and the same counts.
 */
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startFastE2e();
});
afterEach(async () => {
  await emulator.close();
});

const POLICY = [
  'version: 1',
  'fail-on: high',
  'severity-threshold: medium',
  'ignore:',
  '  - cwe: CWE-89',
  "    paths: ['src/**']",
  '    reason: The login query is parameterised by the ORM',
].join('\n');

/** A checkout at HEAD_SHA holding the policy file, as actions/checkout leaves one (a detached HEAD). */
function checkout(policy = POLICY): string {
  const folder = mkdtempSync(join(tmpdir(), 'svc-checkout-'));
  mkdirSync(join(folder, '.git'));
  writeFileSync(join(folder, '.git', 'HEAD'), `${HEAD_SHA}\n`);
  mkdirSync(join(folder, '.github'));
  writeFileSync(join(folder, '.github', 'svc-scan.yml'), policy);
  return folder;
}

interface JsonReport {
  scan: { id: string; ref: string };
  counts: Record<string, number>;
  total_findings: number;
  gate: { passed: boolean; fail_on: string; failing_findings: number; reason: string };
}

function svcScan(folder: string, ...flags: string[]) {
  return runInProcess(
    [
      'scan',
      'acme/vulnerable-app',
      '--format',
      'json',
      '--poll-interval',
      '0.1',
      '--wait-timeout',
      '30',
      ...flags,
    ],
    { env: { SVC_API_URL: emulator.baseUrl, SVC_API_KEY: KEYS.member }, cwd: folder },
  );
}

describe('svc scan and the action on one commit with one policy file', () => {
  it('give the same verdict and the same counts', async () => {
    const folder = checkout();
    const action = await runMainAgainst(
      emulator,
      { 'api-key': KEYS.member, gate: 'all', 'code-scanning-triage': 'false' },
      {
        event: pushEvent('acme/vulnerable-app', HEAD_SHA),
        env: { GITHUB_WORKSPACE: folder },
      },
    );
    // A scan of its own, not the action's reused: the two verdicts are reached apart.
    const svc = await svcScan(folder, '--ref', HEAD_SHA, '--no-reuse-scan');
    const report = JSON.parse(svc.stdout) as JsonReport;
    const outputs = action.toolkit.outputs;

    expect(outputs.result).toBe('failed');
    expect(svc.exitCode).toBe(EXIT.gateFailed);
    expect(report.gate.passed).toBe(false);
    expect(report.gate.reason).toBe(action.toolkit.failed);
    expect(String(report.gate.failing_findings)).toBe(outputs['failing-findings']);
    expect(String(report.total_findings)).toBe(outputs['total-findings']);
    for (const severity of SEVERITIES)
      expect(String(report.counts[severity]), severity).toBe(outputs[`findings-${severity}`]);
    // The policy judged both: its fail-on, and its suppression taken out of the counts.
    expect(report.gate.fail_on).toBe('high');
    expect(outputs['suppressed-findings']).toBe('1');
    expect(svc.stderr).toContain(
      `Policy: ${join(folder, '.github', 'svc-scan.yml')} at ${HEAD_SHA.slice(0, 12)}.`,
    );
    expect(svc.stderr).toContain('Policy: 1 suppressed, 0 out of scope.');
    expect(report.scan.id).not.toBe(outputs['scan-id']);
  });

  it('write the same SARIF results through the policy: the suppressed one with its reason', async () => {
    const folder = checkout();
    await actionWritesSarif(folder);
    const svc = await svcScan(
      folder,
      '--ref',
      HEAD_SHA,
      '--format',
      'sarif',
      '--output',
      join(folder, 'svc.sarif'),
    );
    expect(svc.exitCode).toBe(EXIT.gateFailed);
    const [fromAction, fromSvc] = ['action.sarif', 'svc.sarif'].map((file) =>
      sarifResults(join(folder, file)),
    );
    expect(fromSvc).toEqual(fromAction);
    expect(fromSvc?.filter((result) => result.suppressed)).toHaveLength(1);
  });

  it('write one SARIF run: the same tool, category, rules and results, read from one finding set', async () => {
    const folder = checkout();
    await actionWritesSarif(folder);
    // The action's scan of the commit, reused: one scan, so the two runs can agree to the last field.
    const { result: svc, pages } = await pagesReadBy(() =>
      svcScan(folder, '--ref', HEAD_SHA, '--format', 'sarif'),
    );
    expect(svc.exitCode).toBe(EXIT.gateFailed);
    expect(svc.stderr).toMatch(/Reusing scan scan_\w+/);
    const fromAction = sarifRun(readFileSync(join(folder, 'action.sarif'), 'utf8'));
    const fromSvc = sarifRun(svc.stdout);
    expect(fromSvc.tool).toEqual(fromAction.tool);
    expect(fromSvc.tool.driver.name).toBe('svc-scan');
    expect(fromSvc.automationDetails).toEqual({ id: 'svc-scan/acme/vulnerable-app/' });
    expect(fromSvc.automationDetails).toEqual(fromAction.automationDetails);
    expect(fromSvc.results).toEqual(fromAction.results);
    expect(fromSvc.results.length).toBeGreaterThan(0);
    expect(fromSvc.invocations).toEqual(fromAction.invocations);
    expect(fromSvc.properties).toEqual(fromAction.properties);
    // Every page read once: the SARIF run took the pages the gate's reading kept, asking for none again.
    const withoutSarif = await pagesReadBy(() => svcScan(folder, '--ref', HEAD_SHA));
    expect(pages).toBe(withoutSarif.pages);
  });

  it('svc scan --format sarif refuses a scan a module did not complete, as the action does, writing nothing', async () => {
    const folder = checkout('version: 1\nfail-on: high\n');
    const output = join(folder, 'partial.sarif');
    const failed = await runInProcess(
      ['scan', 'acme/partial-results', '--format', 'sarif', '--output', output, '--poll-interval', '0.1'],
      { env: { SVC_API_URL: emulator.baseUrl, SVC_API_KEY: KEYS.member }, cwd: folder },
    );
    expect(failed.exitCode).toBe(EXIT.gateFailed);
    expect(failed.stderr).toContain(
      'Module iac (failed) did not complete and its findings are missing from the scan, so no SARIF was written: code scanning would close their alerts as fixed.',
    );
    expect(failed.stdout).toBe('');
    expect(existsSync(output)).toBe(false);
    // With --fail-on none the gate passes, but the scan still failed in part: no log, and exit 4.
    const passed = await runInProcess(
      ['scan', 'acme/partial-results', '--format', 'sarif', '--fail-on', 'none', '--poll-interval', '0.1'],
      { env: { SVC_API_URL: emulator.baseUrl, SVC_API_KEY: KEYS.member }, cwd: folder },
    );
    expect(passed.exitCode).toBe(EXIT.service);
    expect(passed.stdout).toBe('');
    expect(passed.stderr).toContain('Module iac (failed) did not complete');
  });

  it('svc scan: a flag beats the file, and --policy none turns it off', async () => {
    const folder = checkout('version: 1\nfail-on: none\n');
    const byFile = await svcScan(folder, '--ref', HEAD_SHA);
    expect(byFile.exitCode).toBe(EXIT.ok);
    const byFlag = await svcScan(folder, '--ref', HEAD_SHA, '--fail-on', 'high');
    expect(byFlag.exitCode).toBe(EXIT.gateFailed);
    const none = await svcScan(folder, '--ref', HEAD_SHA, '--policy', 'none');
    expect(none.exitCode).toBe(EXIT.gateFailed);
    expect(none.stderr).toContain('Policy: none (--policy none).');
  });

  it('svc scan: a named policy file must exist, and a bad one is refused before any request', async () => {
    const folder = checkout();
    const before = emulator.stats().scans_created;
    const missing = await svcScan(folder, '--policy', 'absent.yml');
    expect(missing.exitCode).toBe(EXIT.config);
    expect(missing.stderr).toContain('The policy file absent.yml named by --policy does not exist');
    writeFileSync(join(folder, 'bad.yml'), 'version: 1\nfail-on: sometimes\n');
    const bad = await svcScan(folder, '--policy', 'bad.yml');
    expect(bad.exitCode).toBe(EXIT.config);
    expect(bad.stderr).toContain('fail-on');
    expect(emulator.stats().scans_created).toBe(before);
  });

  it('svc scan applies the compliance gate', async () => {
    const folder = checkout(
      'version: 1\nfail-on: none\nframeworks: [owasp-top-10]\nmin-compliance-score: 100\n',
    );
    const result = await svcScan(folder, '--ref', HEAD_SHA);
    const report = JSON.parse(result.stdout) as JsonReport;
    expect(result.exitCode).toBe(EXIT.gateFailed);
    expect(report.gate.reason).toMatch(/compliance/i);
  });
});

/** The action's run in the checkout, writing its SARIF file to action.sarif there. */
async function actionWritesSarif(folder: string): Promise<void> {
  await runMainAgainst(
    emulator,
    { 'api-key': KEYS.member, gate: 'all', 'code-scanning-triage': 'false', 'sarif-file': 'action.sarif' },
    { event: pushEvent('acme/vulnerable-app', HEAD_SHA), env: { GITHUB_WORKSPACE: folder } },
  );
}

/** What `run` returned, and how many pages of findings the service served meanwhile. */
async function pagesReadBy<T>(run: () => Promise<T>): Promise<{ result: T; pages: number }> {
  const served = (): number => emulator.stats().requests['GET /api/v1/findings'] ?? 0;
  const before = served();
  const result = await run();
  return { result, pages: served() - before };
}

interface SarifRunShape {
  tool: { driver: { name: string; rules: unknown[] } };
  automationDetails: { id: string };
  results: unknown[];
  invocations: unknown[];
  properties: unknown;
}

function sarifRun(text: string): SarifRunShape {
  const run = (JSON.parse(text) as { runs: SarifRunShape[] }).runs[0];
  if (run === undefined) throw new Error('The log holds no run.');
  return run;
}

/** Each result of a SARIF file by its rule, place and level, and whether the policy suppressed it. */
function sarifResults(path: string): { rule: string; level: string; suppressed: boolean }[] {
  const log = JSON.parse(readFileSync(path, 'utf8')) as {
    runs: { results: { ruleId: string; level: string; suppressions?: unknown[] }[] }[];
  };
  return (log.runs[0]?.results ?? []).map((result) => ({
    rule: result.ruleId,
    level: result.level,
    suppressed: (result.suppressions?.length ?? 0) > 0,
  }));
}

describe('reuse-scan in svc scan', () => {
  it('reuses a recent scan of a commit SHA, never one of a branch', async () => {
    const folder = checkout('version: 1\nfail-on: none\n');
    await svcScan(folder, '--ref', HEAD_SHA);
    const created = emulator.stats().scans_created;
    const again = await svcScan(folder, '--ref', HEAD_SHA);
    expect(emulator.stats().scans_created).toBe(created);
    expect(again.stderr).toMatch(/Reusing scan scan_\w+/);

    await svcScan(folder, '--ref', 'main');
    const branch = await svcScan(folder, '--ref', 'main');
    expect(emulator.stats().scans_created).toBe(created + 2);
    expect(branch.stderr).toContain('reuse-scan: main is not a full commit SHA');
  });
});
