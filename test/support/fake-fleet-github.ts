import { createHash } from 'node:crypto';
import { gunzipSync } from 'node:zlib';
import type { GitHubRequests } from '../../src/code-scanning/sarif-upload.ts';
import {
  FleetGitHubError,
  type FleetGitHub,
  type RepositoryFile,
  type RepositoryHead,
} from '../../src/fleet/fleet-github.ts';

/** One repository as the fake GitHub shows it: its default branch's head and the files at that commit. */
export interface FakeRepository {
  branch?: string;
  commit: string;
  files?: Record<string, string>;
  /** The credentials do not reach it (the App is not installed there). */
  hidden?: boolean;
  /** Code scanning refuses its uploads (403: not enabled, or no Code Security on a private repository). */
  codeScanningOff?: boolean;
}

/** A SARIF upload the fake GitHub took: where it landed, and the log decoded from its gzip and base64. */
export interface TakenUpload {
  repository: string;
  ref: string;
  commitSha: string;
  sarif: {
    runs: {
      automationDetails?: { id?: string };
      results?: { ruleId?: string; message?: { text?: string } }[];
    }[];
  };
}

/** A blob's SHA as git names it: SHA-1 of `blob <length>\0<content>`. */
export function blobShaOf(text: string): string {
  const bytes = Buffer.from(text, 'utf8');
  return createHash('sha1')
    .update(Buffer.concat([Buffer.from(`blob ${bytes.length}\0`), bytes]))
    .digest('hex');
}

/**
 * GitHub as the fleet asks it, in memory: the heads and files it is given, and the questions it was asked. A file
 * over `maxBytes` is refused, as the real one refuses it; a repository it hides is not visible (404).
 */
export class FakeFleetGitHub implements FleetGitHub {
  readonly asked: string[] = [];
  readonly uploads: TakenUpload[] = [];
  readonly serverUrl = 'https://github.example';
  /** What code scanning says of an upload's processing when asked. */
  processingStatus: 'pending' | 'complete' | 'failed' = 'complete';
  /** GitHub's limits let every upload go only after the deadline (the rate gate defers it, unsent). */
  deferUploads = false;
  readonly #repositories: Map<string, FakeRepository>;

  constructor(repositories: Record<string, FakeRepository>) {
    this.#repositories = new Map(Object.entries(repositories));
  }

  headOf(repository: string, signal: AbortSignal): Promise<RepositoryHead> {
    return this.#answer(signal, `head ${repository}`, () => {
      const known = this.#visible(repository);
      return { branch: known.branch ?? 'main', commit: known.commit };
    });
  }

  fileAt(
    repository: string,
    commit: string,
    path: string,
    maxBytes: number,
    signal: AbortSignal,
  ): Promise<RepositoryFile | undefined> {
    return this.#answer(signal, `file ${repository} ${commit} ${path}`, () => {
      const known = this.#visible(repository);
      const text = commit === known.commit ? known.files?.[path] : undefined;
      if (text === undefined) return undefined;
      if (Buffer.byteLength(text) > maxBytes)
        throw new FleetGitHubError('refused', `${path} is over ${maxBytes} bytes`);
      return { path, blobSha: blobShaOf(text), text };
    });
  }

  blobText(repository: string, blobSha: string, maxBytes: number, signal: AbortSignal): Promise<string> {
    return this.#answer(signal, `blob ${repository} ${blobSha}`, () => {
      const files = Object.values(this.#visible(repository).files ?? {});
      const text = files.find((one) => blobShaOf(one) === blobSha);
      if (text === undefined) throw new FleetGitHubError('not-visible', `no blob ${blobSha}`, 404);
      if (Buffer.byteLength(text) > maxBytes)
        throw new FleetGitHubError('refused', `blob ${blobSha} is over ${maxBytes} bytes`);
      return text;
    });
  }

  /** Code scanning's two routes, for one repository: an upload, and its processing. */
  clientFor(repository: string, signal: AbortSignal): GitHubRequests {
    return {
      request: (route, parameters = {}) =>
        this.#answer(signal, `${route.split(' ')[0] ?? ''} ${repository} code scanning`, () => {
          const known = this.#visible(repository);
          if (route === 'POST /repos/{owner}/{repo}/code-scanning/sarifs') {
            if (this.deferUploads)
              throw new FleetGitHubError(
                'deferred',
                'POST not sent: the limits let it go only after the deadline',
              );
            if (known.codeScanningOff === true)
              throw new FleetGitHubError(
                'not-visible',
                'POST …/code-scanning/sarifs failed with 403: Advanced Security must be enabled for this repository to use code scanning.',
                403,
              );
            const sarif = JSON.parse(
              gunzipSync(Buffer.from(String(parameters.sarif), 'base64')).toString('utf8'),
            ) as TakenUpload['sarif'];
            this.uploads.push({
              repository,
              ref: String(parameters.ref),
              commitSha: String(parameters.commit_sha),
              sarif,
            });
            return { data: { id: `sarif-${this.uploads.length}` } };
          }
          if (route === 'GET /repos/{owner}/{repo}/code-scanning/sarifs/{sarif_id}')
            return { data: { processing_status: this.processingStatus, errors: [] } };
          throw new FleetGitHubError('failed', `${route}: 404 Not Found`, 404);
        }),
    };
  }

  /** The answer as a promise: a refusal rejects it, as a request's would. */
  #answer<T>(signal: AbortSignal, question: string, answer: () => T): Promise<T> {
    this.asked.push(question);
    return new Promise<T>((resolve) => {
      signal.throwIfAborted();
      resolve(answer());
    });
  }

  #visible(repository: string): FakeRepository {
    const known = this.#repositories.get(repository);
    if (known === undefined || known.hidden === true)
      throw new FleetGitHubError('not-visible', `GET /repos/${repository}: 404 Not Found`, 404);
    return known;
  }
}
