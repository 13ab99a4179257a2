import type { Repository } from '../../client/index.ts';
import type { CommandContext } from '../command-context.ts';
import { jsonText, renderTable } from '../terminal-text.ts';
import { Option, type Command } from 'commander';
import type { SvcCommand } from './command.ts';

const REPOS_FORMATS = ['table', 'json', 'matrix'] as const;
type ReposFormat = (typeof REPOS_FORMATS)[number];

/** GitHub Actions refuses a matrix of more than 256 jobs. */
const GITHUB_MATRIX_MAX_JOBS = 256;

interface ReposListOptions {
  projectId?: string | undefined;
  format?: ReposFormat | undefined;
}

/** Every repository of the organization (all pages), optionally of one project. */
async function reposList(context: CommandContext, options: ReposListOptions): Promise<void> {
  const format = options.format ?? (context.globals.json ? 'json' : 'table');
  const repositories: Repository[] = [];
  const params = options.projectId ? { project_id: options.projectId } : {};
  for await (const repository of context.client().iterateRepositories(params, { signal: context.signal })) {
    repositories.push(repository);
  }
  switch (format) {
    case 'json':
      context.out.write(jsonText(repositories));
      return;
    case 'matrix':
      context.out.write(jsonText(matrixOf(repositories), false));
      if (repositories.length > GITHUB_MATRIX_MAX_JOBS) {
        context.err.line(
          `warning: ${repositories.length} repositories: a GitHub Actions matrix runs at most ` +
            `${GITHUB_MATRIX_MAX_JOBS} jobs. Split the list with --project-id.`,
        );
      }
      return;
    case 'table':
      context.out.write(
        renderTable(
          ['REPOSITORY', 'ID', 'DEFAULT BRANCH', 'PROJECT'],
          repositories.map((r) => [r.full_name, r.id, r.default_branch, r.project_id ?? '']),
        ),
      );
  }
}

/** The `include` form of a matrix: one job per repository, each with `matrix.repository` set. */
export function matrixOf(repositories: readonly Repository[]): { include: { repository: string }[] } {
  return { include: repositories.map((repository) => ({ repository: repository.full_name })) };
}

export const addReposCommand: SvcCommand = (program, io) => {
  program
    .command('repos')
    .description('the repositories connected to the service')
    .command('list')
    .description('list the repositories; --format matrix prints a GitHub Actions matrix')
    .option('--project-id <id>', 'only the repositories of this project')
    .addOption(
      new Option(
        '--format <format>',
        'table, json, or matrix: {"include":[{"repository":"owner/name"},…]}',
      ).choices(REPOS_FORMATS),
    )
    .action((options: ReposListOptions, command: Command) =>
      io.invoke(command, (c) => reposList(c, options)),
    );
};
