import { createHash } from 'node:crypto';

/**
 * GitHub's answers about a repository's commit and files, checked and decoded. Pure: the fleet's access
 * (fleet-github-access.ts) sends the requests and hands the answers here.
 */

/** An answer that cannot be used as the file or commit asked for (a link, a folder, a file too large). */
export class UnusableAnswer extends Error {
  override name = 'UnusableAnswer';
}

const COMMIT_SHA = /^[0-9a-f]{40}$/;

/** `GET /repos/{owner}/{repo}`'s default branch. */
export function defaultBranchOf(repository: string, data: unknown): string {
  const branch = (data as { default_branch?: unknown } | null)?.default_branch;
  if (typeof branch !== 'string' || branch === '') {
    throw new UnusableAnswer(`GitHub named no default branch for ${repository} (an empty repository?)`);
  }
  return branch;
}

/** `GET /repos/{owner}/{repo}/git/ref/heads/{branch}`'s commit. */
export function headCommitOf(repository: string, branch: string, data: unknown): string {
  const target = (data as { object?: { type?: unknown; sha?: unknown } } | null)?.object;
  const sha = typeof target?.sha === 'string' ? target.sha.toLowerCase() : '';
  if (target?.type !== 'commit' || !COMMIT_SHA.test(sha)) {
    throw new UnusableAnswer(`GitHub named no commit at the head of ${repository}'s branch ${branch}`);
  }
  return sha;
}

/** The SHA git names a blob by: SHA-1 of `blob <length>\0` and the bytes. */
export function gitBlobSha(bytes: Uint8Array): string {
  return createHash('sha1').update(`blob ${bytes.length}\0`).update(bytes).digest('hex');
}

/** Bytes as UTF-8 text; bytes that are not UTF-8 are no policy to read. */
function utf8Text(bytes: Uint8Array, what: string): string {
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw new UnusableAnswer(`${what} is not UTF-8 text`);
  }
}

/** Base64 content GitHub gave, within `maxBytes` and of the blob it named. */
function blobBytes(content: string, blobSha: string, maxBytes: number, what: string): Uint8Array {
  const bytes = Buffer.from(content.replace(/\s+/g, ''), 'base64');
  if (bytes.length > maxBytes) throw tooLarge(what, bytes.length, maxBytes);
  if (gitBlobSha(bytes) !== blobSha.toLowerCase()) {
    throw new UnusableAnswer(`${what}: GitHub's content is not the blob ${blobSha} it named`);
  }
  return bytes;
}

function tooLarge(what: string, bytes: number, maxBytes: number): UnusableAnswer {
  return new UnusableAnswer(`${what} is ${bytes} bytes, over the ${maxBytes} bytes allowed`);
}

/**
 * A contents API answer (`GET …/contents/{path}?ref=`) as the file at `path`: only a regular file, named by the
 * path asked for (GitHub answers a link to a file with the target's content and path), within `maxBytes`.
 */
export function fileOfContents(
  where: { repository: string; commit: string; path: string },
  data: unknown,
  maxBytes: number,
): { path: string; blobSha: string; text: string } {
  const what = `${where.path} at ${where.commit} in ${where.repository}`;
  if (Array.isArray(data)) throw new UnusableAnswer(`${what} is a folder, not a file`);
  const file = (data ?? {}) as { type?: unknown; path?: unknown; sha?: unknown; size?: unknown };
  const entry = data as { encoding?: unknown; content?: unknown };
  if (file.type !== 'file') throw new UnusableAnswer(`${what} is a ${kindOf(file.type)}, not a regular file`);
  if (file.path !== where.path) throw new UnusableAnswer(`${what} is a link (to ${String(file.path)})`);
  if (typeof file.size === 'number' && file.size > maxBytes) throw tooLarge(what, file.size, maxBytes);
  if (entry.encoding !== 'base64' || typeof entry.content !== 'string' || typeof file.sha !== 'string') {
    throw new UnusableAnswer(`${what}: GitHub gave no content for it (too large for the contents API?)`);
  }
  const bytes = blobBytes(entry.content, file.sha, maxBytes, what);
  return { path: where.path, blobSha: file.sha.toLowerCase(), text: utf8Text(bytes, what) };
}

/** A git blobs API answer (`GET …/git/blobs/{sha}`) as text, within `maxBytes`, checked against its SHA. */
export function textOfBlob(where: { repository: string; blobSha: string }, data: unknown, maxBytes: number) {
  const what = `blob ${where.blobSha} in ${where.repository}`;
  const blob = (data ?? {}) as { encoding?: unknown; content?: unknown; size?: unknown };
  if (typeof blob.size === 'number' && blob.size > maxBytes) throw tooLarge(what, blob.size, maxBytes);
  if (blob.encoding !== 'base64' || typeof blob.content !== 'string') {
    throw new UnusableAnswer(`${what}: GitHub gave no base64 content for it`);
  }
  return utf8Text(blobBytes(blob.content, where.blobSha, maxBytes, what), what);
}

function kindOf(type: unknown): string {
  if (type === 'symlink') return 'symbolic link';
  if (type === 'submodule') return 'submodule';
  if (type === 'dir') return 'folder';
  return typeof type === 'string' ? type : 'thing of no type';
}
