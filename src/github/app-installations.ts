import { RequestError } from '@octokit/request-error';
import type { RequestInterface } from '@octokit/types';
import type { Now } from '../client/clock.ts';
import type { Logger } from '../client/logger.ts';
import { GitHubCredentialsError } from './app-credentials.ts';
import { GitHubError } from './github-client.ts';
import { refusalMessageOf } from './rate-limit-answer.ts';

type AppAuth = ReturnType<(typeof import('@octokit/auth-app'))['createAppAuth']>;

/** A credential and when GitHub said it ends. */
interface Expiring {
  readonly token: string;
  /** Epoch milliseconds; the moment it was minted when GitHub gave no time it could read (then used once). */
  readonly expiresAt: number;
  readonly mintedAt: number;
}

/**
 * The life given a token GitHub names no `expires_at` for: short, since its real life is unknown (a 401 mints a new
 * one anyway), yet long enough that the night does not mint a token a request, each a paced POST.
 */
const UNDATED_TOKEN_LIFE_MS = 10 * 60_000;
/** A token is minted again this long before GitHub's `expires_at` (less for one GitHub gave a short life). */
const RENEW_BEFORE_MS = 5 * 60_000;

/** Still good for a request now: before its `expires_at`, less a margin for the request's own time. */
function usable(credential: Expiring, now: number): boolean {
  const margin = Math.min(RENEW_BEFORE_MS, (credential.expiresAt - credential.mintedAt) / 2);
  return now < credential.expiresAt - margin;
}

export interface AppInstallationsOptions {
  readonly appId: string;
  /** The App's private key, PKCS#8 PEM (appPrivateKeyPkcs8). */
  readonly privateKey: string;
  /** GitHub's requests as the App (`GET /app`, the installation look-ups, token minting), through the rate gate. */
  readonly appRequest: () => Promise<RequestInterface>;
  readonly now: Now;
  readonly logger: Logger;
  /** Called with every JWT and token minted, before it is used: the face masks it and scrubs it from its log. */
  readonly onSecret: (secret: string) => void;
}

/**
 * A GitHub App's installations: `@octokit/auth-app` makes the JWTs (RS256, at most 10 minutes) and mints the
 * installation tokens; this keeps them. auth-app's own cache keeps a token 59 minutes whatever GitHub said, so it
 * is given none: each token is kept here until shortly before the `expires_at` GitHub gave it, and minted again
 * then, or at once after a 401 (renew). One installation is looked up per owner (`GET /repos/{o}/{r}/installation`).
 */
export class AppInstallations {
  readonly #options: AppInstallationsOptions;
  #auth: Promise<AppAuth> | undefined;
  #jwt: Expiring | undefined;
  readonly #installations = new Map<string, Promise<number>>();
  readonly #tokens = new Map<number, Promise<Expiring>>();

  constructor(options: AppInstallationsOptions) {
    this.#options = options;
  }

  #appAuth(): Promise<AppAuth> {
    this.#auth ??= Promise.all([import('@octokit/auth-app'), this.#options.appRequest()]).then(
      ([{ createAppAuth }, request]) =>
        createAppAuth({
          appId: this.#options.appId,
          privateKey: this.#options.privateKey,
          request,
          // Never serve a token from auth-app's cache: it assumes a fixed lifetime (see the class's comment).
          cache: { get: () => '', set: () => undefined },
          log: {
            warn: (message: string) => {
              this.#options.logger.debug(message);
            },
          },
        }),
    );
    return this.#auth;
  }

  /** The App's JWT, made again a minute before it ends. */
  async #appJwt(): Promise<string> {
    const now = this.#options.now();
    if (this.#jwt !== undefined && usable(this.#jwt, now)) return this.#jwt.token;
    const made = await (await this.#appAuth())({ type: 'app' });
    this.#options.onSecret(made.token);
    // auth-app times the JWT by the system's clock: its life left is carried over to the clock given here.
    const lifeLeft = (Date.parse(made.expiresAt) || Date.now()) - Date.now();
    this.#jwt = { token: made.token, expiresAt: now + lifeLeft, mintedAt: now };
    return made.token;
  }

  /** Asks GitHub who the App is (`GET /app`): a 401 there is a key or an id GitHub refuses. Answers its name. */
  async verify(signal: AbortSignal): Promise<string> {
    try {
      const request = await this.#options.appRequest();
      const answer = await request('GET /app', {
        headers: { authorization: `bearer ${await this.#appJwt()}` },
        request: { signal },
      });
      const app = answer.data as { slug?: unknown; name?: unknown } | null;
      return typeof app?.slug === 'string' ? app.slug : `App ${this.#options.appId}`;
    } catch (error) {
      if (error instanceof RequestError && error.status === 401) {
        throw new GitHubCredentialsError(
          `GitHub refused the GitHub App's credentials (401 on GET /app: ${refusalMessageOf(error)}): check that the ` +
            "App id is the App's and that the private key is one of the App's current keys.",
        );
      }
      throw asGitHubError('GET /app', error);
    }
  }

  /** The installation that covers `owner` (found through one of its repositories, then kept for the owner). */
  installationOf(owner: string, repo: string, signal: AbortSignal): Promise<number> {
    const key = owner.toLowerCase();
    const known = this.#installations.get(key);
    if (known !== undefined) return known;
    const lookup = this.#lookUpInstallation(owner, repo, signal);
    this.#installations.set(key, lookup);
    // A failed look-up is not kept: the next repository of the owner asks again.
    lookup.catch(() => this.#installations.delete(key));
    return lookup;
  }

  async #lookUpInstallation(owner: string, repo: string, signal: AbortSignal): Promise<number> {
    const route = 'GET /repos/{owner}/{repo}/installation';
    try {
      const request = await this.#options.appRequest();
      const answer = await request(route, {
        owner,
        repo,
        headers: { authorization: `bearer ${await this.#appJwt()}` },
        request: { signal },
      });
      const id = (answer.data as { id?: unknown } | null)?.id;
      if (typeof id !== 'number' || !Number.isSafeInteger(id) || id <= 0) {
        throw new GitHubError(`${route} for ${owner}/${repo} named no installation id`, 0);
      }
      return id;
    } catch (error) {
      if (error instanceof RequestError && error.status === 404) throw new AppNotInstalledError(owner, repo);
      throw asGitHubError(route, error);
    }
  }

  /** A token of the installation good for a request now: the one kept, or one minted for it. */
  async tokenOf(installationId: number): Promise<string> {
    const kept = this.#tokens.get(installationId);
    if (kept !== undefined) {
      const token = await kept.catch(() => undefined);
      if (token !== undefined && usable(token, this.#options.now())) return token.token;
      if (this.#tokens.get(installationId) !== kept) return this.tokenOf(installationId);
    }
    return (await this.#mint(installationId)).token;
  }

  /** After a 401 on `stale`: a new token, unless another request already replaced it. */
  async renew(installationId: number, stale: string): Promise<string> {
    const kept = await this.#tokens.get(installationId)?.catch(() => undefined);
    if (kept !== undefined && kept.token !== stale) return kept.token;
    return (await this.#mint(installationId)).token;
  }

  #mint(installationId: number): Promise<Expiring> {
    const minting = this.#mintToken(installationId);
    this.#tokens.set(installationId, minting);
    minting.catch(() => {
      if (this.#tokens.get(installationId) === minting) this.#tokens.delete(installationId);
    });
    return minting;
  }

  async #mintToken(installationId: number): Promise<Expiring> {
    const mintedAt = this.#options.now();
    try {
      const minted = await (await this.#appAuth())({ type: 'installation', installationId, refresh: true });
      this.#options.onSecret(minted.token);
      const expiresAt = Date.parse(minted.expiresAt);
      if (Number.isNaN(expiresAt)) {
        this.#options.logger.debug(
          `GitHub gave installation ${installationId}'s token no expires_at: kept ${UNDATED_TOKEN_LIFE_MS / 60_000} minutes.`,
        );
      }
      return {
        token: minted.token,
        expiresAt: Number.isNaN(expiresAt) ? mintedAt + UNDATED_TOKEN_LIFE_MS : expiresAt,
        mintedAt,
      };
    } catch (error) {
      throw asGitHubError(`POST /app/installations/${installationId}/access_tokens`, error);
    }
  }
}

/** GitHub knows no installation of the App that covers the repository: it cannot see it. */
export class AppNotInstalledError extends GitHubError {
  override name = 'AppNotInstalledError';

  constructor(owner: string, repo: string) {
    super(
      `The GitHub App is not installed on ${owner}/${repo} (or its installation was not given that repository)`,
      404,
    );
  }
}

/** GitHub's refusal as a GitHubError: its status and message (which never hold a request's headers). */
export function asGitHubError(route: string, error: unknown): GitHubError {
  if (error instanceof GitHubError) return error;
  if (error instanceof RequestError) {
    return new GitHubError(`${route} failed with ${error.status}: ${refusalMessageOf(error)}`, error.status);
  }
  const reason = error instanceof Error ? error.message : String(error);
  return new GitHubError(`${route} failed: ${reason}`, 0);
}
