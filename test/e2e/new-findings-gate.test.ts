import { describe, expect, it } from 'vitest';
import { useStorefrontPullRequest } from './storefront-pull-request.ts';
import { failureMessage, useEmulator } from './support.ts';

/**
 * The gate on what a pull request introduces, end to end: pull request 42 of initech/storefront moves an old
 * high finding 40 lines down, renames a file with an old finding, fixes one and adds one new medium (the
 * service emulator's e2e scenario holds scans of both commits; the GitHub emulator holds the pull request).
 */
const emulator = useEmulator();
const pullRequest = useStorefrontPullRequest(emulator);
const onThePullRequest = (inputs: Record<string, string> = {}, options: { githubToken?: boolean } = {}) =>
  pullRequest.run({ ...inputs, ...(options.githubToken === false ? { 'github-token': '' } : {}) });

describe('gate: new on a pull request', () => {
  it('fails on exactly the one new medium: 1 new, 1 fixed, 2 existing, 1 new failing', async () => {
    const result = await onThePullRequest();
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({
      'new-findings': '1',
      'new-failing-findings': '1',
      'fixed-findings': '1',
      'existing-findings': '2',
      'baseline-scan-id': 'scan_e2e_storefront_base',
      result: 'failed',
    });
    expect(failureMessage(result)).toMatch(
      /^1 new finding is medium or above \(fail-on: medium\): 1 medium; 2 existing findings medium or above do not fail the gate\./,
    );
    expect(result.stdout).toMatch(/Baseline: scan scan_e2e_storefront_base of 5b1f0c3e/);
    expect(result.stdout).toMatch(/merge base, from GitHub's compare API/);
    expect(result.summary).toMatch(/### New findings \(1 at or above/);
    expect(result.summary).toMatch(/This pull request fixes 1 finding/);
    expect(result.summary).toMatch(/2 existing findings, already in the baseline/);
    // The check run annotates the new finding first.
    const [run] = pullRequest.github.state().check_runs;
    expect((run?.annotations[0] as { path: string }).path).toBe('src/api/search.ts');
  });

  it('with gate: all, fails on every finding at or above fail-on, and sets no split', async () => {
    const result = await onThePullRequest({ gate: 'all' });
    expect(result.exitCode).toBe(1);
    expect(failureMessage(result)).toMatch(
      /^4 findings are medium or above|^\d+ findings are medium or above/,
    );
    expect(result.outputs['new-findings'] ?? '').toBe('');
    expect(result.outputs['baseline-scan-id'] ?? '').toBe('');
  });

  it('without a baseline to be had, gates on all findings and says why', async () => {
    // The baseline's scans carry other modules, and starting one is not allowed.
    const result = await onThePullRequest({ 'baseline-scan': 'never', modules: 'secrets' });
    expect(result.exitCode).toBe(1);
    expect(result.stdout).toMatch(
      /No baseline to compare with \(no completed scan of the baseline commit .* baseline-scan is never\): the gate judges every finding/,
    );
    expect(result.summary).toMatch(/No baseline to compare with/);
    expect(result.outputs['new-findings'] ?? '').toBe('');
  });

  it('starts a baseline scan beside the head scan when none exists, and says it cost a scan', async () => {
    const result = await onThePullRequest({ modules: 'sast,secrets' });
    const stats = emulator.current.stats();
    expect(stats.scans_created).toBe(2);
    expect(result.stdout).toMatch(
      /Baseline: no completed scan of 5b1f0c3e\S* \(.*\); started scan scan_\w+ of it/,
    );
    expect(result.summary).toMatch(/it cost a scan/);
    expect(result.outputs['baseline-scan-id']).toMatch(/^scan_/);
  });

  it('matches coarsely, and says so, when the token cannot read the pull request', async () => {
    const result = await onThePullRequest({}, { githubToken: false });
    // Coarse matching (no diff) counts 2 new where the diff-aware match counts 1 (the re-run below).
    expect(result.outputs['new-findings']).toBe('2');
    expect(result.summary).toMatch(/Coarse matching/);
    expect(result.stdout).toMatch(/the pull request's base commit/);
  });
});

describe('reuse-scan', () => {
  it('reuses the scan of the same commit on a re-run, and starts none', async () => {
    await onThePullRequest();
    const before = emulator.current.stats().scans_created;
    const again = await onThePullRequest();
    expect(emulator.current.stats().scans_created).toBe(before);
    expect(again.stdout).toMatch(/Reusing scan scan_\w+ \(\w+\) of initech\/storefront/);
    expect(again.outputs['new-findings']).toBe('1');
  });
});
