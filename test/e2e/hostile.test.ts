import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { KEYS, failureMessage, runAgainst, useEmulator } from './support.ts';

const emulator = useEmulator();

/** The e2e scenario with one finding's scripted remediation failure reason replaced. */
function scenarioWithFailureReason(reason: string): Record<string, unknown> {
  const scenario = JSON.parse(
    readFileSync(new URL('../../emulator/scenarios/e2e.json', import.meta.url), 'utf8'),
  ) as { repositories: { id: string; scan: { findings: { remediation?: object }[] } }[] };
  const vulnerable = scenario.repositories.find((repository) => repository.id === 'repo_vulnerable');
  for (const finding of vulnerable?.scan.findings ?? []) {
    finding.remediation = { outcome: 'failed', failure_reason: reason };
  }
  return scenario;
}

describe('hostile and failing services', () => {
  it('keeps a server string from running workflow commands, even behind NEL or invisible characters', async () => {
    await emulator.current.loadScenario(
      scenarioWithFailureReason(
        'x\n\u0085::error title=Injected::pwned\n\u0085::stop-commands::token #\u00ad#[error]y',
      ),
    );
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      remediate: 'true',
      'remediate-severity': 'high',
    });
    expect(result.stdout).toContain('no pull request');
    const lines = result.stdout.split(/\r\n|\r|\n/);
    const commands = lines
      .map((line) => line.replace(/^[\s\u0085]+/u, ''))
      .filter((line) => line.startsWith('::'));
    expect(commands.length).toBeGreaterThan(0);
    expect(
      commands.filter(
        (command) => !/^::(error|warning|notice|group|endgroup|add-mask|debug)[ :]/.test(command),
      ),
    ).toEqual([]);
    expect(lines.filter((line) => line.replace(/[\p{Cc}\p{Cf}]/gu, '').includes('##['))).toEqual([]);
    expect(result.stdout).not.toMatch(/^[\s\u0085]*::stop-commands/mu);
    expect(result.stdout).not.toMatch(/^[\s\u0085]*::error title=Injected/mu);
  });

  it('fails the gate when a module failed, since its findings are missing', async () => {
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/partial-results',
    });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', 'scan-status': 'completed' });
    expect(failureMessage(result)).toMatch(
      /module iac \(failed\) did not complete, so its findings are missing/,
    );
    expect(
      result.annotations.some(
        (a) => a.level === 'warning' && /Module iac \(failed\) did not complete/.test(a.message),
      ),
    ).toBe(true);
  });

  it('ends without a verdict when the workflow is cancelled during remediation', async () => {
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, remediate: 'true', 'remediate-severity': 'high', 'fail-on': 'none' },
      { signal: 'SIGINT', signalWhen: /::group::Remediating/ },
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.outputs.result).toBe('failed');
    expect(failureMessage(result)).toMatch(/The workflow was cancelled while starting remediations/);
    expect(result.summary).not.toContain('passed');
  });

  it('keeps the key out of the summary and outputs even where markdown escaping changed its form', async () => {
    // The key pasted into the wrong input as well: the runner masks the log, but not the summary file.
    const canary = 'svc_sk_canary_in_the_wrong_input_01';
    const result = await runAgainst(emulator.current, { 'api-key': canary, repository: canary });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toContain(`::add-mask::${canary}`);
    expect(result.summary).toContain('***');
    expect(result.summary).not.toContain('canary');
    expect(JSON.stringify(result.outputs)).not.toContain('canary');
    // In the log only the exact string appears, which the runner masks.
    expect(result.stdout).not.toContain('canary\\_in');
  });

  it('bounds a wait whose polls hang by wait-timeout, and never passes', async () => {
    // Each poll's body would end 10 minutes later: the step ends on its own (not by the runner's kill after
    // 20 s) only if wait-timeout cuts the poll in flight.
    emulator.current.setFaults([
      { kind: 'slow_body', path: '/scans/*', method: 'GET', slow_body_ms: 600_000 },
    ]);
    const result = await runAgainst(
      emulator.current,
      {
        'api-key': KEYS.member,
        repository: 'acme/endless-monorepo',
        'wait-timeout': '2',
        'poll-interval': '0.2',
      },
      { timeoutMs: 20_000, runPost: true },
    );
    expect(result.signal).toBeNull();
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', 'scan-status': 'timed-out' });
    const stats = emulator.current.stats();
    // One poll, hung until the deadline cut it; then the post step's read of the scan, hung until its own bound,
    // and its cancel of the scan it could not see settled.
    expect(stats.requests['GET /api/v1/scans/{id}']).toBe(2);
    expect(stats.scans_created).toBe(1);
    expect(stats.cancels).toBe(1);
  });
});
