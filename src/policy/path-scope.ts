import { segmentMatcher } from './glob-segments.ts';

/**
 * Globs as a workflow's `paths:` and `paths-ignore:` read them: a file is in scope when some `paths` glob matches
 * it (or there are none) and no `paths-ignore` glob does; a glob starting with `!` takes back what the globs
 * before it matched; `**` crosses folders, `*` does not; dotfiles match like any file.
 */
export type PathMatcher = (path: string) => boolean;

export function globMatcher(globs: readonly string[]): PathMatcher {
  const compiled = globs.map((glob) => {
    const negated = glob.startsWith('!');
    return { negated, test: segmentMatcher(negated ? glob.slice(1) : glob) };
  });
  // Findings share paths: each path is matched once, however many findings it has.
  const known = new Map<string, boolean>();
  return (path) => {
    let matched = known.get(path);
    if (matched !== undefined) return matched;
    matched = false;
    for (const glob of compiled) if (glob.test(path)) matched = !glob.negated;
    known.set(path, matched);
    return matched;
  };
}

/** The repository path of a finding's or a changed file's path: forward slashes, no leading `./` or `/`. */
export function repositoryPathOf(path: string): string {
  return path.replaceAll('\\', '/').replace(/^(?:\.\/|\/)+/, '');
}

/** The part of the repository the gate judges; undefined when it judges all of it. */
export function pathScope(paths: readonly string[], pathsIgnore: readonly string[]): PathMatcher | undefined {
  if (paths.length === 0 && pathsIgnore.length === 0) return undefined;
  const included = paths.length === 0 ? () => true : globMatcher(paths);
  const ignored = pathsIgnore.length === 0 ? () => false : globMatcher(pathsIgnore);
  return (path) => {
    const inRepository = repositoryPathOf(path);
    return included(inRepository) && !ignored(inRepository);
  };
}
