import type { GitHubRequests } from '../code-scanning/sarif-upload.ts';

/**
 * What the fleet asks of GitHub about one repository, when the face gives it GitHub credentials (a GitHub App's
 * installations, or a token): the fleet itself never imports GitHub's client (it is the same for every face), so
 * a face hands it this, made in src/github/. Every call is cut by `signal` (the fleet's deadline).
 */
export interface FleetGitHub {
  /** The repository's default branch and the commit at its head, as GitHub says them now. */
  headOf(repository: string, signal: AbortSignal): Promise<RepositoryHead>;
  /**
   * A file's text at a commit and its blob SHA, or undefined when the commit has no file at `path`. A file over
   * `maxBytes`, or one that is not a regular file (a link, a folder, a submodule), is a FleetGitHubError 'refused'.
   */
  fileAt(
    repository: string,
    commit: string,
    path: string,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<RepositoryFile | undefined>;
  /** A blob's text by its SHA (to re-read the policy a roll-up entry names), under the same bound. */
  blobText(repository: string, blobSha: string, maxBytes: number, signal: AbortSignal): Promise<string>;
  /**
   * Requests for one repository (`{owner}` and `{repo}` filled in), cut by `signal`: what the upload of its SARIF
   * sends. Failures are FleetGitHubErrors with GitHub's status; `deferred` when GitHub's limits let the request go
   * only after the deadline (it was not sent).
   */
  clientFor(repository: string, signal: AbortSignal): GitHubRequests;
  /** GitHub's web address (https://github.com, or the Enterprise Server's): a repository's pages start here. */
  readonly serverUrl: string;
}

/** A repository's default branch and its head commit. */
export interface RepositoryHead {
  readonly branch: string;
  readonly commit: string;
}

/** A file read at a commit. */
export interface RepositoryFile {
  readonly path: string;
  readonly blobSha: string;
  readonly text: string;
}

/**
 * Why GitHub gave no answer to use: `not-visible` (404, or 403 for a repository the credentials do not reach:
 * the App is not installed there), `refused` (the answer cannot be used: a link, a file too large), `deferred`
 * (GitHub's limits let the request go only after the deadline: it was not sent), `failed` (GitHub failed, or the
 * deadline cut the request). The message never holds a token or a key.
 */
export class FleetGitHubError extends Error {
  override name = 'FleetGitHubError';
  readonly kind: 'not-visible' | 'refused' | 'deferred' | 'failed';
  readonly status: number;

  constructor(kind: FleetGitHubError['kind'], message: string, status = 0, options?: { cause?: unknown }) {
    super(message, options);
    this.kind = kind;
    this.status = status;
  }
}
