import type { Octokit } from '@octokit/core';
import { RequestError } from '@octokit/request-error';
import type { OctokitResponse, RequestInterface, RequestParameters, Route } from '@octokit/types';
import type { Dispatcher } from 'undici';
import { realNow, realSleep, type Now, type Sleep } from '../client/clock.ts';
import type { Logger } from '../client/logger.ts';
import { SecretScrubber } from '../text/secrets.ts';
import {
  GitHubCredentialsError,
  appPrivateKeyPkcs8,
  checkAppId,
  privateKeyMaskParts,
  type GitHubAppCredentials,
} from './app-credentials.ts';
import { AppInstallations, AppNotInstalledError, asGitHubError } from './app-installations.ts';
import { GitHubError, checkGitHubApiUrl, octokitOn } from './github-client.ts';
import { GitHubDeferredError, GitHubRateGate } from './github-rate-gate.ts';
import {
  UnusableAnswer,
  defaultBranchOf,
  fileOfContents,
  headCommitOf,
  textOfBlob,
} from './repository-answers.ts';
import {
  TOKEN_BUDGET,
  appCredentials,
  tokenCredentials,
  type Authorisation,
  type RepositoryCredentials,
} from './repository-credentials.ts';

/** Why GitHub gave no answer to use, as the fleet's FleetGitHubError names it. */
type FleetGitHubFailure = 'not-visible' | 'refused' | 'deferred' | 'failed';

/** The budget the App's own requests (JWT: `GET /app`, installation look-ups, minting) spend. */
const APP_BUDGET = 'app';

/** What the fleet's SARIF upload (or any later call) sends GitHub for one repository: GitHubClient's request. */
interface GitHubRequester {
  request(route: Route, parameters?: RequestParameters): Promise<OctokitResponse<unknown>>;
}

/**
 * GitHub's web address from its API's: api.github.com is github.com's, an Enterprise Server's `/api/v3` is served
 * beside its pages; any other address (a proxy, a stub on loopback) is taken as its own origin.
 */
function serverUrlOf(apiUrl: string): string {
  const url = new URL(apiUrl);
  if (url.hostname === 'api.github.com') return 'https://github.com';
  if (url.hostname.startsWith('api.') && url.hostname.endsWith('.ghe.com'))
    return `${url.protocol}//${url.hostname.slice('api.'.length)}`;
  return url.origin;
}

export interface FleetGitHubOptions<E extends Error> {
  /** A GitHub App: its id (or client id) and its private key's PEM (PKCS#1 or PKCS#8). Exactly one of app, token. */
  readonly app?: GitHubAppCredentials;
  /** A token the user minted. Exactly one of app, token. */
  readonly token?: string;
  /** GITHUB_API_URL (or the face's flag): https://api.github.com, or a GitHub Enterprise Server's /api/v3. */
  readonly apiUrl: string;
  /** GITHUB_SERVER_URL, where the face has it; else derived from `apiUrl` (serverUrlOf). */
  readonly serverUrl?: string | undefined;
  /** The project's undici dispatcher (proxy-aware). */
  readonly dispatcher: Dispatcher;
  /** The night's signal: its deadline and a stop cut every request and every wait. */
  readonly signal: AbortSignal;
  /** When the night ends (epoch milliseconds): budgets are spread up to it, no wait outlasts it. */
  readonly deadline: number;
  readonly logger: Logger;
  readonly userAgent: string;
  /** Makes the fleet's error (the face passes `(kind, message, status) => new FleetGitHubError(kind, message, status)`). */
  readonly fleetError: (kind: FleetGitHubFailure, message: string, status: number) => E;
  /** Every JWT and token minted, before its first use: the face masks it and scrubs it from what it writes. */
  readonly onSecret?: (secret: string) => void;
  readonly now?: Now;
  readonly sleep?: Sleep;
}

/**
 * The fleet's GitHub: FleetGitHub's three questions (headOf, fileAt, blobText: src/fleet/fleet-github.ts says
 * what each answers; the face hands this object to the fleet as its FleetGitHub), the credentials' check, and
 * requests for a repository.
 */
export type FleetGitHubAccess = ReturnType<typeof repositoryQuestions> & {
  /**
   * Asks GitHub whether it takes the credentials (`GET /app` for an App, `GET /rate_limit` for a token), before
   * any scan starts: a refusal is a GitHubCredentialsError (svc exits 3). Answers who the credentials are.
   */
  verify(): Promise<string>;
  /**
   * Requests for one repository (`{owner}` and `{repo}` filled in), authorised by its installation's token (or
   * the token) through the rate gate, cut by `signal` and the night's: what `uploadSarif` and `waitForProcessing`
   * take. Failures are the fleet's errors (`fleetError`) with GitHub's status; `deferred` for a request the limits
   * let go only after the deadline.
   */
  clientFor(repository: string, signal: AbortSignal): GitHubRequester;
  /** GitHub's web address: `serverUrl` as given, else serverUrlOf(apiUrl). */
  readonly serverUrl: string;
};

/**
 * The fleet's access to GitHub, made by a face when it is given GitHub credentials. Contract:
 *
 * - Synchronous checks first, nothing sent: exactly one of `app` and `token`; `apiUrl` https (plain http only to
 *   loopback); the App's id and private key parse (node:crypto). Each failure is a GitHubCredentialsError whose
 *   message holds no key; the face exits 3 for it, as for `verify()`'s refusal. Call `verify()` once before the
 *   first scan.
 * - The private key and every token stay in the process: they reach no log, and every error message is scrubbed
 *   of them. The face masks `privateKeyMaskParts(pem)` (each line) before anything else, and what `onSecret`
 *   gives as it comes.
 * - App: one installation per owner (`GET /repos/{owner}/{repo}/installation`, kept for the owner once found),
 *   its token kept until shortly before the `expires_at` GitHub gave and minted again then; a 401 on a token
 *   mints a new one once before the request fails. A token: used as given, warned of once when GitHub says it
 *   ends before `deadline`.
 * - Every request passes one rate gate (github-rate-gate.ts, github-pacer.ts): one at a time per installation,
 *   content-creating methods paced at 80 a minute and 500 an hour, the hourly budget spread up to the deadline,
 *   secondary limits waited out within it.
 * - headOf, fileAt and blobText fail with `fleetError(kind, …)`: `not-visible` (the App is not installed there,
 *   or GitHub answers 404 or 403 for the repository), `refused` (a link, a folder, a submodule, a file over
 *   `maxBytes`, content that is not the blob GitHub named), `failed` (anything else, the deadline included, and a
 *   commit GitHub no longer has: its 404 "No commit found"). A 404 on the file itself is `undefined` from fileAt:
 *   the fleet asks headOf first, which tells an unseen repository apart.
 */
export function createFleetGitHub<E extends Error>(options: FleetGitHubOptions<E>): FleetGitHubAccess {
  const now = options.now ?? realNow;
  const scrubber = new SecretScrubber();
  const transport = openTransport(options, now, scrubber);
  const credentials = credentialsOf(options, transport, scrubber, now);

  const send = (repository: string, route: Route, parameters: RequestParameters, signal: AbortSignal) =>
    sendForRepository(
      { transport, credentials, logger: options.logger },
      repository,
      route,
      parameters,
      signal,
    ).catch((error: unknown) => {
      throw scrubbed(asGitHubError(route, error), scrubber);
    });
  const failure = (error: unknown): E => {
    const known = error instanceof GitHubError || error instanceof UnusableAnswer;
    const message = scrubber.scrub(known ? error.message : `GitHub failed: ${String(error)}`);
    return options.fleetError(failureKindOf(error), message, error instanceof GitHubError ? error.status : 0);
  };
  return {
    verify: () =>
      credentials.verify(options.signal).catch((error: unknown) => {
        if (error instanceof GitHubCredentialsError)
          throw new GitHubCredentialsError(scrubber.scrub(error.message));
        throw scrubbed(asGitHubError('verifying the GitHub credentials', error), scrubber);
      }),
    ...repositoryQuestions(send, failure),
    clientFor: (repository, signal) => ({
      request: (route, parameters = {}) =>
        send(repository, route, parameters, signal).catch((error: unknown) => {
          throw failure(error);
        }),
    }),
    serverUrl: (options.serverUrl ?? serverUrlOf(options.apiUrl)).replace(/\/+$/, ''),
  };
}

type Send = (
  repository: string,
  route: Route,
  parameters: RequestParameters,
  signal: AbortSignal,
) => Promise<OctokitResponse<unknown>>;

/** FleetGitHub's three questions over `send`; `failure` makes the fleet's error of what went wrong. */
function repositoryQuestions(send: Send, failure: (error: unknown) => Error) {
  return {
    headOf: async (repository: string, signal: AbortSignal) => {
      try {
        const branch = defaultBranchOf(
          repository,
          (await send(repository, 'GET /repos/{owner}/{repo}', {}, signal)).data,
        );
        const ref = await send(
          repository,
          'GET /repos/{owner}/{repo}/git/ref/{ref}',
          { ref: `heads/${branch}` },
          signal,
        );
        return { branch, commit: headCommitOf(repository, branch, ref.data) };
      } catch (error) {
        throw failure(error);
      }
    },
    fileAt: async (
      repository: string,
      commit: string,
      path: string,
      maxBytes: number,
      signal: AbortSignal,
    ) => {
      try {
        const route = 'GET /repos/{owner}/{repo}/contents/{path}';
        const answer = await send(repository, route, { path, ref: commit }, signal);
        return fileOfContents({ repository, commit, path }, answer.data, maxBytes);
      } catch (error) {
        if (
          error instanceof GitHubError &&
          error.status === 404 &&
          !(error instanceof AppNotInstalledError)
        ) {
          if (NO_COMMIT.test(error.message))
            throw failure(
              new CommitGone(
                `${repository}'s commit ${commit} is gone (GitHub: no commit found for it; a force-push after its head was read?): its policy file cannot be read there`,
                error.status,
              ),
            );
          return undefined;
        }
        throw failure(error);
      }
    },
    blobText: async (repository: string, blobSha: string, maxBytes: number, signal: AbortSignal) => {
      try {
        const route = 'GET /repos/{owner}/{repo}/git/blobs/{file_sha}';
        const answer = await send(repository, route, { file_sha: blobSha }, signal);
        return textOfBlob({ repository, blobSha }, answer.data, maxBytes);
      } catch (error) {
        throw failure(error);
      }
    },
  };
}

/**
 * GitHub's 404 for a ref it does not hold (`No commit found for the ref …`), unlike its `Not Found` for a path: the
 * commit read as the head is gone, and taking it for "no policy file" would judge the repository without its own.
 */
const NO_COMMIT = /\bNo commit found\b/i;

/** The commit a file was asked at is gone: no answer on the file, and no "not visible" either. */
class CommitGone extends GitHubError {}

/** What every request goes through: the octokit (loaded on first use), the rate gate, the night's signal. */
interface Transport {
  readonly request: () => Promise<RequestInterface>;
  readonly gate: GitHubRateGate;
  readonly signal: AbortSignal;
  /** An octokit request function gated on `budget` (for requests that bring their own authorization). */
  readonly gatedOn: (budget: string) => () => Promise<RequestInterface>;
}

function openTransport(options: FleetGitHubOptions<Error>, now: Now, scrubber: SecretScrubber): Transport {
  if ((options.app === undefined) === (options.token === undefined)) {
    throw new GitHubCredentialsError(
      'Give the fleet either a GitHub App (its id and private key) or a GitHub token, not both.',
    );
  }
  try {
    checkGitHubApiUrl(options.apiUrl);
  } catch (error) {
    throw new GitHubCredentialsError(scrubber.scrub(error instanceof Error ? error.message : String(error)));
  }
  const gate = new GitHubRateGate({
    deadline: options.deadline,
    now,
    sleep: options.sleep ?? realSleep,
    logger: options.logger,
  });
  let octokit: Promise<Octokit> | undefined;
  const request = async (): Promise<RequestInterface> => {
    const { apiUrl, userAgent, dispatcher, signal } = options;
    octokit ??= octokitOn({ apiUrl, userAgent, dispatcher, signal });
    return (await octokit).request;
  };
  const gatedOn = (budget: string) => async () => gate.requestOn(await request(), budget, options.signal);
  return { request, gate, signal: options.signal, gatedOn };
}

function credentialsOf(
  options: FleetGitHubOptions<Error>,
  transport: Transport,
  scrubber: SecretScrubber,
  now: Now,
): RepositoryCredentials {
  const onSecret = (secret: string): void => {
    scrubber.add(secret);
    options.onSecret?.(secret);
  };
  if (options.token !== undefined) {
    if (options.token.trim() === '') throw new GitHubCredentialsError('The GitHub token is empty.');
    scrubber.add(options.token);
    const { deadline, logger } = options;
    return tokenCredentials({
      token: options.token,
      request: transport.gatedOn(TOKEN_BUDGET),
      deadline,
      now,
      logger,
    });
  }
  const app = options.app as GitHubAppCredentials;
  for (const part of privateKeyMaskParts(app.privateKey)) scrubber.add(part);
  const installations = new AppInstallations({
    appId: checkAppId(app.appId),
    privateKey: appPrivateKeyPkcs8(app.privateKey),
    appRequest: transport.gatedOn(APP_BUDGET),
    now,
    logger: options.logger,
    onSecret,
  });
  return appCredentials(installations);
}

/**
 * A repository's full name as GitHub allows it (an account of letters, digits, `-` and `_`, a name of those and
 * `.`): anything else, `..` above all, would make another route of the API once the URL is resolved, and the
 * installation's token would go with it.
 */
const REPOSITORY = /^([A-Za-z0-9_-]+)\/(?!\.\.?$)([A-Za-z0-9_.-]+)$/;

/** One request for a repository: authorised, through the gate, and once more with new credentials after a 401. */
async function sendForRepository(
  using: { transport: Transport; credentials: RepositoryCredentials; logger: Logger },
  repository: string,
  route: Route,
  parameters: RequestParameters,
  signal: AbortSignal,
): Promise<OctokitResponse<unknown>> {
  const [, owner = '', repo = ''] = REPOSITORY.exec(repository) ?? [];
  if (owner === '') throw new GitHubError(`"${repository}" is not a repository's owner/name`, 0);
  const { transport, credentials } = using;
  const cut = AbortSignal.any([transport.signal, signal]);
  const method = route.split(' ')[0] ?? 'GET';
  const request = await transport.request();
  const attempt = (auth: Authorisation) =>
    transport.gate.pass(auth.budget, method, cut, () =>
      request(route, {
        owner,
        repo,
        ...parameters,
        headers: { authorization: `token ${auth.token}` },
        request: { signal: cut },
      }),
    );
  let auth = await credentials.authorise(owner, repo, cut);
  for (let renewed = false; ; renewed = true) {
    try {
      const answer = await attempt(auth);
      credentials.observe(answer.headers);
      return answer;
    } catch (error) {
      if (error instanceof RequestError) credentials.observe(error.response?.headers ?? {});
      const renewal =
        !renewed && error instanceof RequestError && error.status === 401
          ? await credentials.renew(auth)
          : undefined;
      if (renewal === undefined) throw error;
      using.logger.info(`GitHub refused a token for ${repository} (401): trying once more with a new one.`);
      auth = renewal;
    }
  }
}

function failureKindOf(error: unknown): FleetGitHubFailure {
  if (error instanceof UnusableAnswer) return 'refused';
  if (error instanceof CommitGone) return 'failed';
  if (error instanceof GitHubDeferredError) return 'deferred';
  if (error instanceof GitHubError && (error.status === 404 || error.status === 403)) return 'not-visible';
  return 'failed';
}

/** The same error with every secret the process knows scrubbed from its message (a deferral keeps its kind). */
function scrubbed(error: GitHubError, scrubber: SecretScrubber): GitHubError {
  const message = scrubber.scrub(error.message);
  if (message === error.message) return error;
  return error instanceof GitHubDeferredError
    ? new GitHubDeferredError(message, error.opensAt)
    : new GitHubError(message, error.status);
}
