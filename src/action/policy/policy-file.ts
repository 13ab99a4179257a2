import { isAbsolute, normalize, sep } from 'node:path';
import { GitHubError, type GitHubClient } from '../../github/github-client.ts';
import { grantOf, type FeaturePermissions } from '../../github/token-permissions.ts';
import { checkedOutCommit } from '../../run/checked-out-commit.ts';
import {
  MAX_POLICY_BYTES,
  PolicyFileError,
  notAFile,
  readWorkspacePolicy,
  tooLarge,
  type PolicyText,
} from '../../run/policy-text.ts';

/** Reading the policy file of a repository that is not checked out at the scanned commit. */
export const POLICY_FILE_PERMISSIONS: FeaturePermissions = {
  feature: 'the policy file through the contents API (no checkout)',
  needs: [{ scope: 'contents', access: 'read' }],
};

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
    return readWorkspacePolicy(reach.workspace, inRepository, commit);
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
        `${failure} The token needs ${grantOf(POLICY_FILE_PERMISSIONS)} (add it to the job's permissions), or check the repository out at the scanned commit.`,
      );
    }
    return { unreadable: failure };
  }
}
