import type { GitHubClient } from './github-client.ts';

/**
 * The account the token acts as, so that the action writes only on what that account wrote: its comment, its
 * review threads, its code scanning dismissals. An account is told by its numeric id, never by its login: a
 * person may hold the login `github-actions` or an App's slug, which GraphQL names a bot's comments by, while no
 * two accounts share an id. GraphQL's `viewer { databaseId }` gives the token's own id (`viewer` is "the currently
 * authenticated user"; `databaseId` is "the primary key from the database", the `id` REST gives the same account
 * as `user.id`); SECURITY.md says what GitHub documents of it and what it does not.
 */

export const VIEWER_QUERY = `query Viewer {
  viewer { login databaseId }
}`;

/** `login` is only for the log: ownership is `id`. */
export type TokenIdentity = { known: true; id: number; login: string } | { known: false; reason: string };

/**
 * The workflow token's account on github.com, GitHub Actions' bot: `GET /users/github-actions[bot]` answers this
 * id. On GitHub Enterprise Server the same bot has the id that server gave it, not known in advance.
 */
const GITHUB_COM_WORKFLOW_ACCOUNT: TokenIdentity = {
  known: true,
  id: 41898282,
  login: 'github-actions[bot]',
};
const GITHUB_COM = 'https://github.com';

/** What is known of the token before GitHub is asked: whether it is the workflow's own, and on which GitHub. */
export interface TokenOrigin {
  isWorkflowToken: boolean;
  /** GITHUB_SERVER_URL: `https://github.com`, or the Enterprise Server's address. */
  serverUrl: string;
}

/** Read once per run, on first use, and shared by every part that asks. */
export class TokenAccount {
  readonly #client: GitHubClient;
  readonly #origin: TokenOrigin;
  #reading: Promise<TokenIdentity> | undefined;

  constructor(client: GitHubClient, origin: TokenOrigin) {
    this.#client = client;
    this.#origin = origin;
  }

  identity(): Promise<TokenIdentity> {
    this.#reading ??= readViewer(this.#client).then((identity) =>
      identity.known ? identity : withoutViewer(this.#origin, identity.reason),
    );
    return this.#reading;
  }
}

/**
 * The account when `viewer` named none: the workflow token's on github.com, else unknown, with why. No id is
 * guessed for another token: an App's bot id is the App's own, and a guess could be a person's.
 */
function withoutViewer(origin: TokenOrigin, reason: string): TokenIdentity {
  const unnamed = `GitHub did not name the token's account (${reason})`;
  if (!origin.isWorkflowToken) return { known: false, reason: unnamed };
  if (origin.serverUrl.replace(/\/+$/, '').toLowerCase() === GITHUB_COM) return GITHUB_COM_WORKFLOW_ACCOUNT;
  return {
    known: false,
    reason: `${unnamed}, and the workflow token's account id is known in advance only on github.com, not on ${origin.serverUrl}`,
  };
}

/**
 * Whether the account with this id (REST's `user.id`, GraphQL's `databaseId`) is the token's. Unknown, nothing
 * is: the action then leaves everything it cannot tell apart as it is (fail closed).
 */
export function isTokenAccount(identity: TokenIdentity, accountId: number | null | undefined): boolean {
  return identity.known && typeof accountId === 'number' && accountId === identity.id;
}

async function readViewer(client: GitHubClient): Promise<TokenIdentity> {
  try {
    const data = await client.graphql<{ viewer?: { login?: unknown; databaseId?: unknown } | null }>(
      VIEWER_QUERY,
      {},
    );
    const id = accountIdOf(data.viewer?.databaseId);
    const login = data.viewer?.login;
    return id !== undefined
      ? { known: true, id, login: typeof login === 'string' ? login : `account ${id}` }
      : { known: false, reason: 'GitHub named no account id for the token' };
  } catch (error) {
    return { known: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/** An account's id as GitHub gives it (REST `user.id`, GraphQL `databaseId`): a positive integer, else none. */
export function accountIdOf(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0 ? value : undefined;
}
