import { pageOf, readPaging } from '../paging.ts';
import { optionalQuery } from '../query-params.ts';
import type { RepositoryRecord } from '../records.ts';
import { ok, type Handler } from '../request-context.ts';

const DEFAULT_LIMIT = 100;

export const listRepositories: Handler = ({ principal, store, query, faults }) => {
  const paging = readPaging(query, DEFAULT_LIMIT);
  const repositories = store.repositories(principal.org.id, optionalQuery(query, 'project_id'));
  const page = pageOf(repositories, paging, faults.totalDelta);
  return ok({ ...page, items: page.items.map(repositoryWire) });
};

function repositoryWire(repository: RepositoryRecord): Record<string, unknown> {
  return {
    id: repository.id,
    full_name: repository.fullName,
    default_branch: repository.defaultBranch,
    project_id: repository.projectId,
  };
}
