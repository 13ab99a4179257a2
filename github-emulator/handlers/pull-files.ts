import { createHash } from 'node:crypto';
import { countChanges } from '../patch-hunks.ts';
import { pagedReply, requirePull, type Handler, type Links } from '../request-context.ts';
import type { PullFile, PullRequest, Repository } from '../store.ts';

/** A pull request's files, paged, at most 3,000 as on GitHub; `patch` is absent where the seed gives none. */

const MAX_FILES = 3_000;

export const listPullFiles: Handler = (context) => {
  const { repository, pull } = requirePull(context);
  return pagedReply(context, pull.files.slice(0, MAX_FILES), (file) =>
    diffEntryJson(repository, pull, file, context.links),
  );
};

export function diffEntryJson(
  repository: Repository,
  pull: PullRequest,
  file: PullFile,
  links: Links,
): Record<string, unknown> {
  const { additions, deletions } =
    file.patch === undefined ? { additions: 0, deletions: 0 } : countChanges(file.patch);
  const path = file.filename.split('/').map(encodeURIComponent).join('/');
  const repoWeb = `${links.serverUrl}/${repository.owner}/${repository.name}`;
  return {
    sha: createHash('sha1').update(`${pull.head.sha}:${file.filename}`).digest('hex'),
    filename: file.filename,
    status: file.status ?? 'modified',
    additions,
    deletions,
    changes: additions + deletions,
    blob_url: `${repoWeb}/blob/${pull.head.sha}/${path}`,
    raw_url: `${repoWeb}/raw/${pull.head.sha}/${path}`,
    contents_url: `${links.apiUrl}/repos/${repository.owner}/${repository.name}/contents/${path}?ref=${pull.head.sha}`,
    ...(file.patch === undefined ? {} : { patch: file.patch }),
    ...(file.previous_filename === undefined ? {} : { previous_filename: file.previous_filename }),
  };
}
