import type { RequestOptions } from '../client/index.ts';
import type { Finding, ListFindingsParams, Page } from '../client/types.ts';
import type { FindingLister } from './finding-stream.ts';

interface KeptPage {
  /** The limit asked for: the page serves any request for as many or fewer from the same offset. */
  asked: number;
  page: Page<Finding>;
}

/**
 * The scan's findings as the run read them, page by page, in memory: every page the run reads passes through
 * here, and when the run's read plan says a consumer reads every finding afterwards (the SARIF run, the fixed
 * findings' threads), each filtered page is kept for as many readers as ask for it; nothing is dropped on read,
 * so no page is asked of the service twice. A page the run never read is asked for once, then kept too.
 */
export class FindingSet implements FindingLister {
  readonly #client: FindingLister;
  readonly #keep: boolean;
  readonly #pages = new Map<string, KeptPage>();

  constructor(client: FindingLister, keep: boolean) {
    this.#client = client;
    this.#keep = keep;
  }

  async listFindings(params: ListFindingsParams = {}, options?: RequestOptions): Promise<Page<Finding>> {
    const key = keyOf(params);
    const kept = key === undefined ? undefined : this.#pages.get(key);
    if (kept !== undefined && params.limit !== undefined && kept.asked >= params.limit)
      return { ...kept.page, items: kept.page.items.slice(0, params.limit) };
    const page = await this.#client.listFindings(params, options);
    if (key !== undefined && params.limit !== undefined && this.#keep)
      this.#pages.set(key, { asked: params.limit, page });
    return page;
  }
}

/** A page of one severity of one scan is known by where it starts; any other query is never kept. */
function keyOf(params: ListFindingsParams): string | undefined {
  if (params.scan_id === undefined || params.severity === undefined) return undefined;
  return `${params.scan_id}\n${params.severity}\n${params.offset ?? 0}`;
}
