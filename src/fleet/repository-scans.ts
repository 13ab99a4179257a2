import { paginate, type ServiceClient } from '../client/index.ts';
import type { Scan } from '../client/types.ts';

/**
 * Page size of the lookups of a repository's scans. Every page is read: the spec gives `GET /scans` no order, so
 * a scan may be listed on any page, and a first page alone could hide one.
 */
const LOOKUP_PAGE_SIZE = 100;

/** Every scan the service lists under `GET /scans?repository_id=`, all pages read. */
export async function scansOfRepository(
  client: Pick<ServiceClient, 'listScans'>,
  repositoryId: string,
  signal: AbortSignal | undefined,
): Promise<Scan[]> {
  const scans: Scan[] = [];
  const pages = paginate(
    (offset, limit, pageSignal) =>
      client.listScans({ repository_id: repositoryId, limit, offset }, { signal: pageSignal }),
    { limit: LOOKUP_PAGE_SIZE, signal },
  );
  for await (const scan of pages) scans.push(scan);
  return scans;
}
