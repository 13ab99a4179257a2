import { sameAccount } from '../domain/identity/account-login.ts';
import type { GitHubClient } from './github-client.ts';

/**
 * The account the token acts as, so that the action writes only on what that account wrote: its comment, its
 * review threads, its code scanning dismissals. GraphQL's `viewer` names it for any token: `github-actions[bot]`
 * for the workflow's token, `<slug>[bot]` for an App's installation token, the person for a person's token.
 */

export const VIEWER_QUERY = `query Viewer {
  viewer { login }
}`;

export type TokenIdentity = { known: true; login: string } | { known: false; reason: string };

/** The workflow's token acts as this account: GitHub Actions' own App. */
const WORKFLOW_TOKEN_ACCOUNT = 'github-actions[bot]';

/** Read once per run, on first use, and shared by every part that asks. */
export class TokenAccount {
  readonly #client: GitHubClient;
  readonly #isWorkflowToken: boolean;
  #reading: Promise<TokenIdentity> | undefined;

  /** `isWorkflowToken`: the token is the workflow's own, so its account is known when `viewer` cannot be read. */
  constructor(client: GitHubClient, isWorkflowToken = false) {
    this.#client = client;
    this.#isWorkflowToken = isWorkflowToken;
  }

  identity(): Promise<TokenIdentity> {
    this.#reading ??= readViewer(this.#client).then((identity) =>
      !identity.known && this.#isWorkflowToken ? { known: true, login: WORKFLOW_TOKEN_ACCOUNT } : identity,
    );
    return this.#reading;
  }
}

/**
 * Whether the account named `login` is the token's. Unknown, nothing is: the action then leaves everything it
 * cannot tell apart as it is (fail closed).
 */
export function isTokenAccount(identity: TokenIdentity, login: string | null | undefined): boolean {
  return identity.known && sameAccount(identity.login, login);
}

async function readViewer(client: GitHubClient): Promise<TokenIdentity> {
  try {
    const data = await client.graphql<{ viewer?: { login?: unknown } | null }>(VIEWER_QUERY, {});
    const login = data.viewer?.login;
    return typeof login === 'string' && login !== ''
      ? { known: true, login }
      : { known: false, reason: 'GitHub named no account for the token' };
  } catch (error) {
    return { known: false, reason: error instanceof Error ? error.message : String(error) };
  }
}
