import { describe, expect, it } from 'vitest';
import { pullRequestEvent, pushEvent, scheduleEvent } from '../fixtures/events.ts';
import { KEYS, everythingWritten, failureMessage, runAgainst, useEmulator } from './support.ts';

const emulator = useEmulator();

describe('the bundled action on a pull request', () => {
  it('passes a scan whose findings are all below fail-on, scanning the head commit', async () => {
    const headSha = '1234567890abcdef1234567890abcdef12345678';
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, repository: 'acme/clean-service' },
      { event: pullRequestEvent({ repository: 'acme/clean-service', headSha }) },
    );
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs).toMatchObject({
      result: 'passed',
      'scan-status': 'completed',
      'total-findings': '3',
      'findings-critical': '0',
      'findings-high': '0',
      'failing-findings': '0',
    });
    expect(result.outputs['scan-id']).toMatch(/^scan_/);
    expect(result.summary.startsWith('## ✅ svc-scan: passed')).toBe(true);
    expect(result.stdout).toContain(`at ${headSha}`);
    const stats = emulator.current.stats();
    expect(stats.scans_created).toBe(1);
    expect(stats.requests['POST /api/v1/scans']).toBe(1);
    // The findings' annotations; GitHub itself is unreachable here, which its reporters warn about.
    const findingAnnotations = result.annotations.filter((a) => a.properties.file !== undefined);
    expect(findingAnnotations.length).toBeGreaterThan(0);
    expect(findingAnnotations.every((a) => a.level === 'notice')).toBe(true);
  });

  it('fails the gate on high findings, with annotations on the lines, escaped', async () => {
    const result = await runAgainst(emulator.current, { 'api-key': KEYS.member });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({
      result: 'failed',
      'scan-status': 'completed',
      'failing-findings': '4',
    });
    expect(Number(result.outputs['findings-critical'])).toBe(1);
    expect(Number(result.outputs['findings-high'])).toBe(3);
    expect(failureMessage(result)).toMatch(/4 findings are high or above \(fail-on: high\)/);

    const onFiles = result.annotations.filter((a) => a.properties.file !== undefined);
    expect(onFiles.length).toBeGreaterThan(0);
    expect(onFiles[0]?.properties.title).toMatch(/^CRITICAL: /);
    for (const annotation of onFiles) expect(annotation.properties.line).toMatch(/^\d+$/);

    // Hostile titles reach the log only as data: no line of the log is a command the action did not mean.
    const commands = result.stdout.split('\n').filter((line) => /^\s*::/.test(line) || line.includes('##['));
    for (const line of commands)
      expect(line).toMatch(/^::(error|warning|notice|group|endgroup|add-mask|debug)[ :]/);
    expect(result.stdout).not.toContain('##[');
    expect(result.summary).not.toContain('<script>');
    expect(result.summary).not.toMatch(/@octocat/);
  });

  it('passes the same findings with fail-on none, and still reports them', async () => {
    const result = await runAgainst(emulator.current, { 'api-key': KEYS.member, 'fail-on': 'none' });
    expect(result.exitCode).toBe(0);
    expect(result.outputs).toMatchObject({
      result: 'passed',
      'failing-findings': '0',
      'findings-critical': '1',
    });
    expect(result.summary).toContain('fail-on is none');
  });

  it('reports findings at or above fail-on even above severity-threshold', async () => {
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      'severity-threshold': 'critical',
      'fail-on': 'high',
    });
    const levels = result.annotations.filter((a) => a.properties.file !== undefined).map((a) => a.level);
    expect(levels).toHaveLength(4);
    expect(new Set(levels)).toEqual(new Set(['error']));
  });

  it('fails when the scan fails, naming the failed module', async () => {
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/broken-build',
    });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', 'scan-status': 'failed' });
    expect(failureMessage(result)).toMatch(/ended failed; failed modules: dependencies/);
    expect(result.summary).toContain('## ❌ svc-scan: failed');
    expect(emulator.current.stats().requests['GET /api/v1/findings'] ?? 0).toBe(0);
  });

  it('says which repository was looked up, in which org, when it is not found', async () => {
    const result = await runAgainst(emulator.current, { 'api-key': KEYS.member, repository: 'acme/nope' });
    expect(result.exitCode).toBe(1);
    expect(failureMessage(result)).toMatch(
      /Repository 'acme\/nope' was not found on the service in organization org_acme/,
    );
    expect(emulator.current.stats().scans_created).toBe(0);
  });
});

describe('what the action scans on other events', () => {
  it('scans GITHUB_SHA on push', async () => {
    const sha = 'c'.repeat(40);
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, repository: 'acme/clean-service' },
      { event: pushEvent('acme/clean-service', sha), sha },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`at ${sha}`);
  });

  it('scans the default branch on schedule when the workflow gives no commit', async () => {
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, repository: 'acme/clean-service' },
      { event: scheduleEvent(), sha: '' },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain('of acme/clean-service at main');
  });
});

describe('credentials', () => {
  it('explains a key the service does not know, and never shows it', async () => {
    const canary = 'svc_sk_canary_DO_NOT_LEAK_0123456789';
    const result = await runAgainst(emulator.current, { 'api-key': canary });
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(failureMessage(result)).toMatch(/rejected the API key \(401\)/);
    expect(result.stdout).toContain(`::add-mask::${canary}`);
    expect(everythingWritten(result)).not.toContain(canary);
    expect(everythingWritten(result)).not.toContain('DO_NOT_LEAK');
  });

  it('fails with a revoked key', async () => {
    const result = await runAgainst(emulator.current, { 'api-key': KEYS.revoked });
    expect(result.exitCode).toBe(1);
    expect(failureMessage(result)).toMatch(/401/);
    expect(everythingWritten(result)).not.toContain(KEYS.revoked);
    expect(emulator.current.stats().scans_created).toBe(0);
  });

  it('reads the key from SVC_API_KEY when the input is empty', async () => {
    const result = await runAgainst(
      emulator.current,
      { repository: 'acme/clean-service' },
      { env: { SVC_API_KEY: KEYS.member } },
    );
    expect(result.exitCode).toBe(0);
    expect(everythingWritten(result)).not.toContain(KEYS.member);
  });

  it('tells a pull request from a fork why there is no key', async () => {
    const result = await runAgainst(
      emulator.current,
      {},
      {
        event: pullRequestEvent({
          repository: 'acme/vulnerable-app',
          headRepository: 'mallory/vulnerable-app',
        }),
      },
    );
    expect(result.exitCode).toBe(1);
    expect(failureMessage(result)).toMatch(/this pull request comes from a fork/);
    expect(emulator.current.stats().requests_total).toBe(0);
  });

  it('refuses to send the key over plain http to a host other than loopback', async () => {
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      'api-url': 'http://scanner.example.com/api/v1',
    });
    expect(result.exitCode).toBe(1);
    expect(failureMessage(result)).toMatch(/http/i);
    expect(emulator.current.stats().requests_total).toBe(0);
  });
});
