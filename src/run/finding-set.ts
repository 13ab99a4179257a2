import type { RequestOptions } from '../client/index.ts';
import type { Finding, ListFindingsParams, Page } from '../client/types.ts';
import type { FindingLister } from './finding-stream.ts';
import { SpillFile, type Spilled } from './spill-file.ts';

/**
 * How many findings the set keeps in memory; the pages past it go to a temporary file, so that the memory a
 * huge scan takes stays flat (a finding is about 1 to 2 KB as the service sends it).
 */
const FINDINGS_KEPT_IN_MEMORY = 10_000;

interface KeptPage {
  /** The limit asked for: the page serves any request for as many or fewer from the same offset. */
  asked: number;
  /** In memory, or where it lies in the spill file. */
  page: Page<Finding> | Spilled;
}

export interface FindingSetOptions {
  /** Findings kept in memory before pages spill to a file. Default: FINDINGS_KEPT_IN_MEMORY. */
  memoryBound?: number;
  spill?: SpillFile;
}

/**
 * The scan's findings as the run read them, page by page: every page the run reads passes through here, and when
 * the run's read plan says a consumer reads every finding afterwards (the SARIF run, the fixed findings'
 * threads), each filtered page is kept for as many readers as ask for it, in memory up to a bound and in a
 * temporary file past it; nothing is dropped on read, so no page is asked of the service twice. A page the run
 * never read is asked for once, then kept too. `close` removes the file, once every reader is done.
 */
export class FindingSet implements FindingLister {
  readonly #client: FindingLister;
  readonly #keep: boolean;
  readonly #pages = new Map<string, KeptPage>();
  readonly #memoryBound: number;
  readonly #spill: SpillFile;
  #inMemory = 0;

  constructor(client: FindingLister, keep: boolean, options: FindingSetOptions = {}) {
    this.#client = client;
    this.#keep = keep;
    this.#memoryBound = options.memoryBound ?? FINDINGS_KEPT_IN_MEMORY;
    this.#spill = options.spill ?? new SpillFile();
  }

  async listFindings(params: ListFindingsParams = {}, options?: RequestOptions): Promise<Page<Finding>> {
    const key = keyOf(params);
    const kept = key === undefined ? undefined : this.#pages.get(key);
    if (kept !== undefined && params.limit !== undefined && kept.asked >= params.limit) {
      const page = await this.#pageOf(kept);
      return { ...page, items: page.items.slice(0, params.limit) };
    }
    const page = await this.#client.listFindings(params, options);
    if (key !== undefined && params.limit !== undefined && this.#keep)
      this.#pages.set(key, { asked: params.limit, page: await this.#placed(page) });
    return page;
  }

  /** Removes the spill file, when there is one: the run calls it once its reporters are done. */
  close(): Promise<void> {
    return this.#spill.close();
  }

  /** In memory while the bound allows; past it, in the spill file. */
  async #placed(page: Page<Finding>): Promise<Page<Finding> | Spilled> {
    if (this.#inMemory + page.items.length <= this.#memoryBound) {
      this.#inMemory += page.items.length;
      return page;
    }
    return this.#spill.write(page);
  }

  async #pageOf(kept: KeptPage): Promise<Page<Finding>> {
    if ('items' in kept.page) return kept.page;
    return (await this.#spill.read(kept.page)) as Page<Finding>;
  }
}

/**
 * A page of one scan's list, of one severity or of every severity (a small scan's unfiltered list), is known by
 * where it starts; a query of no one scan is never kept.
 */
function keyOf(params: ListFindingsParams): string | undefined {
  if (params.scan_id === undefined) return undefined;
  return `${params.scan_id}\n${params.severity ?? '*'}\n${params.offset ?? 0}`;
}
