import type { Emulator } from '../emulator/index.ts';
import { ServiceClient } from '../src/client/index.ts';
import { sequentialLowerBound } from './lower-bound.ts';
import type { RequestLog } from './request-log.ts';
import type { BaselineRun } from './results.ts';

/**
 * What the spec's clients do with a scan's findings: page through GET /findings?scan_id=... one page after
 * another, 50 at a time (the spec's page size for the findings of one scan), and nothing else. The scan has
 * completed already, so the time is the walk alone, in this process, over a fresh connection pool.
 */

const BASELINE_PAGE_SIZE = 50;

export interface BaselineInput {
  emulator: Emulator;
  log: RequestLog;
  scanId: string;
  latencyMs: number;
}

export async function measureBaseline(input: BaselineInput): Promise<BaselineRun> {
  const { emulator, log } = input;
  const client = new ServiceClient({ apiKey: emulator.apiKey, baseUrl: emulator.baseUrl });
  log.clear();
  let findings = 0;
  let ms: number;
  try {
    const started = performance.now();
    for await (const _finding of client.iterateFindings(
      { scan_id: input.scanId },
      { limit: BASELINE_PAGE_SIZE, concurrency: 1 },
    )) {
      findings++;
    }
    ms = performance.now() - started;
  } finally {
    await client.close();
  }
  return {
    findings,
    ms,
    requests: log.requests.length,
    bytesReceived: log.bytesSent(),
    lowerBound: sequentialLowerBound(findings, BASELINE_PAGE_SIZE, input.latencyMs),
  };
}
