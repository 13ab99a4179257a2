import { describe, expect, it } from 'vitest';
import { KEYS, failureMessage, runAgainst, runLeavingScanRunning, useEmulator } from './support.ts';

const emulator = useEmulator();

describe('remediation', () => {
  it('opens pull requests where the service can, and says why not where it cannot', async () => {
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      remediate: 'true',
      'remediate-severity': 'low',
      'max-remediations': '10',
    });
    const prs = JSON.parse(result.outputs['remediation-prs'] ?? '[]') as {
      finding_id: string;
      pr_url: string;
      branch: string;
    }[];
    const opened = prs.filter((pr) => pr.pr_url !== '');
    const without = prs.filter((pr) => pr.pr_url === '');
    expect(opened.length).toBeGreaterThan(0);
    expect(without.length).toBeGreaterThan(0);
    for (const pr of opened) {
      expect(pr.pr_url).toMatch(/^https:\/\/github\.com\/acme\/vulnerable-app\/pull\/\d+$/);
      expect(pr.branch).not.toBe('');
    }
    expect(emulator.current.stats().remediations_created).toBe(prs.length);
    expect(result.summary).toContain('### Remediations');
    expect(result.summary).toContain('no pull request: the job ended without a pull request (failed)');
    // Remediation is a service: the gate still decides the step.
    expect(result.outputs.result).toBe('failed');
  });

  it('starts no more jobs than max-remediations, most severe first', async () => {
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      remediate: 'true',
      'remediate-severity': 'low',
      'max-remediations': '1',
    });
    expect(emulator.current.stats().remediations_created).toBe(1);
    expect(result.summary).toMatch(
      /### Remediations\n\n\| Severity \| Finding \| Result \|\n\| --- \| --- \| --- \|\n\| 🟥 Critical/,
    );
  });

  it('explains a 403 for a key whose role may not remediate, without crashing', async () => {
    await emulator.current.loadScenario('e2e');
    const viewer = await runAgainst(emulator.current, {
      'api-key': KEYS.viewer,
      remediate: 'true',
    });
    expect(viewer.exitCode).toBe(1);
    expect(failureMessage(viewer)).toMatch(/refused the request \(403\) while running the scan/);
  });
});

describe('stopping', () => {
  it('cancels the scan on SIGTERM and exits non-zero', async () => {
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, repository: 'acme/endless-monorepo' },
      { signal: 'SIGTERM', signalWhen: /scan scan_\w+: running/, runPost: true },
    );
    expect(result.exitCode).not.toBe(0);
    expect(result.outputs).toMatchObject({ result: 'failed', 'scan-status': 'cancelled' });
    expect(emulator.current.stats().cancels).toBe(1);
    expect(result.stdout).toMatch(/Cancelled scan scan_\w+ on the service\./);
    // The main step settled the scan: the post step has nothing left to cancel.
    expect(result.post?.stdout).not.toMatch(/cancel/i);
    expect(result.post?.exitCode).toBe(0);
  });

  it('gives up at wait-timeout, never passing, and the post step cancels the scan', async () => {
    const result = await runLeavingScanRunning(emulator.current);
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({ result: 'failed', 'scan-status': 'timed-out' });
    expect(failureMessage(result)).toMatch(/did not finish within wait-timeout \(1 s\)/);
    expect(result.post?.exitCode).toBe(0);
    expect(result.post?.stdout).toMatch(/is still running after the main step; cancelling it/);
    expect(emulator.current.stats().cancels).toBe(1);
  });

  it('leaves a finished scan alone in the post step', async () => {
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, repository: 'acme/clean-service' },
      { runPost: true },
    );
    expect(result.exitCode).toBe(0);
    expect(result.post?.stdout.trim()).toBe('');
    expect(emulator.current.stats().cancels).toBe(0);
  });
});

describe('server faults', () => {
  it('retries 5xx answers to reads and still reaches the right verdict', async () => {
    emulator.current.setFaults([{ kind: 'error', path: '/findings', status: 503, count: 2 }]);
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/clean-service',
    });
    expect(result.exitCode).toBe(0);
    expect(result.outputs.result).toBe('passed');
    expect(emulator.current.stats().faults_injected_total).toBe(2);
  });

  it('fails closed when the service keeps failing', async () => {
    emulator.current.setFaults([{ kind: 'error', path: '/scans/*/report', status: 500 }]);
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/clean-service',
    });
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(failureMessage(result)).toMatch(/The service failed \(500\)/);
  });
});

describe('invalid inputs', () => {
  it.each([
    ['fail-on', 'hihg'],
    ['severity-threshold', 'severe'],
    ['remediate-severity', 'urgent'],
    ['incremental', 'yes'],
    ['remediate', 'on'],
    ['max-remediations', '99'],
    ['wait-timeout', 'soon'],
    ['poll-interval', '0'],
    ['page-size', '-5'],
    ['repository', 'not-a-repository'],
    ['modules', 'sast;rm'],
    ['frameworks', 'a b'],
    ['api-url', 'ftp://scanner.example/api/v1'],
  ])('rejects %s=%j before sending anything', async (name, value) => {
    const result = await runAgainst(emulator.current, { 'api-key': KEYS.member, [name]: value });
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(failureMessage(result)).toContain(name);
    expect(failureMessage(result)).toContain(value);
    expect(emulator.current.stats().requests_total).toBe(0);
  });
});
