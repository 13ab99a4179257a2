import { describe, expect, it } from 'vitest';
import type { Repository } from '../../../src/client/types.ts';
import { selectRepositories, type SelectedRepositories } from '../../../src/fleet/fleet-selection.ts';
import { parseRepositorySelection } from '../../../src/fleet/repository-patterns.ts';
import { FleetUsageError } from '../../../src/fleet/fleet-usage-error.ts';

function repository(fullName: string, projectId: string | null = null): Repository {
  return { id: `repo_${fullName}`, full_name: fullName, default_branch: 'main', project_id: projectId };
}

const LISTING = [
  repository('acme/service-api', 'prj_1'),
  repository('acme/service-web', 'prj_1'),
  repository('acme/docs', 'prj_2'),
  repository('other/service-api'),
  repository('Acme/Service-API', 'prj_1'),
];

const names = (repositories: readonly Repository[]): string[] => repositories.map((r) => r.full_name);

describe('the selection of the listing', () => {
  it('takes every repository once, in the listing order', () => {
    const { repositories } = selectRepositories(LISTING, { kind: 'all' });
    expect(names(repositories)).toEqual([
      'acme/service-api',
      'acme/service-web',
      'acme/docs',
      'other/service-api',
    ]);
  });

  it('takes a project', () => {
    const { repositories } = selectRepositories(LISTING, { kind: 'project', projectId: 'prj_2' });
    expect(names(repositories)).toEqual(['acme/docs']);
  });

  it('matches globs and names against full names, ignoring case', () => {
    const selected = selectRepositories(LISTING, {
      kind: 'patterns',
      patterns: ['ACME/service-*', 'other/service-api'],
    });
    expect(names(selected.repositories)).toEqual([
      'acme/service-api',
      'acme/service-web',
      'other/service-api',
    ]);
    expect(selected.unknownNames).toEqual([]);
    expect(selected.unmatchedGlobs).toEqual([]);
  });

  it('keeps a name the listing lacks, to report it, and a glob that matched nothing, to warn', () => {
    const selected = selectRepositories(LISTING, {
      kind: 'patterns',
      patterns: ['acme/docs', 'acme/gone', 'nobody/*'],
    });
    expect(names(selected.repositories)).toEqual(['acme/docs']);
    expect(selected.unknownNames).toEqual(['acme/gone']);
    expect(selected.unmatchedGlobs).toEqual(['nobody/*']);
  });

  it('refuses a selection of no repository, naming the patterns', () => {
    const select = (): unknown =>
      selectRepositories(LISTING, { kind: 'patterns', patterns: ['acme/x-*', 'y/z'] });
    expect(select).toThrow(FleetUsageError);
    expect(select).toThrow("No repository the key sees matches 'acme/x-*', 'y/z'");
    expect(() => selectRepositories([], { kind: 'all' })).toThrow(/The key sees no repository/);
    expect(() => selectRepositories(LISTING, { kind: 'project', projectId: 'prj_9' })).toThrow(
      /Project prj_9/,
    );
  });
});

describe('the patterns that exclude', () => {
  const select = (text: string): SelectedRepositories =>
    selectRepositories(LISTING, parseRepositorySelection(text, '--repositories'));

  it('takes what the other patterns match less what a ! pattern matches, in any order, ignoring case', () => {
    for (const text of ['acme/service-*, !ACME/Service-Web', '!acme/service-web, acme/service-*'])
      expect(names(select(text).repositories)).toEqual(['acme/service-api']);
    expect(select('acme/service-*, !acme/service-web').unmatchedExclusions).toEqual([]);
  });

  it('takes every repository less the excluded with all, or with ! patterns alone', () => {
    for (const text of ['all, !acme/*', '!acme/*', 'ALL,\n!acme/docs, !acme/service-*'])
      expect(names(select(text).repositories)).toEqual(['other/service-api']);
    const project = selectRepositories(LISTING, {
      kind: 'project',
      projectId: 'prj_1',
      exclude: ['*/*-web'],
    });
    expect(names(project.repositories)).toEqual(['acme/service-api']);
  });

  it('warns of a ! pattern that excludes nothing, with its !, even when it matches a repository not selected', () => {
    const selected = select('acme/service-*, !acme/docs, !nobody/*, !acme/service-web');
    expect(names(selected.repositories)).toEqual(['acme/service-api']);
    expect(selected.unmatchedExclusions).toEqual(['!acme/docs', '!nobody/*']);
  });

  it('drops an excluded name from those the listing lacks: it is not asked for', () => {
    const selected = select('acme/docs, acme/gone, !acme/gone');
    expect(selected.unknownNames).toEqual([]);
    expect(selected.unmatchedExclusions).toEqual([]);
  });

  it('refuses a selection that its ! patterns empty, naming them', () => {
    expect(() => select('acme/docs, !acme/*')).toThrow(
      new FleetUsageError("Every repository selected is excluded by '!acme/*': there is nothing to scan."),
    );
  });
});

describe('the patterns of --repositories', () => {
  it('splits on commas and new lines, outside brace groups, each once', () => {
    expect(parseRepositorySelection(' acme/a, acme/{b,c}\nacme/a ,acme/svc-* ', '--repositories')).toEqual({
      kind: 'patterns',
      patterns: ['acme/a', 'acme/{b,c}', 'acme/svc-*'],
    });
  });

  it('reads all, and the ! patterns apart from the others', () => {
    expect(parseRepositorySelection('All', '--repositories')).toEqual({ kind: 'all' });
    expect(parseRepositorySelection('all, !acme/legacy', '--repositories')).toEqual({
      kind: 'all',
      exclude: ['acme/legacy'],
    });
    expect(parseRepositorySelection('!acme/legacy-*', '--repositories')).toEqual({
      kind: 'all',
      exclude: ['acme/legacy-*'],
    });
    expect(parseRepositorySelection('!acme/legacy, acme/api-*', '--repositories')).toEqual({
      kind: 'patterns',
      patterns: ['acme/api-*'],
      exclude: ['acme/legacy'],
    });
  });

  it.each(['', ' , ', 'acme', 'acme/a/b', 'acme/a b', 'https://x/y', '!acme', '!!acme/a', '! acme/a'])(
    'refuses %j, naming the flag',
    (text) => {
      expect(() => parseRepositorySelection(text, '--repositories')).toThrow(
        /^--repositories is (empty|invalid)/,
      );
    },
  );

  it('refuses all beside a pattern that selects, saying what may stand beside it', () => {
    expect(() => parseRepositorySelection('all, acme/api', '--repositories')).toThrow(
      '--repositories is invalid: all selects every repository; beside it give only patterns that exclude, such as !acme/legacy.',
    );
  });
});
