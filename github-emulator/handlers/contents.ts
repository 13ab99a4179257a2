import { GitHubError, notFound } from '../github-errors.ts';
import { base64Lines, blobSha, linkTarget, resolveCommit, treeAt, type Tree } from '../git-objects.ts';
import { repositoryPath, requireRepository, type Handler, type RequestContext } from '../request-context.ts';
import type { Repository } from '../store.ts';

/**
 * A path's contents (`GET /repos/{owner}/{repo}/contents/{path}?ref=`), as GitHub gives them: a file in base64
 * with a line break every 60 characters; a folder as the list of its entries (files, folders, links); a link
 * whose target is a file of the repository as that file (its own path and SHA, as GitHub documents), any other
 * link as `type: symlink` with its `target`. `ref` is a seeded commit, a branch (the default branch's head when
 * left out) or a pull request's branch; a path or a ref the seed does not hold answers 404 (a ref: "No commit found
 * for the ref …", as GitHub says it).
 */

interface Place {
  readonly context: RequestContext;
  readonly repository: Repository;
  readonly commit: string;
  readonly ref: string;
}

export const getContent: Handler = (context) => {
  const repository = requireRepository(context);
  const path = decodeURIComponent(context.params.path ?? '').replace(/\/+$/, '');
  const ref = context.query.get('ref') ?? '';
  const commit = resolveCommit(repository, ref);
  // GitHub's own words for a ref it does not hold, unlike its `Not Found` for a path.
  if (commit === undefined) throw new GitHubError(404, `No commit found for the ref ${ref}`);
  const place: Place = { context, repository, commit, ref };
  const tree = treeAt(repository, commit);
  const text = tree.files.get(path);
  if (text !== undefined) return { status: 200, body: fileJson(place, path, text) };
  const target = tree.symlinks.get(path);
  if (target !== undefined) {
    const resolved = linkTarget(path, target);
    const resolvedText = resolved === undefined ? undefined : tree.files.get(resolved);
    if (resolved !== undefined && resolvedText !== undefined)
      return { status: 200, body: fileJson(place, resolved, resolvedText) };
    return { status: 200, body: symlinkJson(place, path, target) };
  }
  const entries = folderEntries(place, tree, path);
  if (entries.length === 0) throw notFound();
  return { status: 200, body: entries };
};

function fileJson(place: Place, path: string, text: string): Record<string, unknown> {
  const bytes = Buffer.from(text, 'utf8');
  return {
    ...entryJson(place, { path, type: 'file', sha: blobSha(bytes), size: bytes.length }),
    encoding: 'base64',
    content: base64Lines(bytes),
  };
}

function symlinkJson(place: Place, path: string, target: string): Record<string, unknown> {
  const bytes = Buffer.from(target, 'utf8');
  return { ...entryJson(place, { path, type: 'symlink', sha: blobSha(bytes), size: bytes.length }), target };
}

/** The entries right under `folder`, sorted by name, as GitHub lists a folder; none when it is not one. */
function folderEntries(place: Place, tree: Tree, folder: string): Record<string, unknown>[] {
  const prefix = folder === '' ? '' : `${folder}/`;
  const entries = new Map<string, Record<string, unknown>>();
  const add = (path: string, leaf: () => Record<string, unknown>) => {
    if (!path.startsWith(prefix)) return;
    const [name = '', ...rest] = path.slice(prefix.length).split('/');
    if (entries.has(name)) return;
    const sub = `${prefix}${name}`;
    const sha = blobSha(Buffer.from(`tree ${sub}`));
    entries.set(name, rest.length > 0 ? entryJson(place, { path: sub, type: 'dir', sha, size: 0 }) : leaf());
  };
  for (const [path, text] of tree.files) add(path, () => withoutContent(fileJson(place, path, text)));
  for (const [path, target] of tree.symlinks)
    add(path, () => withoutTarget(symlinkJson(place, path, target)));
  return [...entries.entries()].sort(([a], [b]) => a.localeCompare(b)).map(([, entry]) => entry);
}

function withoutContent(entry: Record<string, unknown>): Record<string, unknown> {
  const { content: _content, encoding: _encoding, ...rest } = entry;
  return rest;
}

function withoutTarget(entry: Record<string, unknown>): Record<string, unknown> {
  const { target: _target, ...rest } = entry;
  return rest;
}

function entryJson(
  place: Place,
  entry: { path: string; type: 'file' | 'dir' | 'symlink'; sha: string; size: number },
): Record<string, unknown> {
  const { context, repository, commit, ref } = place;
  const { apiUrl, serverUrl } = context.links;
  const web = `${serverUrl}/${repository.owner}/${repository.name}`;
  const self = `${apiUrl}${repositoryPath(repository)}/contents/${entry.path}?ref=${encodeURIComponent(ref || commit)}`;
  const git = `${apiUrl}${repositoryPath(repository)}/git/${entry.type === 'dir' ? 'trees' : 'blobs'}/${entry.sha}`;
  const html = `${web}/${entry.type === 'dir' ? 'tree' : 'blob'}/${commit}/${entry.path}`;
  return {
    type: entry.type,
    size: entry.size,
    name: entry.path.slice(entry.path.lastIndexOf('/') + 1),
    path: entry.path,
    sha: entry.sha,
    url: self,
    git_url: git,
    html_url: html,
    download_url: entry.type === 'dir' ? null : `${web}/raw/${commit}/${entry.path}`,
    _links: { self, git, html },
  };
}
