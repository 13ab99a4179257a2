import { describe, expect, it } from 'vitest';
import { readInputRecord } from '../../../src/action/action-settings.ts';
import { fleetModeOn, fleetStepSettings, inputsTheWorkflowSet } from '../../../src/action/fleet-settings.ts';
import { InputError, NO_ORIGIN, type RunOrigin } from '../../../src/run/settings.ts';

const ORIGIN: RunOrigin = { ...NO_ORIGIN, repository: 'acme/app', ref: 'c'.repeat(40) };
const ENV = { GITHUB_REPOSITORY: 'acme/app', RUNNER_TEMP: '/runner/temp' };

/** The record the main step reads, as the runner gives it: every declared input, '' when the workflow left it. */
function record(given: Record<string, string>): Readonly<Record<string, string>> {
  return readInputRecord((name) => given[name] ?? (name === 'repository' ? 'acme/app' : ''));
}

function settingsOf(given: Record<string, string>): ReturnType<typeof fleetStepSettings> {
  return fleetStepSettings(record(given), ORIGIN, ENV);
}

describe("the action's fleet mode, from its inputs", () => {
  it('is on only when the workflow gives repositories', () => {
    expect(fleetModeOn(record({}))).toBe(false);
    expect(fleetModeOn(record({ repositories: ' \n' }))).toBe(false);
    expect(fleetModeOn(record({ repositories: 'all' }))).toBe(true);
  });

  it('selects every repository, a project, or patterns, and keeps a ledger in RUNNER_TEMP', () => {
    const all = settingsOf({ repositories: 'all' }).options;
    expect(all.selection).toEqual({ kind: 'all' });
    expect(all.ledgerPath).toBe('/runner/temp/svc-fleet-ledger.jsonl');
    expect(all).toMatchObject({ concurrency: 10, pollIntervalSeconds: 2, failOn: 'high', shard: undefined });
    expect(settingsOf({ repositories: 'ALL', 'project-id': 'prj_core' }).options.selection).toEqual({
      kind: 'project',
      projectId: 'prj_core',
    });
    expect(settingsOf({ repositories: 'acme/service-*,\nacme/app, acme/app' }).options.selection).toEqual({
      kind: 'patterns',
      patterns: ['acme/service-*', 'acme/app'],
    });
  });

  it('takes ! patterns that exclude, beside all (of project-id too) or patterns, or alone', () => {
    expect(
      settingsOf({ repositories: 'all, !acme/legacy', 'project-id': 'prj_core' }).options.selection,
    ).toEqual({ kind: 'project', projectId: 'prj_core', exclude: ['acme/legacy'] });
    expect(settingsOf({ repositories: '!acme/legacy-*' }).options.selection).toEqual({
      kind: 'all',
      exclude: ['acme/legacy-*'],
    });
    expect(settingsOf({ repositories: '!acme/legacy\nacme/api-*' }).options.selection).toEqual({
      kind: 'patterns',
      patterns: ['acme/api-*'],
      exclude: ['acme/legacy'],
    });
  });

  it("scans each repository at its default branch unless the workflow gives ref: the workflow's commit is not theirs", () => {
    expect(settingsOf({ repositories: 'all' }).options.ref).toBeUndefined();
    expect(settingsOf({ repositories: 'all', ref: 'release' }).options.ref).toBe('release');
  });

  it('reads shard, concurrency, min-credits and ledger', () => {
    const { options } = settingsOf({
      repositories: 'all',
      shard: '2/4',
      concurrency: '100',
      'min-credits': '50',
      ledger: 'fleet.jsonl',
      'poll-interval': '0.5',
    });
    expect(options).toMatchObject({
      shard: { index: 2, count: 4 },
      concurrency: 100,
      minCredits: 50,
      ledgerPath: 'fleet.jsonl',
      pollIntervalSeconds: 0.5,
    });
  });

  it.each([
    [{ shard: '5/4' }, "Input 'shard' is invalid: got '5/4'"],
    [{ shard: '0/4' }, "Input 'shard' is invalid: got '0/4'"],
    [{ shard: 'auto' }, "Input 'shard' is invalid: got 'auto'"],
    [{ concurrency: '0' }, "Input 'concurrency' is invalid: got '0'"],
    [{ 'min-credits': '-1' }, "Input 'min-credits' is invalid: got '-1'"],
    [{ repositories: 'acme' }, "Input 'repositories' is invalid: got 'acme'"],
    [{ repositories: 'acme/*', 'project-id': 'prj_core' }, "Input 'project-id' is invalid: got 'prj_core'"],
  ])('refuses %j, naming the input', (given, message) => {
    expect(() => settingsOf({ repositories: 'all', ...given })).toThrow(InputError);
    expect(() => settingsOf({ repositories: 'all', ...given })).toThrow(message);
  });

  it('tells which inputs the workflow set: present and not the default (the workflow repository for repository)', () => {
    const set = inputsTheWorkflowSet(
      record({ 'fail-on': 'high', 'check-name': 'nightly', 'pr-comment': '', 'github-token': 'ghs_x' }),
      ENV,
    );
    expect(set).toEqual(['check-name']);
    expect(inputsTheWorkflowSet(record({ repository: 'acme/other' }), ENV)).toEqual(['repository']);
  });

  it('notes a repository the workflow set, and warns only about the inputs it set that the mode ignores', () => {
    expect(settingsOf({ repositories: 'all', 'fail-on': 'critical', concurrency: '5' })).toMatchObject({
      notices: [],
      warnings: [],
    });
    const told = settingsOf({
      repositories: 'all',
      repository: 'acme/other',
      'sarif-category': 'svc-scan/night',
      'check-name': 'nightly',
      remediate: 'true',
    });
    expect(told.notices).toEqual([
      "Input 'repository' is ignored: 'repositories' selects the repositories this job scans.",
    ]);
    expect(told.warnings).toHaveLength(2);
    expect(told.warnings[0]).toMatch(/^The check run, the pull request comment and SARIF do not apply/);
    expect(told.warnings[0]).toContain("inputs 'check-name', 'sarif-category' are ignored");
    expect(told.warnings[1]).toMatch(/^Input 'remediate' is ignored when 'repositories' is set/);
  });

  it("reads upload-sarif in fleet mode (each repository's own code scanning), false by default", () => {
    const uploading = settingsOf({ repositories: 'all', 'upload-sarif': 'true' });
    expect(uploading.options.uploadSarif).toBe(true);
    expect(uploading.warnings).toEqual([]);
    expect(settingsOf({ repositories: 'all' }).options.uploadSarif).toBe(false);
  });
});

describe("the action's progress-interval", () => {
  it.each([
    ['', 60],
    ['0', 0],
    ['5', 5],
    ['3600', 3600],
  ])('takes %j as %d seconds (0: no progress lines)', (given, seconds) => {
    expect(
      settingsOf({ repositories: 'all', 'progress-interval': given }).options.progressIntervalSeconds,
    ).toBe(seconds);
  });

  it.each(['4', '3601', '2.5', 'hourly'])('refuses %j, naming the input', (given) => {
    expect(() => settingsOf({ repositories: 'all', 'progress-interval': given })).toThrow(
      `Input 'progress-interval' is invalid: got '${given}'`,
    );
  });
});
