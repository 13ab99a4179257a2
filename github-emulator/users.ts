/**
 * Users as GitHub renders them (`simple-user`), made up from a login. The token's own user is the Actions bot,
 * as for a workflow's `GITHUB_TOKEN`. Each account has its own numeric id, as on GitHub (REST's `id`, GraphQL's
 * `databaseId`): a bot `<slug>[bot]` and a person whose login is `<slug>` are two accounts with two ids.
 */

export const TOKEN_USER = 'github-actions[bot]';
const KNOWN_IDS: Readonly<Record<string, number>> = {
  [TOKEN_USER]: 41898282,
  octocat: 583231,
  hubot: 480938,
};

/** The account's id: REST's `user.id`, GraphQL's `databaseId`. */
export function accountId(login: string): number {
  return KNOWN_IDS[login] ?? idOf(login);
}

export function userJson(login: string, serverUrl: string, apiUrl: string): Record<string, unknown> {
  const id = accountId(login);
  const bot = login.endsWith('[bot]');
  const api = `${apiUrl}/users/${encodeURIComponent(login)}`;
  return {
    login,
    id,
    node_id: `${bot ? 'BOT' : 'U'}_kgDO${Buffer.from(String(id)).toString('base64url')}`,
    avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
    gravatar_id: '',
    url: api,
    html_url: bot ? `${serverUrl}/apps/${login.slice(0, -5)}` : `${serverUrl}/${login}`,
    followers_url: `${api}/followers`,
    following_url: `${api}/following{/other_user}`,
    gists_url: `${api}/gists{/gist_id}`,
    starred_url: `${api}/starred{/owner}{/repo}`,
    subscriptions_url: `${api}/subscriptions`,
    organizations_url: `${api}/orgs`,
    repos_url: `${api}/repos`,
    events_url: `${api}/events{/privacy}`,
    received_events_url: `${api}/received_events`,
    type: bot ? 'Bot' : 'User',
    user_view_type: 'public',
    site_admin: false,
  };
}

/** A stable id per login, so a seeded user keeps its id across restarts. */
function idOf(login: string): number {
  let hash = 2166136261;
  for (const char of login) hash = Math.imul(hash ^ (char.codePointAt(0) ?? 0), 16777619) >>> 0;
  return 1_000_000 + (hash % 90_000_000);
}
