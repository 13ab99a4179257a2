import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Finding } from '../../src/client/types.ts';
import { compareFindings, countAtOrAbove } from '../../src/new-findings/new-findings.ts';
import { PullRequestDiff } from '../../src/new-findings/pr-diff.ts';
import type { Emulator } from '../../emulator/index.ts';
import { startGitHubEmulator, type GitHubEmulator, type GitHubSeed } from '../../github-emulator/index.ts';
import { readSeed } from '../../github-emulator/seed-schema.ts';
import { get, KEYS, post, startE2e } from './helpers.ts';

/**
 * The pull request fixture and the e2e scenario tell one story: both emulators seeded with them, over HTTP,
 * the acceptance case comes out of the matching (1 new medium, 1 fixed, 2 existing).
 */

const seed = readSeed(
  JSON.parse(readFileSync(new URL('../fixtures/pull-request-new-findings.json', import.meta.url), 'utf8')),
) as GitHubSeed & {
  repositories: [
    { full_name: string; pulls: [{ number: number; head: { sha: string }; merge_base_sha: string }] },
  ];
};
const [repository] = seed.repositories;
const [pull] = repository.pulls;

let service: Emulator;
let github: GitHubEmulator;
beforeAll(async () => {
  service = await startE2e();
  github = await startGitHubEmulator({ seed, log: () => undefined });
});
afterAll(async () => {
  await Promise.all([service.close(), github.close()]);
});

async function findings(scanId: string): Promise<Finding[]> {
  const page = await get(service, `/findings?scan_id=${scanId}&limit=200`, { key: KEYS.initech });
  return page.body.items as Finding[];
}

describe('the pull request fixture with the e2e scenario', () => {
  it('is a pull request of the scenario repository, from the merge base scanned to the head', async () => {
    const repositories = await get(service, '/repositories', { key: KEYS.initech });
    expect(repositories.body.items.map((item: { full_name: string }) => item.full_name)).toEqual([
      repository.full_name,
    ]);
    const scan = await get(service, '/scans/scan_e2e_storefront_base', { key: KEYS.initech });
    expect(scan.body.ref).toBe(pull.merge_base_sha);
  });

  it('gives 1 new medium, 1 fixed and 2 existing findings, and 1 new failing with fail-on medium', async () => {
    const response = await fetch(`${github.url}/repos/${repository.full_name}/pulls/${pull.number}/files`, {
      headers: { authorization: `Bearer ${github.token}`, accept: 'application/vnd.github+json' },
    });
    expect(response.status).toBe(200);
    const diff = PullRequestDiff.fromFiles((await response.json()) as unknown[]);

    const head = await post(service, '/scans', {
      key: KEYS.initech,
      body: { repository_id: 'repo_storefront', ref: pull.head.sha },
    });
    service.advanceTime(60);
    const result = compareFindings(
      await findings(head.body.id),
      await findings('scan_e2e_storefront_base'),
      diff,
    );

    expect(result.new.map((entry) => [entry.finding.title, entry.severity, entry.reason])).toEqual([
      ['Reflected cross-site scripting in search results', 'medium', 'touched-line'],
    ]);
    expect(result.fixed.map((entry) => entry.baseline.title)).toEqual(['Path traversal in file upload']);
    expect(
      result.existing.map((entry) => [
        entry.baseline.file_path,
        entry.baseline.line,
        entry.finding.file_path,
        entry.finding.line,
      ]),
    ).toEqual([
      ['src/db/users.ts', 57, 'src/db/users.ts', 97],
      ['src/legacy/auth.js', 12, 'src/auth/session.js', 12],
    ]);
    expect(countAtOrAbove(result.counts.new, 'medium')).toBe(1);
    expect(result.coarseFiles).toEqual([]);
  });
});
