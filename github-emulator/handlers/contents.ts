import { createHash } from 'node:crypto';
import { notFound } from '../github-errors.ts';
import { repositoryPath, requireRepository, type Handler } from '../request-context.ts';
import type { Repository } from '../store.ts';

/**
 * A file's contents (`GET /repos/{owner}/{repo}/contents/{path}?ref=`), as GitHub gives a file: base64 with a line
 * break every 60 characters. `ref` is a seeded commit, or a pull request's branch; a path or a commit the seed
 * does not hold answers 404, as GitHub does for a missing file. Folders are not listed (the action reads files).
 */
export const getContent: Handler = (context) => {
  const repository = requireRepository(context);
  const path = decodeURIComponent(context.params.path ?? '');
  const ref = context.query.get('ref') ?? '';
  const commit = resolveCommit(repository, ref);
  const text = commit === undefined ? undefined : repository.files.get(commit)?.get(path);
  if (text === undefined) throw notFound();
  const bytes = Buffer.from(text, 'utf8');
  const sha = createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
  const name = path.slice(path.lastIndexOf('/') + 1);
  const apiUrl = `${context.links.apiUrl}${repositoryPath(repository)}/contents/${path}?ref=${encodeURIComponent(ref)}`;
  const htmlUrl = `${context.links.serverUrl}/${repository.owner}/${repository.name}/blob/${commit}/${path}`;
  const gitUrl = `${context.links.apiUrl}${repositoryPath(repository)}/git/blobs/${sha}`;
  return {
    status: 200,
    body: {
      type: 'file',
      encoding: 'base64',
      size: bytes.length,
      name,
      path,
      content: (bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n') + '\n',
      sha,
      url: apiUrl,
      git_url: gitUrl,
      html_url: htmlUrl,
      download_url: `${context.links.serverUrl}/${repository.owner}/${repository.name}/raw/${commit}/${path}`,
      _links: { self: apiUrl, git: gitUrl, html: htmlUrl },
    },
  };
};

/** A seeded commit, or the commit a pull request's branch names; the default ref is the first seeded commit. */
function resolveCommit(repository: Repository, ref: string): string | undefined {
  if (ref === '') return repository.files.keys().next().value;
  if (repository.files.has(ref)) return ref;
  for (const pull of repository.pulls.values())
    for (const side of [pull.base, pull.head]) if (side.ref === ref) return side.sha;
  return undefined;
}
