import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSvc, temporaryHome, type SvcResult } from './cli-support.ts';
import { KEYS, useEmulator } from './support.ts';

const emulator = useEmulator();

/** svc with the member key and the emulator's URL from the environment, polling fast. */
function svc(args: string[], options: Partial<Parameters<typeof runSvc>[1]> = {}): Promise<SvcResult> {
  return runSvc(args, {
    home: temporaryHome(),
    ...options,
    env: { SVC_API_KEY: KEYS.member, SVC_API_URL: emulator.current.baseUrl, ...options.env },
  });
}

const fast = ['--poll-interval', '0.1', '--wait-timeout', '30'];
/** A wait of one second, polled every 0.2 s: shorter than any scan of acme/endless-monorepo. */
const oneSecond = ['--wait-timeout', '1', '--poll-interval', '0.2'];
/** The service answers the next POST /scans after 1.5 s (the scan it starts is already running). */
const slowCreate = { kind: 'latency', path: '/scans', method: 'POST', latency_ms: 1500, count: 1 } as const;

interface JsonReport {
  scan: { id: string; status: string; repository: string; ref: string };
  counts: Record<string, number>;
  total_findings: number;
  gate: { passed: boolean; fail_on: string; failing_findings: number; reason: string };
  findings: { severity: string; title: string; file_path: string; line: number }[];
}

describe('svc scan', () => {
  it('exits 0 when the gate passes, with the report on stdout and the progress on stderr', async () => {
    const result = await svc(['scan', 'acme/clean-service', ...fast]);
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toMatch(/^Scan scan_\w+ of acme\/clean-service at main: completed$/m);
    expect(result.stdout).toContain('Gate passed: No finding is high or above (fail-on: high).');
    // Not a terminal: plain progress lines, no spinner.
    expect(result.stderr).toMatch(/^\[\d+\.\ds\] scan scan_\w+: completed$/m);
    expect(result.stderr).not.toContain('\r');
    expect(emulator.current.stats().scans_created).toBe(1);
  });

  it('exits 1 when the gate fails, with the counts the action would give', async () => {
    const result = await svc(['scan', 'acme/vulnerable-app', ...fast]);
    expect(result.exitCode).toBe(1);
    // The findings table is laid out as svc findings list's, the id last, for svc remediate <id>.
    const header = /^SEVERITY +TITLE +LOCATION +CWE +ID$/m;
    expect(result.stdout).toMatch(header);
    expect(result.stdout).toMatch(/^critical +.+ +fnd_\w+$/m);
    const scanId = /^Scan (scan_\w+)/.exec(result.stdout)?.[1] ?? '';
    const listed = await svc(['findings', 'list', '--scan', scanId]);
    expect(listed.stdout).toMatch(header);
    expect(result.stdout).toContain('7 findings: 1 critical, 3 high, 1 medium, 1 low, 1 info');
    expect(result.stdout).toContain(
      'Gate failed: 4 findings are high or above (fail-on: high): 1 critical, 3 high.',
    );
    // Service text cannot start a workflow command in a CI log, nor drive the terminal.
    expect(result.stdout).not.toMatch(/^::/m);
    expect(result.stdout).not.toContain('##[');
    expect(result.stdout + result.stderr).not.toContain(KEYS.member);
  });

  it('--format sarif writes a SARIF 2.1.0 log of the findings, to stdout or --output, with the gate exit code', async () => {
    const result = await svc([
      'scan',
      'acme/vulnerable-app',
      '--format',
      'sarif',
      '--severity-threshold',
      'info',
      ...fast,
    ]);
    expect(result.exitCode).toBe(1);
    const log = JSON.parse(result.stdout) as {
      version: string;
      runs: { results: unknown[]; automationDetails: { id: string } }[];
    };
    expect(log.version).toBe('2.1.0');
    expect(log.runs[0]?.results).toHaveLength(7);
    expect(log.runs[0]?.automationDetails.id).toBe('svc-scan/acme/vulnerable-app/');
    const output = join(temporaryHome(), 'scan.sarif');
    const toFile = await svc([
      'scan',
      'acme/clean-service',
      '--format',
      'sarif',
      '--output',
      output,
      ...fast,
    ]);
    expect(toFile.exitCode).toBe(0);
    expect((JSON.parse(readFileSync(output, 'utf8')) as { runs: unknown[] }).runs).toHaveLength(1);
    expect(toFile.stderr).toMatch(/SARIF written to .*scan\.sarif \(\d+ results\)/);
  });

  it('--format json and --json write one JSON report that parses', async () => {
    const formatJson = await svc([
      'scan',
      'acme/vulnerable-app',
      '--format',
      'json',
      '--fail-on',
      'critical',
      ...fast,
    ]);
    expect(formatJson.exitCode).toBe(1);
    const report = JSON.parse(formatJson.stdout) as JsonReport;
    expect(report.scan).toMatchObject({
      repository: 'acme/vulnerable-app',
      status: 'completed',
      ref: 'main',
    });
    expect(report.counts).toEqual({ critical: 1, high: 3, medium: 1, low: 1, info: 1 });
    expect(report.gate).toMatchObject({ passed: false, fail_on: 'critical', failing_findings: 1 });
    expect(report.findings[0]).toMatchObject({ severity: 'critical', file_path: 'src/login.ts', line: 42 });
    // The hostile titles arrive intact in JSON; only the legacy command form is written as an escape.
    expect(report.findings.map((finding) => finding.title).join('\n')).toContain('##[error]');
    expect(formatJson.stdout).not.toContain('##[');

    const json = await svc(['--json', 'scan', 'acme/clean-service', ...fast]);
    expect(json.exitCode).toBe(0);
    expect((JSON.parse(json.stdout) as JsonReport).gate.passed).toBe(true);
  });

  it('--fail-on none passes whatever the findings; --output writes the report to a file', async () => {
    const home = temporaryHome();
    const output = join(home, 'report.json');
    const result = await svc(
      ['scan', 'acme/vulnerable-app', '--fail-on', 'none', '--format', 'json', '--output', output, ...fast],
      { home },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toBe('');
    expect(result.stderr).toContain(`Report written to ${output}.`);
    expect((JSON.parse(readFileSync(output, 'utf8')) as JsonReport).total_findings).toBe(7);
  });

  it('fails the gate (exit 1) on a completed scan whose module failed', async () => {
    const result = await svc(['scan', 'acme/partial-results', ...fast]);
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain('module iac (failed) did not complete');
  });

  it('exits 4 on a failed scan and 3 on a repository the service does not have', async () => {
    const failed = await svc(['scan', 'acme/broken-build', ...fast]);
    expect(failed.exitCode).toBe(4);
    expect(failed.stderr).toMatch(/Scan scan_\w+ ended failed; failed modules: dependencies\./);
    const missing = await svc(['scan', 'acme/no-such-repo', ...fast]);
    expect(missing.exitCode).toBe(3);
    expect(missing.stderr).toContain("Repository 'acme/no-such-repo' was not found on the service");
  });

  it('gives up at --wait-timeout with exit 4, cancelling the scan it started', async () => {
    const result = await svc(['scan', 'acme/endless-monorepo', ...oneSecond]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain(
      'did not finish within --wait-timeout (1 s); it was cancelled on the service.',
    );
    expect(emulator.current.stats().cancels).toBe(1);
  });

  it('on Ctrl-C (SIGINT) cancels the scan it started, then exits 130', async () => {
    const result = await svc(['scan', 'acme/endless-monorepo', ...fast], {
      signal: 'SIGINT',
      signalWhen: /module iac: running/,
    });
    expect(result.exitCode).toBe(130);
    expect(result.stderr).toMatch(/Cancelled scan scan_\w+ on the service\./);
    expect(emulator.current.stats().cancels).toBe(1);
    expect(result.stdout).toBe('');
  });
});

describe("svc scan on the run's steps", () => {
  it('on Ctrl-C while the service is still answering POST /scans, cancels the scan it started, then exits 130', async () => {
    emulator.current.addFaults([slowCreate]);
    const result = await svc(['scan', 'acme/endless-monorepo', ...fast], {
      signal: 'SIGINT',
      signalWhen: /Starting a scan of acme\/endless-monorepo/,
    });
    expect(result.exitCode).toBe(130);
    expect(result.stderr).toMatch(/Cancelled scan scan_\w+ on the service\./);
    expect(emulator.current.stats().scans_created).toBe(1);
    expect(emulator.current.stats().cancels).toBe(1);
  });

  it('gives up at --wait-timeout during a slow create (exit 4)', async () => {
    emulator.current.addFaults([slowCreate]);
    const result = await svc(['scan', 'acme/endless-monorepo', ...oneSecond]);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toContain('svc scan did not finish within --wait-timeout (1 s).');
  });
});

describe('svc repos list', () => {
  it('--format matrix prints a GitHub Actions matrix of every repository, on one line', async () => {
    const result = await svc(['repos', 'list', '--format', 'matrix']);
    expect(result.exitCode).toBe(0);
    expect(result.stdout.trim().split('\n')).toHaveLength(1);
    const matrix = JSON.parse(result.stdout) as { include: { repository: string }[] };
    expect(matrix.include).toHaveLength(7);
    expect(matrix.include[0]).toEqual({ repository: 'acme/clean-service' });
  });

  it('--project-id narrows the list; table and json formats', async () => {
    const json = await svc(['repos', 'list', '--project-id', 'prj_platform', '--format', 'json']);
    const names = (JSON.parse(json.stdout) as { full_name: string }[]).map((repo) => repo.full_name);
    expect(names).toEqual(['acme/endless-monorepo', 'acme/empty-repo', 'acme/large-monorepo']);
    const table = await svc(['repos', 'list']);
    expect(table.stdout).toMatch(/^REPOSITORY +ID +DEFAULT BRANCH +PROJECT\n/);
    expect(table.stdout).toMatch(/^acme\/vulnerable-app +repo_vulnerable +main +prj_core$/m);
  });
});
