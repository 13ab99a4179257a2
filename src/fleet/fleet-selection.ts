import picomatch from 'picomatch';
import type { Repository } from '../client/types.ts';
import type { FleetSelection } from './fleet-options.ts';
import { FleetUsageError } from './fleet-usage-error.ts';

/** What a selection chose from the listing, and the names it asked for that the listing does not have. */
export interface SelectedRepositories {
  /** In the listing's order, each once. */
  repositories: Repository[];
  /** `owner/name` patterns without glob syntax that no repository matches: reported as not judged, never dropped. */
  unknownNames: string[];
  /** Globs that matched no repository: worth a warning. */
  unmatchedGlobs: string[];
  /** `!` patterns (with their `!`) that excluded no repository the rest selected: worth a warning too. */
  unmatchedExclusions: string[];
}

interface Matcher {
  pattern: string;
  matches: (name: string) => boolean;
}

/** Full names are matched ignoring case, as the service matches them; `dot` so that `acme/*` takes `acme/.github`. */
function matcherOf(pattern: string): Matcher {
  return { pattern, matches: picomatch(pattern, { nocase: true, dot: true }) };
}

/**
 * The repositories of the service's listing that the selection takes: those its patterns (or its kind) choose,
 * less those an exclusion matches. A selection of no repository at all is a usage error naming what was asked for.
 */
export function selectRepositories(
  listing: readonly Repository[],
  selection: FleetSelection,
): SelectedRepositories {
  const chosen = chosenBy(uniqueByName(listing), selection);
  const exclusions = (selection.exclude ?? []).map(matcherOf);
  const excluded = (name: string): boolean => exclusions.some(({ matches }) => matches(name));
  const repositories = chosen.repositories.filter((repository) => !excluded(repository.full_name));
  if (repositories.length === 0) throw new FleetUsageError(allExcluded(exclusions));
  const chosenNames = [
    ...chosen.repositories.map((repository) => repository.full_name),
    ...chosen.unknownNames,
  ];
  return {
    repositories,
    unknownNames: chosen.unknownNames.filter((name) => !excluded(name)),
    unmatchedGlobs: chosen.unmatchedGlobs,
    unmatchedExclusions: exclusions
      .filter(({ matches }) => !chosenNames.some((name) => matches(name)))
      .map(({ pattern }) => `!${pattern}`),
  };
}

/** What the selection's kind or patterns choose, before any exclusion: never nothing (a usage error). */
function chosenBy(
  unique: Repository[],
  selection: FleetSelection,
): Omit<SelectedRepositories, 'unmatchedExclusions'> {
  if (selection.kind !== 'patterns') {
    const repositories =
      selection.kind === 'all' ? unique : unique.filter((r) => inProject(r, selection.projectId));
    if (repositories.length === 0) throw new FleetUsageError(noneSelected(selection));
    return { repositories, unknownNames: [], unmatchedGlobs: [] };
  }
  const matchers = selection.patterns.map(matcherOf);
  const repositories = unique.filter((r) => matchers.some(({ matches }) => matches(r.full_name)));
  if (repositories.length === 0) throw new FleetUsageError(noneSelected(selection));
  const unmatched = matchers
    .filter(({ matches }) => !repositories.some((r) => matches(r.full_name)))
    .map(({ pattern }) => pattern);
  const isGlob = (pattern: string): boolean => picomatch.scan(pattern).isGlob;
  return {
    repositories,
    unknownNames: unmatched.filter((pattern) => !isGlob(pattern)),
    unmatchedGlobs: unmatched.filter(isGlob),
  };
}

function allExcluded(exclusions: readonly Matcher[]): string {
  const patterns = exclusions.map(({ pattern }) => `'!${pattern}'`).join(', ');
  return `Every repository selected is excluded by ${patterns}: there is nothing to scan.`;
}

/** The listing was asked for the project; a repository that says it is in another (or in none) is left out. */
function inProject(repository: Repository, projectId: string): boolean {
  return repository.project_id === undefined || repository.project_id === projectId;
}

function uniqueByName(listing: readonly Repository[]): Repository[] {
  const seen = new Set<string>();
  return listing.filter((repository) => {
    const key = repository.full_name.toLowerCase();
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

function noneSelected(selection: FleetSelection): string {
  switch (selection.kind) {
    case 'all':
      return 'The key sees no repository: there is nothing to scan.';
    case 'project':
      return `Project ${selection.projectId} has no repository the key sees.`;
    case 'patterns':
      return (
        `No repository the key sees matches ${selection.patterns.map((p) => `'${p}'`).join(', ')}` +
        ' (svc repos list shows the names).'
      );
  }
}
