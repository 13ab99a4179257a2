import type { GitHubClient } from '../github/github-client.ts';
import type { GitHubEnvironment } from '../github/github-environment.ts';
import type { TokenAccount } from '../github/token-account.ts';

/** GitHub as the reporters reach it: the client, the account its token acts as, and where the workflow runs. */
export interface GitHubSide {
  client: GitHubClient;
  account: TokenAccount;
  environment: GitHubEnvironment & { owner: string; repo: string; sha: string };
}
