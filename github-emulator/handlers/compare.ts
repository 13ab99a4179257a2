import { notFound } from '../github-errors.ts';
import { repositoryPath, requireRepository, type Handler } from '../request-context.ts';
import type { PullRequest, Repository } from '../store.ts';
import { commitJson } from './commit-json.ts';
import { diffEntryJson } from './pull-files.ts';

/**
 * Compare `base...head` (`GET /compare/{basehead}`): each side is a SHA or a branch of a seeded pull request
 * (optionally `owner:branch`). For a pull request's base and head it gives the seeded merge base and the pull
 * request's files (also from its merge base, as a merge queue compares its group); the emulator keeps no commit
 * graph, so other pairs report the base as the merge base.
 */

export const compareCommits: Handler = (context) => {
  const repository = requireRepository(context);
  const [baseRef, headRef, ...rest] = (context.params.basehead ?? '').split('...');
  if (baseRef === undefined || headRef === undefined || rest.length > 0) throw notFound();
  const base = resolve(repository, baseRef);
  const head = resolve(repository, headRef);
  if (base === undefined || head === undefined) throw notFound();
  // From the base or from the merge base, a pull request's head differs by the pull request's files (a merge
  // queue's group is compared from its base, which is where the pull request's branch started).
  const pull = [...repository.pulls.values()].find(
    (candidate) =>
      (candidate.base.sha === base || candidate.mergeBaseSha === base) && candidate.head.sha === head,
  );
  const mergeBase = pull?.mergeBaseSha ?? base;
  const identical = base === head;
  const aheadBy = identical ? 0 : 1;
  const behindBy = identical || mergeBase === base ? 0 : 1;
  const links = context.links;
  const repoApi = `${links.apiUrl}${repositoryPath(repository)}`;
  const repoWeb = `${links.serverUrl}/${repository.owner}/${repository.name}`;
  return {
    status: 200,
    body: {
      url: `${repoApi}/compare/${base}...${head}`,
      html_url: `${repoWeb}/compare/${base}...${head}`,
      permalink_url: `${repoWeb}/compare/${repository.owner}:${base}...${repository.owner}:${head}`,
      diff_url: `${repoWeb}/compare/${base}...${head}.diff`,
      patch_url: `${repoWeb}/compare/${base}...${head}.patch`,
      base_commit: commitJson(repository, base, [], links),
      merge_base_commit: commitJson(repository, mergeBase, [], links),
      status: identical ? 'identical' : behindBy > 0 ? 'diverged' : 'ahead',
      ahead_by: aheadBy,
      behind_by: behindBy,
      total_commits: aheadBy,
      commits: identical ? [] : [commitJson(repository, head, [mergeBase], links)],
      files: pull ? pull.files.map((file) => diffEntryJson(repository, pull, file, links)) : [],
    },
  };
};

/** A full SHA, or a branch (or `owner:branch`) of a seeded pull request. */
function resolve(repository: Repository, ref: string): string | undefined {
  const name = ref.includes(':') ? ref.slice(ref.indexOf(':') + 1) : ref;
  const pulls: PullRequest[] = [...repository.pulls.values()];
  for (const pull of pulls) {
    for (const side of [pull.base, pull.head]) if (side.ref === name || side.sha === name) return side.sha;
    if (pull.mergeBaseSha === name) return name;
  }
  return undefined;
}
