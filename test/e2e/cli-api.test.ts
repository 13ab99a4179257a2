import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startEmulator } from '../../emulator/index.ts';
import { runSvc, temporaryHome } from './cli-support.ts';
import { KEYS, useEmulator } from './support.ts';

/**
 * The commands over the rest of the API, each against the emulator's e2e scenario (scan_e2e_vulnerable: 7
 * findings of acme/vulnerable-app, completed), in text and in --json, and with the refusals a user meets: an id
 * the service does not know (404: exit 4), a key whose role may not (403: exit 3).
 */
const emulator = useEmulator();
const SCAN = 'scan_e2e_vulnerable';

function svc(args: string[], key: string = KEYS.member) {
  return runSvc(args, {
    home: temporaryHome(),
    env: { SVC_API_URL: emulator.current.baseUrl, SVC_API_KEY: key },
  });
}

async function json<T>(args: string[], key?: string): Promise<T> {
  const result = await svc([...args, '--json'], key);
  expect(result.exitCode, result.stderr).toBe(0);
  return JSON.parse(result.stdout) as T;
}

async function firstFindingId(): Promise<string> {
  const findings = await json<{ id: string }[]>(['findings', 'list', '--scan', SCAN, '--limit', '1']);
  return findings[0]!.id;
}

describe('svc scans', () => {
  it('lists the newest scans of a repository, as a table and as JSON', async () => {
    const table = await svc(['scans', 'list', '--repository', 'acme/vulnerable-app']);
    expect(table.exitCode).toBe(0);
    expect(table.stdout).toMatch(/^ID +REPOSITORY +STATUS +REF +MODULES +CREATED$/m);
    expect(table.stdout).toMatch(new RegExp(`^${SCAN} +acme/vulnerable-app +completed`, 'm'));
    const scans = await json<{ id: string }[]>(['scans', 'list', '--limit', '1']);
    expect(scans).toHaveLength(1);
    // Every scan, of every repository, names its repository; a cut list says how many it left out, on stderr.
    const all = await svc(['scans', 'list']);
    const rows = all.stdout.trim().split('\n').slice(1);
    expect(rows.length).toBeGreaterThan(1);
    for (const row of rows) expect(row).toMatch(/^scan_\w+ +acme\/[\w-]+ +\w+/);
    const cut = await svc(['scans', 'list', '--limit', '1']);
    expect(cut.stderr).toBe(`Showing 1 of ${rows.length} scans; --limit ${rows.length} shows them all.\n`);
  });

  it('refuses a repository the service does not have, before listing, with the exit code of svc scan (3)', async () => {
    const result = await svc(['scans', 'list', '--repository', 'acme/nothing-here']);
    expect(result.exitCode).toBe(3);
    expect(result.stderr).toMatch(/^svc: Repository 'acme\/nothing-here' was not found on the service/);
    const scan = await svc(['scan', 'acme/nothing-here']);
    expect(scan.exitCode).toBe(3);
    expect(scan.stderr).toMatch(/^svc: Repository 'acme\/nothing-here' was not found on the service/m);
  });

  it('shows a scan with its modules and report', async () => {
    const text = await svc(['scans', 'view', SCAN]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^Scan ${SCAN} of acme/vulnerable-app: completed`));
    expect(text.stdout).toMatch(/Risk score \d+ · 7 findings: 1 critical, 3 high, 1 medium, 1 low, 1 info/);
    const viewed = await json<{ scan: { id: string }; report: { total_findings: number } }>([
      'scans',
      'view',
      SCAN,
    ]);
    expect(viewed).toMatchObject({ scan: { id: SCAN }, report: { total_findings: 7 } });
  });

  it('says a 404 for an id the service does not know (exit 4)', async () => {
    const result = await svc(['scans', 'view', 'scan_nope']);
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(/404.*No scan with id "scan_nope"/);
  });

  it('cancels a running scan, and refuses a viewer key (exit 3)', async () => {
    // acme/endless-monorepo's scans never finish.
    const response = await fetch(`${emulator.current.baseUrl}/scans`, {
      method: 'POST',
      headers: { authorization: `Bearer ${KEYS.member}`, 'content-type': 'application/json' },
      body: JSON.stringify({ repository_id: 'repo_stuck' }),
    });
    const scan = (await response.json()) as { id: string };
    const refused = await svc(['scans', 'cancel', scan.id], KEYS.viewer);
    expect(refused.exitCode).toBe(3);
    expect(refused.stderr).toMatch(/403/);
    const cancelled = await svc(['scans', 'cancel', scan.id]);
    expect(cancelled.exitCode).toBe(0);
    expect(cancelled.stdout).toMatch(new RegExp(`Cancelled scan ${scan.id} on the service|it is stopping`));
    const again = await json<{ status: string }>(['scans', 'cancel', scan.id]);
    expect(again.status).toMatch(/cancel/);
  });
});

describe('svc findings', () => {
  it('lists a scan’s findings, filtered by severity and capped by --limit', async () => {
    const highFindings = ['findings', 'list', '--scan', SCAN, '--severity', 'high'];
    const high = await json<{ severity: string }[]>(highFindings);
    expect(high.map((finding) => finding.severity)).toEqual(['high', 'high', 'high']);
    const capped = await svc(['findings', 'list', '--scan', SCAN, '--limit', '2']);
    expect(capped.exitCode).toBe(0);
    expect(capped.stdout.trim().split('\n')).toHaveLength(3);
    expect(capped.stderr).toBe('Showing 2 of 7 findings; --limit 7 shows them all.\n');
    expect((await svc(['findings', 'list', '--scan', SCAN, '--limit', '7'])).stderr).toBe('');
    const cutJson = await svc([...highFindings, '--limit', '1', '--json']);
    expect(cutJson.stderr).toBe('Showing 1 of 3 high findings; --limit 3 shows them all.\n');
    // A title that tries to start a workflow command stays inert in the table.
    const all = await svc(['findings', 'list', '--scan', SCAN]);
    expect(all.stdout).not.toMatch(/^::/m);
  });

  it('needs --scan, and refuses a --limit that is no number, before any request (exit 2)', async () => {
    expect((await svc(['findings', 'list'])).exitCode).toBe(2);
    const bad = await svc(['findings', 'list', '--scan', SCAN, '--limit', 'ten']);
    expect(bad.exitCode).toBe(2);
    expect(bad.stderr).toContain('expected a whole number');
    expect(emulator.current.stats().requests_total).toBe(0);
  });

  it('shows one in detail, its fix as a diff without colour in a pipe', async () => {
    const withFix = (await json<{ id: string; fix?: unknown }[]>(['findings', 'list', '--scan', SCAN])).map(
      (finding) => finding.id,
    );
    const details = await Promise.all(
      withFix.map((id) =>
        json<{ id: string; fix?: { unified_diff?: string } | null }>(['findings', 'view', id]),
      ),
    );
    const fixed = details.find((detail) => detail.fix?.unified_diff);
    expect(fixed).toBeDefined();
    const text = await svc(['findings', 'view', fixed!.id]);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(/^CWE +CWE-\d+$/m);
    expect(text.stdout).toMatch(/^Fix:$/m);
    expect(text.stdout).toMatch(/^\+/m);
    expect(text.stdout).not.toContain('\x1b[');
    const missing = await svc(['findings', 'view', 'fnd_nope']);
    expect(missing.exitCode).toBe(4);
  });
});

describe('svc remediate and remediations', () => {
  it('starts a job, and with --wait prints its pull request and branch', async () => {
    const findings = await json<{ id: string; title: string }[]>(['findings', 'list', '--scan', SCAN]);
    const started = await json<{ id: string; status: string }>(['remediate', findings[0]!.id]);
    expect(started.id).toMatch(/^rem_/);
    const viewed = await svc(['remediations', 'view', started.id]);
    expect(viewed.exitCode).toBe(0);
    expect(viewed.stdout).toMatch(new RegExp(`^Remediation ${started.id} of finding ${findings[0]!.id}: `));

    const outcomes = await Promise.all(findings.map((finding) => svc(['remediate', finding.id, '--wait'])));
    const opened = outcomes.find((outcome) => outcome.exitCode === 0);
    expect(opened?.stdout).toMatch(/^Pull request: https:\/\/github\.com\/acme\/vulnerable-app\/pull\/\d+$/m);
    expect(opened?.stdout).toMatch(/^Branch: +svc\/remediate-/m);
    // A job that ends without a pull request says why, and exits 4.
    const failed = outcomes.find((outcome) => outcome.exitCode !== 0);
    expect(failed?.exitCode).toBe(4);
    expect(failed?.stdout).toMatch(/^Failed: /m);
  });

  it('refuses a viewer key (exit 3) and an unknown finding (exit 4)', async () => {
    const id = await firstFindingId();
    const viewer = await svc(['remediate', id], KEYS.viewer);
    expect(viewer.exitCode).toBe(3);
    expect(viewer.stderr).toMatch(/403/);
    expect((await svc(['remediate', 'fnd_nope'])).exitCode).toBe(4);
    expect((await svc(['remediations', 'view', 'rem_nope'])).exitCode).toBe(4);
  });

  it('refuses a --wait-timeout that is no number before any request (exit 2)', async () => {
    const result = await svc(['remediate', 'fnd_1', '--wait', '--wait-timeout', '0']);
    expect(result.exitCode).toBe(2);
    expect(emulator.current.stats().requests_total).toBe(0);
  });
});

describe('svc ai-analysis', () => {
  it('view and patches before any analysis point at ai-analysis start (exit 4)', async () => {
    for (const verb of ['view', 'patches']) {
      const result = await svc(['ai-analysis', verb, SCAN]);
      expect(result.exitCode).toBe(4);
      expect(result.stderr).toMatch(
        new RegExp(
          `^svc: Scan ${SCAN} has no AI analysis .*start one with svc ai-analysis start ${SCAN} --wait`,
        ),
      );
    }
  });

  it('starts the analysis of a scan, waits for it, and shows it and its patches', async () => {
    const text = await svc(['ai-analysis', 'start', SCAN, '--wait']);
    expect(text.exitCode).toBe(0);
    expect(text.stdout).toMatch(new RegExp(`^AI analysis of scan ${SCAN}: completed$`, 'm'));
    expect(text.stdout).toMatch(/^# +AGENT +STATUS +CONFIDENCE$/m);
    const viewed = await json<{ risk_score: number; agent_runs: unknown[] }>(['ai-analysis', 'view', SCAN]);
    expect(viewed.agent_runs.length).toBeGreaterThan(0);
    const patches = await json<{ patches: unknown[] }>(['ai-analysis', 'patches', SCAN]);
    expect(Array.isArray(patches.patches)).toBe(true);
    expect((await svc(['ai-analysis', 'view', 'scan_nope'])).exitCode).toBe(4);
  });

  it('says what was left running when the wait runs out (exit 4)', async () => {
    // Service time stands still: the analysis never gets past queued.
    const frozen = await startEmulator({ scenario: 'e2e', timeScale: 0, log: () => undefined });
    const result = await runSvc(['ai-analysis', 'start', SCAN, '--wait', '--wait-timeout', '1'], {
      home: temporaryHome(),
      env: { SVC_API_URL: frozen.baseUrl, SVC_API_KEY: KEYS.member },
    }).finally(() => frozen.close());
    expect(result.exitCode).toBe(4);
    expect(result.stderr).toMatch(
      /did not finish within --wait-timeout \(1 s\); .* is left running on the service: `svc ai-analysis view/,
    );
  });
});

describe('Ctrl-C during a wait', () => {
  it('says which job was left running, and exits 130', async () => {
    const id = await firstFindingId();
    const result = await runSvc(['remediate', id, '--wait'], {
      home: temporaryHome(),
      env: { SVC_API_URL: emulator.current.baseUrl, SVC_API_KEY: KEYS.member },
      signal: 'SIGINT',
      signalWhen: /waiting for it/,
    });
    expect(result.exitCode).toBe(130);
    expect(result.stderr).toMatch(
      /Interrupted: Remediation rem_\w+ is left running on the service: `svc remediations view rem_\w+` shows it\./,
    );
  });
});

describe('svc compliance and ai-security', () => {
  it('shows the overall score, a framework’s controls, and the AI-security posture', async () => {
    const overview = await svc(['compliance', 'overview']);
    expect(overview.exitCode).toBe(0);
    expect(overview.stdout).toMatch(
      /^Overall compliance score of the organization \(all its scans; --scan <id> shows one\): \d+/,
    );
    const ofScan = await svc(['compliance', 'overview', '--scan', SCAN]);
    expect(ofScan.stdout).toMatch(new RegExp(`^Overall compliance score of scan ${SCAN}: \\d+`));
    const scores = await json<{ overall_score: number }>(['compliance', 'overview', '--scan', SCAN]);
    expect(typeof scores.overall_score).toBe('number');
    const framework = await svc(['compliance', 'view', 'owasp-top-10']);
    expect(framework.exitCode).toBe(0);
    expect(framework.stdout).toMatch(/^CONTROL +STATUS +TITLE$/m);
    expect((await svc(['compliance', 'view', 'no-such-framework'])).exitCode).toBe(4);
    const typo = await svc(['compliance', 'view', 'owasp-top10']);
    expect(typo.exitCode).toBe(4);
    expect(typo.stderr).toMatch(
      /^svc: The service knows no compliance framework 'owasp-top10'\. Did you mean 'owasp-top-10'\? Frameworks it knows: [^\n]*owasp-top-10/,
    );
    const posture = await json<{ summary: { checks_total: number } }>(['ai-security']);
    expect(posture.summary.checks_total).toBeGreaterThan(0);
    expect((await svc(['ai-security'])).stdout).toMatch(
      /^AI security of the organization \(all its scans; --scan <id> shows one\): \d+ of \d+ checks failed$/m,
    );
  });
});

describe('svc completion', () => {
  it('completes commands, subcommands and flag values in bash, from the same definitions', async () => {
    const script = await svc(['completion', 'bash']);
    expect(script.exitCode).toBe(0);
    const file = join(temporaryHome(), 'svc.bash');
    writeFileSync(file, script.stdout);
    const complete = (...words: string[]): string =>
      execFileSync(
        'bash',
        [
          '-c',
          `source "$0"; COMP_WORDS=(${words.map((word) => `'${word}'`).join(' ')}); COMP_CWORD=${words.length - 1}; _svc; echo "\${COMPREPLY[*]}"`,
          file,
        ],
        { encoding: 'utf8' },
      ).trim();
    expect(complete('svc', 'sc')).toBe('scan scans');
    expect(complete('svc', 'scans', '')).toMatch(/^list view cancel /);
    expect(complete('svc', 'findings', 'list', '--severity', '')).toBe('critical high medium low info');
    expect(complete('svc', 'ai-analysis', 'start', '--w')).toBe('--wait --wait-timeout');
    expect(complete('svc', 'completion', '')).toMatch(/^bash zsh fish /);
    expect(complete('svc', 'completion', 'z')).toBe('zsh');
  });

  it('writes zsh and fish scripts with every command, and refuses another shell (exit 2)', async () => {
    const zsh = await svc(['completion', 'zsh']);
    expect(zsh.stdout).toMatch(/^#compdef svc$/m);
    const fish = await svc(['completion', 'fish']);
    for (const command of [
      'scans',
      'findings',
      'remediate',
      'remediations',
      'ai-analysis',
      'compliance',
      'ai-security',
    ])
      expect(fish.stdout).toContain(`-a '${command}'`);
    expect(fish.stdout).toContain("-n 'test (__svc_path) = '\\''completion'\\''' -a 'bash zsh fish'");
    const other = await svc(['completion', 'tcsh']);
    expect(other.exitCode).toBe(2);
    expect(other.stderr).toContain('Allowed choices are bash, zsh, fish');
  });
});
