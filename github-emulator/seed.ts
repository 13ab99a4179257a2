import type { SeedApp, SeedUserToken } from './apps/app-seed.ts';

/**
 * The starting state, in GitHub's snake_case: repositories with pull requests (their files and patches, the
 * merge base), and comments and review comments that other people wrote. `DEFAULT_SEED` is what the emulator
 * starts with when given none.
 */

export interface GitHubSeed {
  readonly repositories: readonly SeedRepository[];
  /** GitHub Apps with their installations (see apps/app-seed.ts). */
  readonly apps?: readonly SeedApp[];
  /** People's tokens beside the built-in USER_TOKEN; one with `expires_at` stops working then. */
  readonly user_tokens?: readonly SeedUserToken[];
}

export interface SeedRepository {
  /** `owner/name` */
  readonly full_name: string;
  /** The default branch (`main` when left out): code scanning lists its alerts when no ref is named. */
  readonly default_branch?: string;
  readonly pulls?: readonly SeedPull[];
  /** The repository's files at each commit (a SHA, or a pull request's branch): `{ sha: { path: text } }`. */
  readonly files?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /** Symbolic links at each commit: `{ sha: { path: target } }` (the target as git stores it). */
  readonly symlinks?: Readonly<Record<string, Readonly<Record<string, string>>>>;
  /**
   * Branches and their head commits: `{ main: sha }`. The default branch's head is its entry, else the first
   * commit of `files`, else a SHA made from the repository's name.
   */
  readonly branches?: Readonly<Record<string, string>>;
}

export interface SeedPull {
  readonly number: number;
  readonly title?: string;
  /** Login of the author (default `octocat`). */
  readonly user?: string;
  readonly base: { readonly ref: string; readonly sha: string };
  readonly head: { readonly ref: string; readonly sha: string };
  /** What the compare API gives as `merge_base_commit` for base...head (default: the base SHA). */
  readonly merge_base_sha?: string;
  readonly files?: readonly SeedFile[];
  /** Conversation comments (issue comments) already on the pull request. */
  readonly comments?: readonly SeedComment[];
  readonly review_comments?: readonly SeedReviewComment[];
}

export interface SeedFile {
  readonly filename: string;
  readonly status?: 'added' | 'removed' | 'modified' | 'renamed' | 'copied' | 'changed' | 'unchanged';
  /** Absent for binary or very large files, as on GitHub. */
  readonly patch?: string;
  readonly previous_filename?: string;
}

interface SeedComment {
  readonly user: string;
  readonly body: string;
  readonly created_at?: string;
}

interface SeedReviewComment extends SeedComment {
  readonly path: string;
  readonly line: number;
  readonly side?: 'LEFT' | 'RIGHT';
  readonly start_line?: number;
}

export const DEFAULT_REPOSITORY = 'octo-org/webapp';

export const DEFAULT_SEED: GitHubSeed = {
  repositories: [
    {
      full_name: DEFAULT_REPOSITORY,
      pulls: [
        {
          number: 7,
          title: 'Add the session login endpoint',
          user: 'octocat',
          base: { ref: 'main', sha: 'b4a5e6d7c8b9a0f1e2d3c4b5a6978877665544aa' },
          head: { ref: 'feature/login', sha: '1f2e3d4c5b6a79880716253443526170f9e8d7c6' },
          merge_base_sha: '9a8b7c6d5e4f30211203948576a5b4c3d2e1f0ab',
          files: [
            {
              filename: 'src/auth/login.ts',
              status: 'modified',
              patch:
                '@@ -10,6 +10,8 @@ export async function login(request: Request) {\n' +
                '   const { user, password } = await request.json();\n' +
                '-  const row = await db.query(`SELECT * FROM users WHERE name = ${user}`);\n' +
                "+  const row = await db.query('SELECT * FROM users WHERE name = $1', [user]);\n" +
                '+  if (!row) return unauthorized();\n' +
                '   const ok = await verify(password, row.hash);\n' +
                "+  log.info('login', { user });\n" +
                '   if (!ok) return unauthorized();\n' +
                '   return session(row);\n' +
                ' }',
            },
            {
              filename: 'src/config/secrets.ts',
              status: 'added',
              patch:
                '@@ -0,0 +1,3 @@\n' +
                "+export const API_TOKEN = 'sk_live_0123456789abcdef';\n" +
                "+export const REGION = 'eu-west-1';\n" +
                '+export const TIMEOUT_MS = 5000;',
            },
            {
              filename: 'src/util/crypto.ts',
              status: 'renamed',
              previous_filename: 'src/crypto.ts',
            },
          ],
          comments: [
            { user: 'hubot', body: 'Deploy preview ready.', created_at: '2026-01-05T09:00:00Z' },
            { user: 'monalisa', body: 'Looks good once CI is green.', created_at: '2026-01-05T09:30:00Z' },
          ],
          review_comments: [
            {
              user: 'monalisa',
              path: 'src/auth/login.ts',
              line: 13,
              body: 'Why check the row here?',
              created_at: '2026-01-05T10:00:00Z',
            },
          ],
        },
      ],
    },
  ],
};
