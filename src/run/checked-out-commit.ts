import { readFile } from 'node:fs/promises';
import { isAbsolute, join, resolve } from 'node:path';

const FULL_SHA = /^[0-9a-f]{40}(?:[0-9a-f]{24})?$/i;

/**
 * The commit checked out in a workspace, read from its `.git` without running git (actions/checkout leaves a
 * detached HEAD or a branch, loose or packed; a worktree's `.git` is a file naming its folder). Undefined when it
 * cannot be told: the caller then reads the file through GitHub instead, never guessing.
 */
export async function checkedOutCommit(workspace: string): Promise<string | undefined> {
  try {
    const gitDir = await gitDirOf(workspace);
    const head = (await readFile(join(gitDir, 'HEAD'), 'utf8')).trim();
    if (FULL_SHA.test(head)) return head.toLowerCase();
    const ref = /^ref: (refs\/\S+)$/.exec(head)?.[1];
    return ref === undefined ? undefined : await resolveRef(gitDir, ref);
  } catch {
    return undefined;
  }
}

async function gitDirOf(workspace: string): Promise<string> {
  const dotGit = join(workspace, '.git');
  const pointer = await readFile(dotGit, 'utf8').catch(() => undefined);
  if (pointer === undefined) return dotGit;
  const target = /^gitdir: (.+)$/m.exec(pointer)?.[1]?.trim();
  if (!target) throw new Error('.git names no gitdir');
  return isAbsolute(target) ? target : resolve(workspace, target);
}

/** A branch as the repository stores it: a loose ref file, else a line of packed-refs (in the common folder). */
async function resolveRef(gitDir: string, ref: string): Promise<string | undefined> {
  const common = await readFile(join(gitDir, 'commondir'), 'utf8')
    .then((text) => resolve(gitDir, text.trim()))
    .catch(() => gitDir);
  for (const folder of new Set([gitDir, common])) {
    const loose = await readFile(join(folder, ref), 'utf8').catch(() => undefined);
    if (loose !== undefined && FULL_SHA.test(loose.trim())) return loose.trim().toLowerCase();
  }
  const packed = await readFile(join(common, 'packed-refs'), 'utf8').catch(() => '');
  for (const line of packed.split('\n')) {
    const [sha, name] = line.trim().split(' ');
    if (name === ref && sha !== undefined && FULL_SHA.test(sha)) return sha.toLowerCase();
  }
  return undefined;
}
