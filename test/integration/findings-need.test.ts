import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { startGitHubEmulator, type GitHubEmulator, type TokenMode } from '../../github-emulator/index.ts';
import { pullRequestEvent, pushEvent } from '../fixtures/events.ts';
import { seedWithPullRequest } from '../support/github-side.ts';
import { HEAD_SHA, runMainAgainst, startFastE2e } from '../support/in-process-action.ts';
import { KEYS } from './support.ts';

/**
 * The findings fetched follow the run's read plan, made from the reporters that are on: the check run needs up to
 * max-annotations, but once GitHub refuses it at the scan's start, the workflow-command annotations that stand in
 * need far fewer. The SARIF run is one product of the run's finding set: the file and the upload both take it,
 * so turning both on asks the service for no page of findings that either alone does not.
 */
const REPOSITORY = 'acme/large-monorepo';
let service: Emulator;
let github: GitHubEmulator;

beforeEach(async () => {
  [service, github] = await Promise.all([startFastE2e(), startGitHubEmulator({ log: () => undefined })]);
  github.seed(seedWithPullRequest(REPOSITORY, 42, HEAD_SHA));
});
afterEach(async () => {
  await Promise.all([service.close(), github.close()]);
});

/** Pages of findings the service answered during one run of the main step. */
async function findingsPagesOfARun(mode: TokenMode): Promise<number> {
  github.setTokenMode(mode);
  service.resetStats();
  const { toolkit } = await runMainAgainst(
    service,
    {
      'api-key': KEYS.member,
      'github-token': github.token,
      repository: REPOSITORY,
      'severity-threshold': 'info',
      'fail-on': 'none',
      'pr-comment': 'never',
    },
    {
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: REPOSITORY },
      event: pullRequestEvent({ repository: REPOSITORY, number: 42, headSha: HEAD_SHA }),
    },
  );
  expect(toolkit.outputs.result).toBe('passed');
  return service.stats().requests['GET /api/v1/findings'] ?? 0;
}

it('fetches for 1,000 annotations with checks: write, and only what workflow commands show without it', async () => {
  const withChecks = await findingsPagesOfARun('full');
  expect(github.state().check_runs[0]?.annotations).toHaveLength(1000);
  const refused = await findingsPagesOfARun('no-checks');
  expect(refused).toBeGreaterThan(0);
  expect(refused).toBeLessThan(withChecks);
});

interface Sinks {
  file: boolean;
  upload: boolean;
}

/** One push run with the given SARIF sinks: the pages of findings it asked for, and the logs it wrote. */
async function runWith(sinks: Sinks): Promise<{ pages: number; file?: string; uploaded?: string }> {
  service.resetStats();
  const path = join(mkdtempSync(join(tmpdir(), 'svc-sinks-')), 'svc.sarif');
  const { toolkit } = await runMainAgainst(
    service,
    {
      'api-key': KEYS.member,
      'github-token': github.token,
      repository: REPOSITORY,
      'severity-threshold': 'medium',
      'fail-on': 'none',
      ...(sinks.file ? { 'sarif-file': path } : {}),
      ...(sinks.upload ? { 'upload-sarif': 'true', 'wait-for-processing': 'false' } : {}),
    },
    {
      env: { GITHUB_API_URL: github.url, GITHUB_REPOSITORY: REPOSITORY, GITHUB_REF: 'refs/heads/main' },
      event: pushEvent(REPOSITORY, HEAD_SHA),
    },
  );
  expect(toolkit.outputs.result).toBe('passed');
  const upload = github.calls().findLast((call) => call.operationId === 'code-scanning/upload-sarif');
  const body = upload?.body as { sarif: string } | undefined;
  return {
    pages: service.stats().requests['GET /api/v1/findings'] ?? 0,
    ...(sinks.file ? { file: readFileSync(path, 'utf8') } : {}),
    ...(body ? { uploaded: gunzipSync(Buffer.from(body.sarif, 'base64')).toString('utf8') } : {}),
  };
}

it('reads no more pages of findings with the SARIF file and the upload both on than with either alone', async () => {
  const none = await runWith({ file: false, upload: false });
  const file = await runWith({ file: true, upload: false });
  const upload = await runWith({ file: false, upload: true });
  const both = await runWith({ file: true, upload: true });
  // On this scan: 6 pages with either sink, or none, or both (10 with both when the upload read the list again).
  expect(file.pages).toBe(none.pages);
  expect(upload.pages).toBe(none.pages);
  expect(both.pages).toBeLessThanOrEqual(Math.min(file.pages, upload.pages));
  // One run, written once: the file holds what was uploaded.
  expect(both.file).toBeDefined();
  expect(both.uploaded).toBe(both.file);
});
