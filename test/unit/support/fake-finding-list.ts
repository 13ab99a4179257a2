import type { FindingLister } from '../../../src/run/finding-stream.ts';
import type { Finding, ListFindingsParams, Page } from '../../../src/client/types.ts';
import { countedSeverity } from '../../../src/domain/finding-tally.ts';

/**
 * The service's findings list for one scan, in memory: GET /findings with scan_id, severity, offset and limit,
 * the limit clamped as a service may, each answer after a turn of the event loop. Records the requests and
 * how many were in flight at once.
 */
export class FakeFindingList implements FindingLister {
  readonly requests: ListFindingsParams[] = [];
  maxInFlight = 0;
  #inFlight = 0;
  readonly #findings: readonly Finding[];
  readonly #maxLimit: number;
  /** Changes a page before it is answered (faults). */
  readonly #alter: (page: Page<Finding>, params: ListFindingsParams) => Page<Finding>;

  constructor(
    findings: readonly Finding[],
    options: {
      maxLimit?: number;
      alter?: (page: Page<Finding>, params: ListFindingsParams) => Page<Finding>;
    } = {},
  ) {
    this.#findings = findings;
    this.#maxLimit = options.maxLimit ?? 200;
    this.#alter = options.alter ?? ((page) => page);
  }

  async listFindings(
    params: ListFindingsParams = {},
    options?: { signal?: AbortSignal },
  ): Promise<Page<Finding>> {
    this.requests.push(params);
    this.#inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.#inFlight);
    try {
      await new Promise((resolve) => setTimeout(resolve, 1));
      options?.signal?.throwIfAborted();
      const matching = this.#findings.filter(
        (finding) => params.severity === undefined || countedSeverity(finding.severity) === params.severity,
      );
      const limit = Math.min(params.limit ?? 20, this.#maxLimit);
      const offset = params.offset ?? 0;
      const page = { items: matching.slice(offset, offset + limit), total: matching.length, limit, offset };
      return this.#alter(page, params);
    } finally {
      this.#inFlight -= 1;
    }
  }
}

/** Every finding a stream hands on, in its order. */
export async function collect(stream: AsyncIterable<Finding>): Promise<Finding[]> {
  const all: Finding[] = [];
  for await (const finding of stream) all.push(finding);
  return all;
}
