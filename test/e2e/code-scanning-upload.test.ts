import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startGitHubEmulator, type GitHubEmulator } from '../../github-emulator/index.ts';
import type { RecordedCall } from '../../github-emulator/index.ts';
import { mergeGroupEvent, pullRequestEvent, pushEvent } from '../fixtures/events.ts';
import { seedWithPullRequest } from '../support/github-side.ts';
import type { SarifLog } from '../unit/sarif/sarif-support.ts';
import { sarifSchemaErrors } from '../unit/sarif/sarif-support.ts';
import { KEYS, runAgainst, runUploadingOn, useEmulator } from './support.ts';

/**
 * The bundled action with `upload-sarif: true` against the service's emulator and GitHub's: the upload itself
 * (gzip, base64, the scanned commit and the right ref), the wait for processing, and every way it must not
 * change code scanning's record: a run that did not read every finding, a refusal, a fork.
 */
const emulator = useEmulator();
let github: GitHubEmulator;
const HEAD = 'e'.repeat(40);
const REPOSITORY = 'acme/vulnerable-app';

beforeEach(async () => {
  github = await startGitHubEmulator({ log: () => undefined });
  github.seed(seedWithPullRequest(REPOSITORY, 42, HEAD));
});
afterEach(async () => {
  await github.close();
});

const uploads = (): RecordedCall[] =>
  github.calls().filter((call) => call.operationId === 'code-scanning/upload-sarif');

function uploadedLog(call: RecordedCall | undefined): SarifLog {
  const body = call?.body as { sarif: string };
  return JSON.parse(gunzipSync(Buffer.from(body.sarif, 'base64')).toString('utf8')) as SarifLog;
}

function onPullRequest(
  inputs: Record<string, string> = {},
  options: { fork?: boolean; repository?: string } = {},
) {
  const repository = options.repository ?? REPOSITORY;
  return runAgainst(
    emulator.current,
    {
      'api-key': KEYS.member,
      'github-token': github.token,
      repository,
      gate: 'all',
      'upload-sarif': 'true',
      ...inputs,
    },
    {
      repository,
      sha: HEAD,
      env: { GITHUB_API_URL: github.url, GITHUB_REF: 'refs/pull/42/merge' },
      event: pullRequestEvent({
        repository,
        number: 42,
        headSha: HEAD,
        ...(options.fork ? { headRepository: 'someone/fork' } : {}),
      }),
    },
  );
}

describe('the code scanning upload', () => {
  it('uploads the run gzip-compressed for the head commit on refs/pull/N/head, waits, and sets the outputs', async () => {
    github.setCodeScanning({ pendingPolls: 2 });
    const result = await onPullRequest();
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    const [call] = uploads();
    expect(call?.status).toBe(202);
    expect(call?.body).toMatchObject({ commit_sha: HEAD, ref: 'refs/pull/42/head' });
    const log = uploadedLog(call);
    expect(sarifSchemaErrors(log)).toEqual([]);
    expect(log.runs[0]?.results.length).toBe(
      Number(result.outputs['total-findings']) - Number(result.outputs['findings-info']),
    );
    expect(result.outputs['sarif-id']).toBe((call?.response as { id: string }).id);
    expect(result.outputs['analysis-url']).toContain(`sarif_id=${result.outputs['sarif-id']}`);
    expect(github.calls().filter((c) => c.operationId === 'code-scanning/get-sarif')).toHaveLength(3);
    expect(result.stdout).toContain('Code scanning processed the upload: complete.');
  });

  it('never sends the API key to GitHub', async () => {
    await onPullRequest();
    expect(uploads()).toHaveLength(1);
    const sent = JSON.stringify(github.calls());
    expect(sent).not.toContain(KEYS.member);
    expect(JSON.stringify(uploadedLog(uploads()[0]))).not.toContain(KEYS.member);
  });

  it('files a push under GITHUB_REF, and a merge queue group under its ref', async () => {
    const push = await runUploadingOn(emulator.current, github, {
      repository: REPOSITORY,
      sha: HEAD,
      ref: 'refs/heads/main',
      event: pushEvent(REPOSITORY, HEAD),
    });
    expect(push.exitCode).toBe(0);
    const queueRef = `refs/heads/gh-readonly-queue/main/pr-42-${HEAD}`;
    await runUploadingOn(emulator.current, github, {
      repository: REPOSITORY,
      sha: HEAD,
      ref: queueRef,
      event: mergeGroupEvent({ repository: REPOSITORY, headSha: HEAD, baseSha: 'b'.repeat(40) }),
    });
    expect(uploads().map((call) => (call.body as { ref: string }).ref)).toEqual([
      'refs/heads/main',
      queueRef,
    ]);
  });

  it('keeps the 5,000 most severe results by default, and sarif-max-results more', async () => {
    await onPullRequest(
      { repository: 'acme/large-monorepo', 'severity-threshold': 'info', 'sarif-max-results': '100' },
      { repository: 'acme/large-monorepo' },
    );
    const log = uploadedLog(uploads()[0]);
    expect(log.runs[0]?.results).toHaveLength(100);
    expect(JSON.stringify(log.runs[0])).toMatch(/1134 .*left out|left out.*1134|findingsLeftOut":1134/);
  });

  it("warns with GitHub's errors when processing fails, and the verdict stands", async () => {
    github.setCodeScanning({ failWith: ['Invalid SARIF: rule not found'] });
    const result = await onPullRequest({ 'fail-on': 'none' });
    expect(result.exitCode).toBe(0);
    expect(result.outputs.result).toBe('passed');
    expect(result.outputs['sarif-id']).not.toBe('');
    expect(result.outputs['analysis-url']).toBeUndefined();
    expect(result.annotations.map((a) => a.message).join('\n')).toMatch(
      /Code scanning failed to process the upload: Invalid SARIF: rule not found/,
    );
  });

  it('warns with the fix on a 403 (no Advanced Security), and the verdict stands', async () => {
    github.setCodeScanning({ advancedSecurity: false });
    const result = await onPullRequest({ 'fail-on': 'none' });
    expect(result.exitCode).toBe(0);
    expect(result.outputs.result).toBe('passed');
    expect(result.outputs['sarif-id']).toBeUndefined();
    const warnings = result.annotations
      .filter((a) => a.level === 'warning')
      .map((a) => a.message)
      .join('\n');
    expect(warnings).toMatch(/Advanced Security must be enabled/);
    expect(warnings).toMatch(/security-events: write/);
  });

  it('warns without uploading on a pull request from a fork (a read-only token)', async () => {
    github.setTokenMode('read-only');
    const result = await onPullRequest({ 'fail-on': 'none' }, { fork: true });
    expect(result.exitCode).toBe(0);
    expect(uploads().map((call) => call.status)).toEqual([403]);
    expect(result.annotations.map((a) => a.message).join('\n')).toMatch(/fork gets a read-only token/);
  });

  it('uploads nothing when the run timed out before the findings were read, and says so', async () => {
    github.seed(seedWithPullRequest('acme/endless-monorepo', 42, HEAD));
    const result = await onPullRequest(
      { 'wait-timeout': '1', 'poll-interval': '0.2' },
      { repository: 'acme/endless-monorepo' },
    );
    expect(result.exitCode).toBe(1);
    expect(uploads()).toEqual([]);
    expect(result.annotations.map((a) => a.message).join('\n')).toMatch(
      /without reading every finding .* nothing was uploaded to code scanning/,
    );
  });

  it('uploads nothing, and writes no SARIF file, from a scan with a module that did not complete', async () => {
    github.seed(seedWithPullRequest('acme/partial-results', 42, HEAD));
    const result = await onPullRequest(
      { 'sarif-file': 'partial.sarif' },
      { repository: 'acme/partial-results' },
    );
    expect(result.outputs.result).toBe('failed');
    expect(uploads()).toEqual([]);
    expect(result.outputs['sarif-file'] ?? '').toBe('');
    const warnings = result.annotations.map((a) => a.message).join('\n');
    expect(warnings).toMatch(
      /Module iac \(failed\) did not complete and its findings are missing from the scan, so nothing was uploaded/,
    );
    expect(warnings).toMatch(/Module iac \(failed\) did not complete.*no SARIF file was written/);
  });

  it('uploads nothing with upload-sarif off, the default', async () => {
    await onPullRequest({ 'upload-sarif': 'false' });
    expect(github.calls().filter((call) => call.operationId?.startsWith('code-scanning/'))).toEqual([]);
  });
});
