import { repositoryPath, requireRepository, type Handler } from '../request-context.ts';
import { userJson } from '../users.ts';

/**
 * A repository (`GET /repos/{owner}/{repo}`), as GitHub's full-repository shape has it: the action reads its
 * `default_branch` (seeded, `main` by default) when the event's payload names none, as a schedule's does not.
 */

/** The `*_url` fields GitHub gives every repository, each a template under the repository's API address. */
const TEMPLATE_URLS: Readonly<Record<string, string>> = {
  archive_url: '/{archive_format}{/ref}',
  assignees_url: '/assignees{/user}',
  blobs_url: '/git/blobs{/sha}',
  branches_url: '/branches{/branch}',
  collaborators_url: '/collaborators{/collaborator}',
  comments_url: '/comments{/number}',
  commits_url: '/commits{/sha}',
  compare_url: '/compare/{base}...{head}',
  contents_url: '/contents/{+path}',
  contributors_url: '/contributors',
  deployments_url: '/deployments',
  downloads_url: '/downloads',
  events_url: '/events',
  forks_url: '/forks',
  git_commits_url: '/git/commits{/sha}',
  git_refs_url: '/git/refs{/sha}',
  git_tags_url: '/git/tags{/sha}',
  hooks_url: '/hooks',
  issue_comment_url: '/issues/comments{/number}',
  issue_events_url: '/issues/events{/number}',
  issues_url: '/issues{/number}',
  keys_url: '/keys{/key_id}',
  labels_url: '/labels{/name}',
  languages_url: '/languages',
  merges_url: '/merges',
  milestones_url: '/milestones{/number}',
  notifications_url: '/notifications{?since,all,participating}',
  pulls_url: '/pulls{/number}',
  releases_url: '/releases{/id}',
  stargazers_url: '/stargazers',
  statuses_url: '/statuses/{sha}',
  subscribers_url: '/subscribers',
  subscription_url: '/subscription',
  tags_url: '/tags',
  teams_url: '/teams',
  trees_url: '/git/trees{/sha}',
};

export const getRepository: Handler = (context) => {
  const repository = requireRepository(context);
  const { apiUrl, serverUrl } = context.links;
  const api = `${apiUrl}${repositoryPath(repository)}`;
  const html = `${serverUrl}/${repository.owner}/${repository.name}`;
  const host = new URL(serverUrl).host;
  const at = context.store.now();
  return {
    status: 200,
    body: {
      id: repository.id,
      node_id: `R_kgDO${Buffer.from(String(repository.id)).toString('base64url')}`,
      name: repository.name,
      full_name: `${repository.owner}/${repository.name}`,
      owner: userJson(repository.owner, serverUrl, apiUrl),
      private: false,
      html_url: html,
      description: null,
      fork: false,
      url: api,
      ...Object.fromEntries(Object.entries(TEMPLATE_URLS).map(([field, tail]) => [field, `${api}${tail}`])),
      git_url: `git://${host}/${repository.owner}/${repository.name}.git`,
      ssh_url: `git@${host}:${repository.owner}/${repository.name}.git`,
      clone_url: `${html}.git`,
      svn_url: html,
      mirror_url: null,
      homepage: null,
      language: null,
      forks: 0,
      forks_count: 0,
      stargazers_count: 0,
      watchers: 0,
      watchers_count: 0,
      network_count: 0,
      subscribers_count: 0,
      size: 0,
      default_branch: repository.defaultBranch,
      open_issues: repository.pulls.size,
      open_issues_count: repository.pulls.size,
      has_issues: true,
      has_projects: true,
      has_wiki: true,
      has_pages: false,
      has_discussions: false,
      archived: false,
      disabled: false,
      license: null,
      pushed_at: at,
      created_at: at,
      updated_at: at,
    },
  };
};
