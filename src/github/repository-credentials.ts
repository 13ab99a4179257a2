import { RequestError } from '@octokit/request-error';
import type { RequestInterface } from '@octokit/types';
import type { Now } from '../client/clock.ts';
import type { Logger } from '../client/logger.ts';
import { GitHubCredentialsError } from './app-credentials.ts';
import { asGitHubError, type AppInstallations } from './app-installations.ts';
import { refusalMessageOf, tokenExpiryOf, type AnswerHeaders } from './rate-limit-answer.ts';

/** What a request for a repository carries: its token, and the budget (rate gate key) it spends. */
export interface Authorisation {
  readonly budget: string;
  readonly token: string;
}

/** Credentials that authorise requests for any repository they reach: an App's installations, or one token. */
export interface RepositoryCredentials {
  /** Asks GitHub whether it takes the credentials; a refusal is a GitHubCredentialsError. Answers who they are. */
  verify(signal: AbortSignal): Promise<string>;
  authorise(owner: string, repo: string, signal: AbortSignal): Promise<Authorisation>;
  /** After a 401 on `stale`: new credentials to try once, or undefined when there are none to make. */
  renew(stale: Authorisation): Promise<Authorisation | undefined>;
  /** Every answer's headers, for what they say of the credentials. */
  observe(headers: AnswerHeaders): void;
}

/** An App: each owner's installation, its tokens minted and renewed (AppInstallations). */
export function appCredentials(installations: AppInstallations): RepositoryCredentials {
  const budgetOf = (installationId: number): string => `installation ${installationId}`;
  const installationOfBudget = (budget: string): number => Number(budget.slice('installation '.length));
  return {
    verify: (signal) => installations.verify(signal).then((slug) => `the GitHub App ${slug}`),
    authorise: async (owner, repo, signal) => {
      const installationId = await installations.installationOf(owner, repo, signal);
      return { budget: budgetOf(installationId), token: await installations.tokenOf(installationId) };
    },
    renew: async (stale) => {
      const installationId = installationOfBudget(stale.budget);
      return { budget: stale.budget, token: await installations.renew(installationId, stale.token) };
    },
    observe: () => undefined,
  };
}

export interface TokenCredentialsOptions {
  readonly token: string;
  /** Gated on the token's budget, with no authorization of its own. */
  readonly request: () => Promise<RequestInterface>;
  /** The fleet's deadline (epoch milliseconds): a token ending before it is warned of. */
  readonly deadline: number;
  readonly now: Now;
  readonly logger: Logger;
}

export const TOKEN_BUDGET = 'token';

/**
 * A token the user minted (for example with actions/create-github-app-token): used as given, never renewed. When
 * GitHub's `github-authentication-token-expiration` header says it ends before the deadline, that is warned of
 * once.
 */
export function tokenCredentials(options: TokenCredentialsOptions): RepositoryCredentials {
  let warned = false;
  const observe = (headers: AnswerHeaders): void => {
    const endsAt = tokenExpiryOf(headers);
    if (warned || endsAt === undefined || endsAt >= options.deadline) return;
    warned = true;
    options.logger.warning(
      `The GitHub token ends at ${new Date(endsAt).toISOString()}, before the fleet's deadline ` +
        `(${new Date(options.deadline).toISOString()}): GitHub will refuse the requests made after it. Give a token ` +
        'that lasts the night, or the GitHub App itself, whose tokens are minted again as they end.',
    );
  };
  return {
    verify: async (signal) => {
      try {
        // GET /rate_limit is free of the budget and answers any valid token.
        const request = await options.request();
        const answer = await request('GET /rate_limit', {
          headers: { authorization: `token ${options.token}` },
          request: { signal },
        });
        observe(answer.headers);
        return 'the GitHub token';
      } catch (error) {
        if (error instanceof RequestError && error.status === 401) {
          throw new GitHubCredentialsError(
            `GitHub refused the GitHub token (401 on GET /rate_limit: ${refusalMessageOf(error)}): it is wrong, revoked or expired.`,
          );
        }
        throw asGitHubError('GET /rate_limit', error);
      }
    },
    authorise: () => Promise.resolve({ budget: TOKEN_BUDGET, token: options.token }),
    renew: () => Promise.resolve(undefined),
    observe,
  };
}
