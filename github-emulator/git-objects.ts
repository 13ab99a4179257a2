import { createHash } from 'node:crypto';
import { branchHead, type Repository } from './store.ts';

/**
 * The git side of a seeded repository: which commit a ref names, the files and links at a commit, blob SHAs as
 * git computes them (`blob <size>\0<bytes>`), and the blob a SHA names. There is no history: a commit is its
 * files, and its parents are not known.
 */

export interface Tree {
  readonly files: ReadonlyMap<string, string>;
  readonly symlinks: ReadonlyMap<string, string>;
}

export function blobSha(bytes: Buffer): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** GitHub's base64: a line break every 60 characters, and one at the end. */
export function base64Lines(bytes: Buffer): string {
  return (bytes.toString('base64').match(/.{1,60}/g) ?? []).join('\n') + '\n';
}

/** The head of a branch: seeded, the default branch's, or a pull request's base or head. */
export function branchCommit(repository: Repository, branch: string): string | undefined {
  const head = branchHead(repository, branch);
  if (head !== undefined) return head;
  for (const pull of repository.pulls.values())
    for (const side of [pull.head, pull.base]) if (side.ref === branch) return side.sha;
  return undefined;
}

/** A commit SHA the seed knows, a branch (`main`, `refs/heads/main`), or '' for the default branch's head. */
export function resolveCommit(repository: Repository, ref: string): string | undefined {
  if (ref === '') return branchCommit(repository, repository.defaultBranch);
  if (repository.files.has(ref) || repository.symlinks.has(ref)) return ref;
  const branch = branchCommit(repository, ref.replace(/^refs\/heads\//, ''));
  if (branch !== undefined) return branch;
  return /^[0-9a-f]{40}$/.test(ref) && knownCommits(repository).has(ref) ? ref : undefined;
}

function knownCommits(repository: Repository): Set<string> {
  const commits = new Set([
    ...repository.files.keys(),
    ...repository.symlinks.keys(),
    ...repository.branches.values(),
  ]);
  for (const pull of repository.pulls.values()) commits.add(pull.head.sha).add(pull.base.sha);
  commits.add(branchHead(repository, repository.defaultBranch) ?? '');
  return commits;
}

export function treeAt(repository: Repository, commit: string): Tree {
  return {
    files: repository.files.get(commit) ?? new Map<string, string>(),
    symlinks: repository.symlinks.get(commit) ?? new Map<string, string>(),
  };
}

/** A blob's bytes by its SHA, from any commit's files or links (a link's blob is its target). */
export function findBlob(repository: Repository, sha: string): Buffer | undefined {
  for (const byPath of [...repository.files.values(), ...repository.symlinks.values()])
    for (const text of byPath.values()) {
      const bytes = Buffer.from(text, 'utf8');
      if (blobSha(bytes) === sha) return bytes;
    }
  return undefined;
}

/** A link's target as a path from the repository's root, or undefined when it leaves the repository. */
export function linkTarget(linkPath: string, target: string): string | undefined {
  if (target.startsWith('/')) return undefined;
  const parts = linkPath.split('/').slice(0, -1);
  for (const part of target.split('/')) {
    if (part === '..') {
      if (parts.length === 0) return undefined;
      parts.pop();
    } else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}
