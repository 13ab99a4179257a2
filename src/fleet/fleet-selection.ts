import picomatch from 'picomatch';
import type { Repository } from '../client/types.ts';
import type { FleetSelection } from './fleet-options.ts';
import { FleetUsageError } from './fleet-usage-error.ts';

/** owner/name, or a glob of them: two parts, of GitHub's characters and glob syntax. */
const PATTERN = /^[A-Za-z0-9_.*?![\]{}-]+\/[A-Za-z0-9_.*?![\]{},-]+$/;

/** The most patterns one selection takes (each is matched against every repository listed). */
const MAX_PATTERNS = 1000;

/**
 * The patterns of `--repositories` (the action's `repositories:`): `owner/name` or globs such as `acme/service-*`,
 * separated by commas or new lines. Empty, malformed or too many: a usage error naming `flag`.
 */
export function parseRepositoryPatterns(text: string, flag: string): string[] {
  const patterns = [...new Set(splitPatterns(text))];
  if (patterns.length === 0)
    throw new FleetUsageError(`${flag} is empty: give owner/name or globs such as acme/service-*.`);
  if (patterns.length > MAX_PATTERNS)
    throw new FleetUsageError(`${flag} has ${patterns.length} patterns; at most ${MAX_PATTERNS} are taken.`);
  const bad = patterns.filter((pattern) => !PATTERN.test(pattern));
  if (bad.length > 0)
    throw new FleetUsageError(
      `${flag} is invalid: got ${bad.map((pattern) => `'${pattern}'`).join(', ')}; expected owner/name or a glob such as acme/service-*.`,
    );
  return patterns;
}

/** Commas separate patterns, except inside a brace group (`acme/{api,web}`). */
function splitPatterns(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let current = '';
  for (const character of text) {
    if (character === '{') depth += 1;
    if (character === '}') depth = Math.max(0, depth - 1);
    if ((character === ',' && depth === 0) || character === '\n') {
      parts.push(current);
      current = '';
    } else current += character;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** What a selection chose from the listing, and the names it asked for that the listing does not have. */
export interface SelectedRepositories {
  /** In the listing's order, each once. */
  repositories: Repository[];
  /** `owner/name` patterns without glob syntax that no repository matches: reported as not judged, never dropped. */
  unknownNames: string[];
  /** Globs that matched no repository: worth a warning. */
  unmatchedGlobs: string[];
}

/**
 * The repositories of the service's listing that the selection takes (full names matched ignoring case, as the
 * service matches them). A selection of no repository at all is a usage error naming what was asked for.
 */
export function selectRepositories(
  listing: readonly Repository[],
  selection: FleetSelection,
): SelectedRepositories {
  const unique = uniqueByName(listing);
  if (selection.kind !== 'patterns') {
    const repositories =
      selection.kind === 'all' ? unique : unique.filter((r) => inProject(r, selection.projectId));
    if (repositories.length === 0) throw new FleetUsageError(noneSelected(selection));
    return { repositories, unknownNames: [], unmatchedGlobs: [] };
  }
  const matchers = selection.patterns.map((pattern) => ({
    pattern,
    matches: picomatch(pattern, { nocase: true, dot: true }),
  }));
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
