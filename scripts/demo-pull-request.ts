import type { GitHubSeed } from '../github-emulator/index.ts';

/**
 * The demo's pull request, octo-org/webapp#42, as GitHub's files list shows it. Its patches agree with the demo
 * scenario's findings (emulator/scenarios/demo.json): the head commit adds a user search with a SQL injection
 * and a cross-site scripting, and an e-mail settings route without CSRF protection; it moves the SHA-1 password
 * hashing 6 lines down and fixes the session cookie. The scan of the merge base is the nightly one.
 */

export const DEMO_REPOSITORY = 'octo-org/webapp';
export const DEMO_PULL_REQUEST = 42;
export const DEMO_HEAD_SHA = '3f9c2e1b7a4d5c6e8f0a1b2c3d4e5f60718293a4';
/** The tip of main today: main moved on since the branch was made. */
export const DEMO_BASE_SHA = '5d2a9c7e1b4f8a3d6c0e9b2f5a8d1c4e7b0a3f6d';
/** Where the branch left main; the nightly scan of yesterday is of this commit. */
export const DEMO_MERGE_BASE_SHA = '8e1d4b7a2c9f06e3d5b8a1f4c7e2d9b6a3f0c5e8';

const patch = (...lines: string[]): string => lines.join('\n');

/**
 * The repository's policy, the same on both sides of the pull request: one suppression that covers a finding (a
 * documented example key in the deployment guide, with its reason) and one that covers nothing any more (listed as unused).
 */
export const DEMO_POLICY = [
  'version: 1',
  'fail-on: high',
  'ignore:',
  '  - cwe: CWE-798',
  "    paths: ['docs/**']",
  "    reason: The deployment guide shows AWS's documented example key, not a credential",
  '    expires: 2027-06-30',
  '  - cwe: CWE-95',
  "    paths: ['src/server/templates/**']",
  "    reason: 'eval in the old template engine, removed in #38'",
  '',
].join('\n');

export const DEMO_SEED: GitHubSeed = {
  repositories: [
    {
      full_name: DEMO_REPOSITORY,
      files: {
        [DEMO_BASE_SHA]: { '.github/svc-scan.yml': DEMO_POLICY },
        [DEMO_HEAD_SHA]: { '.github/svc-scan.yml': DEMO_POLICY },
      },
      pulls: [
        {
          number: DEMO_PULL_REQUEST,
          title: 'Add user search and e-mail settings',
          user: 'octocat',
          base: { ref: 'main', sha: DEMO_BASE_SHA },
          head: { ref: 'feature/user-search', sha: DEMO_HEAD_SHA },
          merge_base_sha: DEMO_MERGE_BASE_SHA,
          files: [
            {
              filename: 'src/server/db/users.ts',
              status: 'modified',
              patch: patch(
                '@@ -52,6 +52,12 @@ export async function findUser(id: string): Promise<User | undefined> {',
                '   return rows[0];',
                ' }',
                ' ',
                '+export async function searchUsers(term: string): Promise<User[]> {',
                '+  const pool = await getPool();',
                "+  const sql = `SELECT id, login, email FROM users WHERE login LIKE '%${term}%'`;",
                '+  return pool.query(sql);',
                '+}',
                '+',
                ' export async function createUser(login: string, password: string): Promise<User> {',
                '   const pool = await getPool();',
                '   const hash = hashPassword(password);',
              ),
            },
            {
              filename: 'src/server/views/search.tsx',
              status: 'modified',
              patch: patch(
                '@@ -82,4 +82,13 @@ export function SearchPage({ query }: SearchPageProps) {',
                '   );',
                ' }',
                ' ',
                '+export function SearchResults({ query, items }: SearchResultsProps) {',
                '+  return (',
                '+    <section className="results">',
                '+      <h2 dangerouslySetInnerHTML={{ __html: `Results for ${query}` }} />',
                '+      <ResultList items={items} />',
                '+    </section>',
                '+  );',
                '+}',
                '+',
                ' export default SearchPage;',
              ),
            },
            {
              filename: 'src/server/routes/settings.ts',
              status: 'modified',
              patch: patch(
                '@@ -15,5 +15,11 @@ const router = Router();',
                " router.get('/settings', requireLogin, async (req, res) => {",
                "   res.render('settings', { user: req.user });",
                ' });',
                ' ',
                "+router.post('/settings/email', requireLogin, async (req, res) => {",
                '+  log.info(`e-mail change for ${req.user.login}: ${req.body.email}`);',
                '+  await updateEmail(req.user.id, req.body.email);',
                "+  res.redirect('/settings');",
                '+});',
                '+',
                ' export default router;',
              ),
            },
            {
              filename: 'src/server/session.ts',
              status: 'modified',
              patch: patch(
                '@@ -33,5 +33,5 @@ const store = new RedisStore({ client: redis });',
                ' export const sessionOptions: SessionOptions = {',
                "   name: 'octo.sid',",
                '-  cookie: { httpOnly: true, secure: true },',
                "+  cookie: { httpOnly: true, secure: true, sameSite: 'lax' },",
                '   resave: false,',
                '   saveUninitialized: false,',
              ),
            },
          ],
          comments: [
            { user: 'hubot', body: 'Deploy preview ready.', created_at: '2026-01-05T09:00:00Z' },
            { user: 'monalisa', body: 'Looks good once CI is green.', created_at: '2026-01-05T09:30:00Z' },
          ],
        },
      ],
    },
  ],
};
