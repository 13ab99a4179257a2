import { GitHubError, notFound } from '../github-errors.ts';
import { base64Lines, blobSha, branchCommit, findBlob, resolveCommit } from '../git-objects.ts';
import { nodeId, repositoryPath, requireRepository, type Handler } from '../request-context.ts';
import { commitJson } from './commit-json.ts';

/**
 * Git data a reader needs to judge a repository at one commit: a branch and its head commit
 * (`GET .../branches/{branch}`, `GET .../git/ref/heads/{branch}`), a commit (`GET .../commits/{ref}`, a SHA or a
 * branch) and a blob by its SHA (`GET .../git/blobs/{file_sha}`). Commits are what the seed names (files at a
 * SHA, branches, pull requests); they have no parents, and their author is made up.
 */

export const getBlob: Handler = (context) => {
  const repository = requireRepository(context);
  const sha = context.params.file_sha ?? '';
  const bytes = findBlob(repository, sha);
  if (bytes === undefined) throw notFound();
  return {
    status: 200,
    body: {
      sha: blobSha(bytes),
      node_id: nodeId('B', sha),
      size: bytes.length,
      url: `${context.links.apiUrl}${repositoryPath(repository)}/git/blobs/${sha}`,
      content: base64Lines(bytes),
      encoding: 'base64',
    },
  };
};

export const getRef: Handler = (context) => {
  const repository = requireRepository(context);
  const ref = context.params.ref ?? '';
  const branch = ref.startsWith('heads/') ? ref.slice('heads/'.length) : undefined;
  const sha = branch === undefined ? undefined : branchCommit(repository, branch);
  if (sha === undefined) throw notFound();
  const api = `${context.links.apiUrl}${repositoryPath(repository)}`;
  return {
    status: 200,
    body: {
      ref: `refs/${ref}`,
      node_id: nodeId('REF', `${repository.id}:${ref}`),
      url: `${api}/git/refs/${ref}`,
      object: { type: 'commit', sha, url: `${api}/git/commits/${sha}` },
    },
  };
};

export const getBranch: Handler = (context) => {
  const repository = requireRepository(context);
  const branch = context.params.branch ?? '';
  const sha = branchCommit(repository, branch);
  if (sha === undefined) throw new GitHubError(404, 'Branch not found');
  const api = `${context.links.apiUrl}${repositoryPath(repository)}`;
  return {
    status: 200,
    body: {
      name: branch,
      commit: commitJson(repository, sha, [], context.links),
      _links: {
        self: `${api}/branches/${branch}`,
        html: `${context.links.serverUrl}/${repository.owner}/${repository.name}/tree/${branch}`,
      },
      protected: false,
      protection: {
        enabled: false,
        required_status_checks: { enforcement_level: 'off', contexts: [], checks: [] },
      },
      protection_url: `${api}/branches/${branch}/protection`,
    },
  };
};

export const getCommit: Handler = (context) => {
  const repository = requireRepository(context);
  const ref = context.params.ref ?? '';
  const sha = resolveCommit(repository, ref);
  if (sha === undefined || ref === '') throw new GitHubError(422, `No commit found for SHA: ${ref}`);
  return {
    status: 200,
    body: {
      ...commitJson(repository, sha, [], context.links),
      stats: { additions: 0, deletions: 0, total: 0 },
      files: [],
    },
  };
};
