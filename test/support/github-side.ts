import { DEFAULT_SEED, type GitHubSeed } from '../../github-emulator/index.ts';

/**
 * A GitHub emulator seed with one pull request on `repository`, shaped like the default seed's (files with
 * patches, and two comments by other people that the action must leave alone).
 */
export function seedWithPullRequest(repository: string, number: number, headSha: string): GitHubSeed {
  const template = DEFAULT_SEED.repositories[0]?.pulls?.[0];
  if (!template) throw new Error('the default seed has no pull request');
  return {
    repositories: [
      {
        full_name: repository,
        pulls: [{ ...template, number, head: { ...template.head, sha: headSha } }],
      },
    ],
  };
}
