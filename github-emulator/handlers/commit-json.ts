import { createHash } from 'node:crypto';
import { nodeId, repositoryPath, type Links } from '../request-context.ts';
import type { Repository } from '../store.ts';

/** A commit as the commits and compare APIs show it; the emulator keeps no history, so its author is made up. */
export function commitJson(
  repository: Repository,
  sha: string,
  parents: readonly string[],
  links: Links,
): Record<string, unknown> {
  const repoApi = `${links.apiUrl}${repositoryPath(repository)}`;
  const repoWeb = `${links.serverUrl}/${repository.owner}/${repository.name}`;
  const person = {
    name: 'Octo Cat',
    email: 'octocat@users.noreply.github.com',
    date: '2026-01-05T08:00:00Z',
  };
  const tree = createHash('sha1').update(`tree:${sha}`).digest('hex');
  return {
    url: `${repoApi}/commits/${sha}`,
    sha,
    node_id: nodeId('C', sha),
    html_url: `${repoWeb}/commit/${sha}`,
    comments_url: `${repoApi}/commits/${sha}/comments`,
    commit: {
      url: `${repoApi}/git/commits/${sha}`,
      author: person,
      committer: person,
      message: `Commit ${sha.slice(0, 7)}`,
      comment_count: 0,
      tree: { sha: tree, url: `${repoApi}/git/trees/${tree}` },
    },
    author: null,
    committer: null,
    parents: parents.map((parent) => ({
      sha: parent,
      url: `${repoApi}/commits/${parent}`,
      html_url: `${repoWeb}/commit/${parent}`,
    })),
  };
}
