import type { Policy } from '../domain/policy.ts';
import { MAX_POLICY_BYTES, tooLarge } from '../run/policy-text.ts';
import { loadPolicyParser } from '../run/run-policy-of.ts';
import { POLICY_FILE_INPUT, type PolicySettings } from '../run/settings.ts';
import { messageOf } from './error-text.ts';
import { FleetGitHubError, type FleetGitHub, type RepositoryHead } from './fleet-github.ts';

/** Where a repository's policy is read at night: the action's default file, at the scanned commit. */
export const FLEET_POLICY_PATH = POLICY_FILE_INPUT.default;

/**
 * The keys of a policy file the fleet applies at night. Every other key the file sets (remediation, AI analysis,
 * compliance, baselines, pull request reporting) is not applied, and the roll-up lists it as ignored.
 */
const FLEET_POLICY_KEYS: ReadonlySet<string> = new Set([
  'version',
  'fail-on',
  'severity-threshold',
  'paths',
  'paths-ignore',
  'ignore',
  'modules',
  'frameworks',
  'incremental',
  'wait-timeout',
]);

/** Why a repository is not judged, in the roll-up's words: no scan is started for it. */
export class NotJudgedError extends Error {
  override name = 'NotJudgedError';
}

/** A repository's policy file as read at a commit, and what the fleet applies of it. */
export interface ReadPolicy {
  path: string;
  blobSha: string;
  policy: Policy;
}

/** The keys the file sets that the fleet does not apply, in the file's order. */
export function ignoredKeysOf(policy: Policy): string[] {
  return Object.keys(policy.settings).filter((key) => !FLEET_POLICY_KEYS.has(key));
}

/** The file's settings the fleet applies, for the run's settings parser. */
export function appliedSettingsOf(policy: Policy): PolicySettings {
  const values = Object.entries(policy.settings).filter(([key]) => FLEET_POLICY_KEYS.has(key));
  return { file: policy.file, values: Object.fromEntries(values) };
}

/** The default branch's head as GitHub gives it now; a NotJudgedError saying why when it cannot. */
export async function readHead(
  github: FleetGitHub,
  repository: string,
  signal: AbortSignal,
): Promise<RepositoryHead> {
  try {
    return await github.headOf(repository, signal);
  } catch (error) {
    throw notJudged(
      error,
      repository,
      `Could not read the head of ${repository}'s default branch from GitHub`,
    );
  }
}

/**
 * The policy file at `commit`, read through GitHub under the action's bounds (its size, no link) and parsed by
 * the action's parser; undefined when the commit has none. A file that cannot be read or parsed is a
 * NotJudgedError naming the file (and, from the parser, the line): never taken for "no policy".
 */
export async function readRepositoryPolicy(
  github: FleetGitHub,
  repository: string,
  commit: string,
  signal: AbortSignal,
): Promise<ReadPolicy | undefined> {
  const at = `${FLEET_POLICY_PATH} at ${commit.slice(0, 12)}`;
  let file;
  try {
    file = await github.fileAt(repository, commit, FLEET_POLICY_PATH, MAX_POLICY_BYTES, signal);
  } catch (error) {
    throw notJudged(error, repository, `Could not read the policy file ${at}`);
  }
  if (file === undefined) return undefined;
  const bytes = Buffer.byteLength(file.text, 'utf8');
  if (bytes > MAX_POLICY_BYTES) throw new NotJudgedError(tooLarge(FLEET_POLICY_PATH, bytes).message);
  const parser = await loadPolicyParser();
  try {
    return { path: FLEET_POLICY_PATH, blobSha: file.blobSha, policy: parser.parsePolicy(file.text, at) };
  } catch (error) {
    throw new NotJudgedError(messageOf(error));
  }
}

/** GitHub's refusal in the roll-up's words: a repository the credentials do not reach is said to be so. */
function notJudged(error: unknown, repository: string, doing: string): unknown {
  if (!(error instanceof FleetGitHubError)) return error;
  if (error.kind === 'not-visible')
    return new NotJudgedError(
      `GitHub does not show ${repository} to the fleet's GitHub credentials (${error.message}): install the GitHub App on it, or give a token that can read it.`,
    );
  return new NotJudgedError(`${doing}: ${error.message}`);
}
