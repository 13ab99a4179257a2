import type { Store } from './store.ts';

/**
 * A push to a pull request's branch: its head moves to `sha` (the files and their patches stay as seeded), and
 * the repository holds `files` at the new commit. Comments, reviews, threads and code scanning stay, as on GitHub.
 */
export function pushToPull(
  store: Store,
  repository: string,
  number: number,
  sha: string,
  files: Readonly<Record<string, string>> = {},
): void {
  const [owner = '', name = ''] = repository.split('/');
  const found = store.repository(owner, name);
  const pull = found?.pulls.get(number);
  if (!found || !pull) throw new RangeError(`No pull request ${repository}#${number}`);
  found.pulls.set(number, { ...pull, head: { ...pull.head, sha } });
  found.files.set(sha, new Map(Object.entries(files)));
}
