import type { GitHubClient } from '../../github/github-client.ts';
import type { GitHubEnvironment } from '../../github/github-environment.ts';

/** GitHub as the reporters reach it: the client, and where the workflow runs. */
export interface GitHubSide {
  client: GitHubClient;
  environment: GitHubEnvironment & { owner: string; repo: string; sha: string };
}
