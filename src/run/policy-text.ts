import { constants } from 'node:fs';
import { lstat, open, type FileHandle } from 'node:fs/promises';
import { resolve } from 'node:path';
import { RunError } from './run-error.ts';
import { LIMITS } from './settings.ts';

/** A policy file holds at most this many bytes (GitHub's contents API gives files up to 1 MB). */
export const MAX_POLICY_BYTES = LIMITS.policyFileBytes.max;

/** The policy file could not be read (or must exist and does not): the step fails before any scan. */
export class PolicyFileError extends RunError {
  override name = 'PolicyFileError';
}

/** A policy file's text, and where it was read: the commit, and through what. */
export interface PolicyText {
  text: string;
  path: string;
  commit: string;
  /** Where it was read from, for the log: `the workspace`, a folder, GitHub's contents API. */
  via: string;
}

/**
 * The policy file in a workspace (a checkout), only when it is a regular file reached through no symbolic link (a pull request's
 * head could point it anywhere on the runner): its size is checked before reading, and the read stops at the cap.
 */
export async function readWorkspacePolicy(
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

export function tooLarge(path: string, bytes: number, atLeast = ''): PolicyFileError {
  return new PolicyFileError(
    `The policy file ${path} is ${atLeast}${bytes} bytes; a policy file may hold at most ${MAX_POLICY_BYTES} bytes.`,
  );
}

/**
 * The workspace and the contents API refuse the same things: a policy is read only from a regular file of the
 * repository, never through a link (it could name any file on the runner, a device, another repository's file).
 */
export function notAFile(path: string, what: string, link?: string): PolicyFileError {
  const where = link === undefined || link === path ? 'is' : `is reached through ${link}, which is`;
  return new PolicyFileError(
    `The policy file ${path} ${where} ${what}: a policy is read only from a regular file in the repository. ` +
      'Put the policy itself at that path.',
  );
}
