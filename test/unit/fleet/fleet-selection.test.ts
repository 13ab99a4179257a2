import { describe, expect, it } from 'vitest';
import type { Repository } from '../../../src/client/types.ts';
import { selectRepositories } from '../../../src/fleet/fleet-selection.ts';
import { parseRepositoryPatterns } from '../../../src/fleet/repository-patterns.ts';
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

describe('the patterns of --repositories', () => {
  it('splits on commas and new lines, outside brace groups, each once', () => {
    expect(parseRepositoryPatterns(' acme/a, acme/{b,c}\nacme/a ,acme/svc-* ', '--repositories')).toEqual([
      'acme/a',
      'acme/{b,c}',
      'acme/svc-*',
    ]);
  });

  it.each(['', ' , ', 'acme', 'acme/a/b', 'acme/a b', 'https://x/y'])(
    'refuses %j, naming the flag',
    (text) => {
      expect(() => parseRepositoryPatterns(text, '--repositories')).toThrow(
        /^--repositories is (empty|invalid)/,
      );
    },
  );
});
