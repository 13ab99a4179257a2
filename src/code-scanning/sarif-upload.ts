import type { Sleep } from '../client/clock.ts';

/**
 * The code scanning upload API: a SARIF log gzip-compressed, then base64-encoded, posted for a commit and a ref
 * (`POST /repos/{owner}/{repo}/code-scanning/sarifs`), then its processing status read until GitHub has decided
 * (`GET …/sarifs/{id}`).
 */

/**
 * What the upload asks of GitHub: one request at a time (the action's GitHubClient, or the fleet's client for one
 * repository, through its rate gate).
 */
export interface GitHubRequests {
  request(route: string, parameters?: Record<string, unknown>): Promise<{ data: unknown }>;
}

export interface SarifUploadTarget {
  owner: string;
  repo: string;
  /** The scanned commit. */
  commitSha: string;
  /**
   * `refs/pull/N/head` on a pull request, else the workflow's GITHUB_REF (a branch, a merge queue's group); a
   * fleet's `refs/heads/<default branch>`.
   */
  ref: string;
}

export interface SarifProcessing {
  status: 'pending' | 'complete' | 'failed';
  errors: readonly string[];
  /** GitHub's address of the analyses this upload made, once complete. */
  analysesUrl: string | undefined;
}

/** GitHub's own upload-sarif polls every 5 s; the action keeps to that. */
const PROCESSING_POLL_MS = 5_000;

function encodeSarif(sarif: string | Uint8Array): string {
  // node:zlib is looked up when a log is uploaded, not imported: a run that uploads nothing never loads it.
  const { gzipSync } = process.getBuiltinModule('node:zlib');
  return gzipSync(typeof sarif === 'string' ? Buffer.from(sarif, 'utf8') : sarif).toString('base64');
}

/** Posts the log; answers the upload's id. */
export async function uploadSarif(
  client: GitHubRequests,
  target: SarifUploadTarget,
  /** The log, as text or as its UTF-8 bytes. */
  sarif: string | Uint8Array,
): Promise<string> {
  const response = await client.request('POST /repos/{owner}/{repo}/code-scanning/sarifs', {
    owner: target.owner,
    repo: target.repo,
    commit_sha: target.commitSha,
    ref: target.ref,
    sarif: encodeSarif(sarif),
  });
  const id = (response.data as { id?: unknown }).id;
  if (typeof id !== 'string' || id === '') throw new Error('GitHub accepted the upload but gave no id');
  return id;
}

async function readProcessing(
  client: GitHubRequests,
  target: Pick<SarifUploadTarget, 'owner' | 'repo'>,
  id: string,
): Promise<SarifProcessing> {
  const response = await client.request('GET /repos/{owner}/{repo}/code-scanning/sarifs/{sarif_id}', {
    owner: target.owner,
    repo: target.repo,
    sarif_id: id,
  });
  const data = response.data as { processing_status?: unknown; errors?: unknown; analyses_url?: unknown };
  const status = data.processing_status;
  return {
    status: status === 'complete' || status === 'failed' ? status : 'pending',
    errors: Array.isArray(data.errors) ? data.errors.filter((e): e is string => typeof e === 'string') : [],
    analysesUrl: typeof data.analyses_url === 'string' ? data.analyses_url : undefined,
  };
}

/** How the processing status is polled: every `pollMs` (GitHub's 5 s by default), at most `maxPolls` reads. */
export interface ProcessingPolls {
  signal: AbortSignal;
  sleep: Sleep;
  pollMs?: number | undefined;
  /** Most reads of the status; then the last one, still pending, is the answer. Default: no bound but `signal`. */
  maxPolls?: number | undefined;
  /** Called before each read (a fleet counts them apart from its other GitHub requests). */
  onPoll?: (() => void) | undefined;
}

/**
 * Reads the status until it is no longer pending, or until `signal` ends (the run's deadline) or `maxPolls`
 * reads are spent: then the last status read, still pending, is the answer.
 */
export async function waitForProcessing(
  client: GitHubRequests,
  target: Pick<SarifUploadTarget, 'owner' | 'repo'>,
  id: string,
  options: ProcessingPolls,
): Promise<SarifProcessing> {
  let last: SarifProcessing = { status: 'pending', errors: [], analysesUrl: undefined };
  const maxPolls = options.maxPolls ?? Number.POSITIVE_INFINITY;
  try {
    for (let polls = 0; polls < maxPolls; polls++) {
      if (polls > 0) await options.sleep(options.pollMs ?? PROCESSING_POLL_MS, options.signal);
      options.onPoll?.();
      last = await readProcessing(client, target, id);
      if (last.status !== 'pending') return last;
    }
    return last;
  } catch (error) {
    if (options.signal.aborted) return last;
    throw error;
  }
}
