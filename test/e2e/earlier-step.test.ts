import { describe, expect, it } from 'vitest';
import { pullRequestEvent } from '../fixtures/events.ts';
import type { ActionRunOptions } from '../../scripts/action-runner.ts';
import { createScan } from '../emulator/helpers.ts';
import { KEYS, failureMessage, runAgainst, runLeavingScanRunning, useEmulator } from './support.ts';

/**
 * What an earlier step of the same job can set for the action: any variable, through $GITHUB_ENV, and files in
 * HOME (on pull_request_target, such a step may have run the pull request's code). None of it may make the gate
 * pass without a scan, or send the key somewhere the workflow did not name.
 */
const emulator = useEmulator();
const REPOSITORY = 'acme/vulnerable-app';
const HEAD = 'd'.repeat(40);
const PULL_REQUEST_TARGET = pullRequestEvent({
  repository: REPOSITORY,
  headSha: HEAD,
  eventName: 'pull_request_target',
});

/** The action on pull_request_target with the key, an empty api-url, and what an earlier step left (`left`). */
function runOnPullRequestTarget(left: Pick<ActionRunOptions, 'env' | 'workspace'>) {
  return runAgainst(
    emulator.current,
    { 'api-key': KEYS.member, 'api-url': '' },
    { repository: REPOSITORY, sha: HEAD, event: PULL_REQUEST_TARGET, ...left },
  );
}

/** A ~/.svc/config.toml naming `url`: the runner's HOME is the work dir (scripts/action-runner.ts), as the workspace. */
const configFileNaming = (url: string) => ({ files: { '.svc/config.toml': `base_url = "${url}"\n` } });

describe('an earlier step in the job', () => {
  it('cannot make the main step run as the post step with STATE_isPost=true', async () => {
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, repository: REPOSITORY },
      { env: { STATE_isPost: 'true' } },
    );
    expect(emulator.current.stats().requests_total).toBeGreaterThan(0);
    expect(result.outputs['scan-id']).toMatch(/^scan_/);
    expect(result.outputs.result).toBe('failed');
    expect(result.exitCode).toBe(1);
  });

  it('cannot name, through STATE_ variables, a scan for the post step to cancel when the main step started none', async () => {
    // Someone else's scan, still running: the runner sets STATE_x only for what the main step saved.
    const running = await createScan(emulator.current, 'repo_stuck');
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, 'fail-on': 'bogus' },
      { env: { 'STATE_scan-id': running.id, 'STATE_baseline-scan-id': running.id }, runPost: true },
    );
    expect(result.exitCode).toBe(1);
    expect(result.post?.exitCode).toBe(0);
    expect(result.post?.stdout).not.toContain(running.id);
    expect(emulator.current.stats().cancels).toBe(0);
  });

  it('cannot stop the post step cancelling the scan the main step left running, with STATE_scan-settled', async () => {
    const result = await runLeavingScanRunning(emulator.current, { env: { 'STATE_scan-settled': 'true' } });
    expect(result.outputs['scan-status']).toBe('timed-out');
    expect(result.post?.stdout).toMatch(/is still running after the main step; cancelling it/);
    expect(emulator.current.stats().cancels).toBe(1);
  });

  it('cannot send the key to its SVC_API_URL on pull_request_target: refused before anything is sent', async () => {
    const result = await runOnPullRequestTarget({ env: { SVC_API_URL: emulator.current.baseUrl } });
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).not.toBe('passed');
    expect(emulator.current.stats().requests_total).toBe(0);
    const message = failureMessage(result);
    expect(message).toContain(
      'on pull_request_target the action takes the service URL from the api-url input',
    );
    expect(message).toContain(`The URL from SVC_API_URL (${emulator.current.baseUrl}) was refused`);
    expect(message).toContain('set api-url');
  });

  it('cannot send the key to the base_url of a ~/.svc/config.toml it wrote, on pull_request_target', async () => {
    const result = await runOnPullRequestTarget({ workspace: configFileNaming(emulator.current.baseUrl) });
    expect(result.exitCode).toBe(1);
    expect(emulator.current.stats().requests_total).toBe(0);
    expect(failureMessage(result)).toContain('The URL from ~/.svc/config.toml');
  });
  it('cannot make its SVC_API_KEY the key on pull_request_target: refused before anything is sent', async () => {
    const result = await runAgainst(
      emulator.current,
      { 'api-key': '', 'api-url': emulator.current.baseUrl },
      { repository: REPOSITORY, sha: HEAD, event: PULL_REQUEST_TARGET, env: { SVC_API_KEY: KEYS.member } },
    );
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).not.toBe('passed');
    expect(emulator.current.stats().requests_total).toBe(0);
    const message = failureMessage(result);
    expect(message).toContain(
      'on pull_request_target the action takes the API key from the api-key input only',
    );
    expect(message).toContain('the key from SVC_API_KEY');
    expect(message).not.toContain(KEYS.member);
  });
});

describe('where the service URL comes from', () => {
  it('is the api-url input on pull_request_target, whatever SVC_API_URL says, and the log says so', async () => {
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, 'fail-on': 'none', gate: 'all' },
      {
        repository: REPOSITORY,
        sha: HEAD,
        event: PULL_REQUEST_TARGET,
        env: { SVC_API_URL: 'https://elsewhere.example/api/v1' },
      },
    );
    expect(result.exitCode).toBe(0);
    expect(emulator.current.stats().requests_total).toBeGreaterThan(0);
    expect(result.stdout).toContain(`Service URL: ${emulator.current.baseUrl} (from the api-url input).`);
  });

  it('is SVC_API_URL when api-url is empty on a push, and the log says so', async () => {
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, 'api-url': '', 'fail-on': 'none' },
      { env: { SVC_API_URL: emulator.current.baseUrl } },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`Service URL: ${emulator.current.baseUrl} (from SVC_API_URL).`);
  });

  it('is ~/.svc/config.toml when neither api-url nor SVC_API_URL gives one, and the log says so', async () => {
    const result = await runAgainst(
      emulator.current,
      { 'api-key': KEYS.member, 'api-url': '', 'fail-on': 'none' },
      { workspace: configFileNaming(emulator.current.baseUrl) },
    );
    expect(result.exitCode).toBe(0);
    expect(result.stdout).toContain(`Service URL: ${emulator.current.baseUrl} (from ~/.svc/config.toml).`);
  });

  it('is nowhere when api-url is empty and nothing else gives one: the step fails at once, naming api-url', async () => {
    const result = await runAgainst(emulator.current, { 'api-key': KEYS.member, 'api-url': '' });
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).not.toBe('passed');
    const message = failureMessage(result);
    expect(message).toContain(
      'api-url is empty and neither SVC_API_URL nor ~/.svc/config.toml gives a URL, so the built-in placeholder ' +
        'https://api.svc-scan.example/api/v1 would be used',
    );
    expect(message).toContain('Nothing was sent: set api-url');
    // Said once, at once: no retry of a host that cannot exist.
    expect(result.stdout).not.toMatch(/retry|Check the host/i);
  });
});
