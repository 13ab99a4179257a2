import { constants } from 'node:fs';
import { lstat, open, type FileHandle } from 'node:fs/promises';
import { isAbsolute, normalize, resolve, sep } from 'node:path';
import { GitHubError, type GitHubClient } from '../../github/github-client.ts';
import { RunError } from '../../run/run-error.ts';
import { LIMITS } from '../../run/settings.ts';
import { checkedOutCommit } from './checked-out-commit.ts';

const MAX_POLICY_BYTES = LIMITS.policyFileBytes.max;

/** The policy file could not be read (or must exist and does not): the step fails before any scan. */
export class PolicyFileError extends RunError {
  override name = 'PolicyFileError';
}

/** A policy file's text, and where it was read: the commit, and through what. */
export interface PolicyText {
  text: string;
  path: string;
  commit: string;
  via: 'the workspace' | "GitHub's contents API";
}

/** The file could not be read for a reason other than a refusal (GitHub unreachable, a server error). */
export interface PolicyUnreadable {
  unreadable: string;
}

/** Where a policy can be read: the workspace (when checked out at the commit), and GitHub's contents API. */
export interface PolicyReach {
  workspace: string | undefined;
  github: { client: GitHubClient; owner: string; repo: string } | undefined;
}

/**
 * The policy file at one commit: from the workspace when the repository is checked out at that commit, else
 * through GitHub's contents API. Undefined when the file does not exist there; a file that cannot be read is a
 * PolicyFileError (a refused permission is said, never taken for "no policy").
 */
export async function readPolicyText(
  path: string,
  commit: string,
  reach: PolicyReach,
): Promise<PolicyText | undefined | PolicyUnreadable | 'unreachable'> {
  const inRepository = repositoryPath(path);
  if (reach.workspace && (await checkedOutCommit(reach.workspace)) === commit.toLowerCase()) {
    return fromWorkspace(reach.workspace, inRepository, commit);
  }
  if (reach.github) return fromContentsApi(reach.github, inRepository, commit);
  return 'unreachable';
}

/** The path as the repository names it: relative, inside the repository, with forward slashes. */
function repositoryPath(path: string): string {
  const normalized = normalize(path.replace(/\\/g, '/')).split(sep).join('/');
  if (isAbsolute(path) || normalized === '..' || normalized.startsWith('../') || normalized === '.') {
    throw new PolicyFileError(
      `Input 'config-file' is invalid: got '${path}'; expected a path inside the repository, such as .github/svc-scan.yml.`,
    );
  }
  return normalized;
}

/**
 * The file in the workspace, only when it is a regular file reached through no symbolic link (a pull request's
 * head could point it anywhere on the runner): its size is checked before reading, and the read stops at the cap.
 */
async function fromWorkspace(
  workspace: string,
  path: string,
  commit: string,
): Promise<PolicyText | undefined> {
  try {
    if (!(await reachedWithoutLinks(workspace, path))) return undefined;
    // O_NOFOLLOW: a link put in place since the check is refused too; O_NONBLOCK: a FIFO cannot hold the open.
    const handle = await open(
      resolve(workspace, path),
      constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK,
    );
    try {
      const bytes = await readRegularFile(handle, path);
      return { text: bytes.toString('utf8'), path, commit, via: 'the workspace' };
    } finally {
      await handle.close();
    }
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    if (error instanceof PolicyFileError) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new PolicyFileError(`Could not read the policy file ${path} in the workspace: ${reason}`);
  }
}

/** False when the path does not exist; a PolicyFileError when it or a folder on the way is a symbolic link. */
async function reachedWithoutLinks(workspace: string, path: string): Promise<boolean> {
  const parts = path.split('/');
  for (let depth = 1; depth <= parts.length; depth++) {
    const stats = await lstat(resolve(workspace, ...parts.slice(0, depth))).catch((error: unknown) => {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    });
    if (stats === undefined) return false;
    if (stats.isSymbolicLink()) throw notAFile(path, 'a symbolic link', parts.slice(0, depth).join('/'));
  }
  return true;
}

/** The contents of an open regular file of at most the cap: never more than the cap and one byte is read. */
async function readRegularFile(handle: FileHandle, path: string): Promise<Buffer> {
  const stats = await handle.stat();
  if (!stats.isFile()) throw notAFile(path, stats.isDirectory() ? 'a folder' : 'not a regular file');
  if (stats.size > MAX_POLICY_BYTES) throw tooLarge(path, stats.size);
  const buffer = Buffer.alloc(MAX_POLICY_BYTES + 1);
  let length = 0;
  for (;;) {
    const { bytesRead } = await handle.read(buffer, length, buffer.length - length, null);
    if (bytesRead === 0) break;
    length += bytesRead;
    // The file grew since its size was read: the cap holds all the same.
    if (length > MAX_POLICY_BYTES) throw tooLarge(path, length, 'more than ');
  }
  return buffer.subarray(0, length);
}

async function fromContentsApi(
  github: NonNullable<PolicyReach['github']>,
  path: string,
  commit: string,
): Promise<PolicyText | undefined | PolicyUnreadable> {
  try {
    const response = await github.client.request('GET /repos/{owner}/{repo}/contents/{path}', {
      owner: github.owner,
      repo: github.repo,
      path,
      ref: commit,
    });
    const data = response.data as { type?: unknown; encoding?: unknown; content?: unknown; size?: unknown };
    if (data.type === 'symlink') throw notAFile(path, 'a symbolic link', path);
    if (data.type !== 'file' || data.encoding !== 'base64' || typeof data.content !== 'string') {
      throw new PolicyFileError(
        `The policy file ${path} at ${commit} is not a file GitHub's contents API can give (type ${String(data.type)}).`,
      );
    }
    const bytes = Buffer.from(data.content.replace(/\s+/g, ''), 'base64');
    if (bytes.length > MAX_POLICY_BYTES) throw tooLarge(path, bytes.length);
    return { text: bytes.toString('utf8'), path, commit, via: "GitHub's contents API" };
  } catch (error) {
    if (!(error instanceof GitHubError)) throw error;
    if (error.status === 404) return undefined;
    const failure = `Could not read the policy file ${path} at ${commit} through GitHub's contents API: ${error.message}.`;
    // A refusal is the token's permissions: said as an error, never taken for "no policy".
    if (error.status === 403) {
      throw new PolicyFileError(
        `${failure} The token needs \`contents: read\` (add it to the job's permissions), or check the repository out at the scanned commit.`,
      );
    }
    return { unreadable: failure };
  }
}

function tooLarge(path: string, bytes: number, atLeast = ''): PolicyFileError {
  return new PolicyFileError(
    `The policy file ${path} is ${atLeast}${bytes} bytes; a policy file may hold at most ${MAX_POLICY_BYTES} bytes.`,
  );
}

/**
 * The workspace and the contents API refuse the same things: a policy is read only from a regular file of the
 * repository, never through a link (it could name any file on the runner, a device, another repository's file).
 */
function notAFile(path: string, what: string, link?: string): PolicyFileError {
  const where = link === undefined || link === path ? 'is' : `is reached through ${link}, which is`;
  return new PolicyFileError(
    `The policy file ${path} ${where} ${what}: a policy is read only from a regular file in the repository. ` +
      'Put the policy itself at that path.',
  );
}
