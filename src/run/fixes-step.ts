import type { ServiceClient } from '../client/index.ts';
import type { ReportedFix, ReportedResults } from '../domain/run-report.ts';
import { isAtOrAbove } from '../domain/severity.ts';

export interface FixesRequest {
  scanId: string;
  results: Pick<ReportedResults, 'findings' | 'comparison' | 'failOn'>;
  /** The AI analysis ran to the end: its patches stand in for a finding without a fix of its own. */
  aiSucceeded: boolean;
  /** Most fixes read (the reporters' need). */
  max: number;
  signal: AbortSignal;
}

/**
 * The fixes of the findings the gate fails on (under the new-findings gate, the new ones), most severe first, up
 * to `max`: each finding's own fix from its detail, else the AI analysis's patch. Read after the verdict, with
 * the verdict's fail-on; a detail or the patches that cannot be read give no fix, never a failure.
 */
export async function readFixes(client: ServiceClient, request: FixesRequest): Promise<ReportedFix[]> {
  const { results, signal } = request;
  const failOn = results.failOn;
  if (failOn === 'none' || request.max === 0) return [];
  const failing = (results.comparison ? results.comparison.newFindings : results.findings)
    .filter((finding) => finding.id !== '' && isAtOrAbove(finding.severity, failOn))
    .slice(0, request.max);
  let patches: Map<string, string> | undefined;
  const fixes: ReportedFix[] = [];
  for (const finding of failing) {
    const detail = await client.getFinding(finding.id, { signal }).catch(() => undefined);
    let diff = detail?.fix?.unified_diff ?? undefined;
    if (!diff && request.aiSucceeded) {
      patches ??= await aiPatches(client, request.scanId, signal);
      diff = patches.get(finding.id);
    }
    if (diff) fixes.push({ findingId: finding.id, diff });
  }
  return fixes;
}

/**
 * The AI analysis's patches by finding id. The spec gives no shape; the service sends
 * `{patches: [{finding_id, unified_diff}]}`, and anything else yields no patch.
 */
async function aiPatches(
  client: ServiceClient,
  scanId: string,
  signal: AbortSignal,
): Promise<Map<string, string>> {
  const patches = new Map<string, string>();
  const answer = await client.getAiPatches(scanId, { signal }).catch(() => undefined);
  const list = answer?.patches;
  if (!Array.isArray(list)) return patches;
  for (const entry of list as unknown[]) {
    if (entry === null || typeof entry !== 'object') continue;
    const { finding_id: id, unified_diff: diff } = entry as { finding_id?: unknown; unified_diff?: unknown };
    if (typeof id === 'string' && typeof diff === 'string' && !patches.has(id)) patches.set(id, diff);
  }
  return patches;
}
