import { notFound } from '../errors.ts';
import { containsIndex } from '../finding-index.ts';
import { readPaging } from '../paging.ts';
import { optionalEnumQuery, optionalQuery } from '../query-params.ts';
import { SEVERITIES, type FindingTemplate } from '../records.ts';
import { created, ok, type Handler, type RequestContext } from '../request-context.ts';
import { scanStateAt } from '../scan-progress.ts';
import { findingListItem, findingListItemJson } from '../finding-json.ts';
import { RawJson } from '../raw-json.ts';
import type { FindingRef } from '../store.ts';
import { requireScan } from './scans.ts';
import { remediationWire } from './remediations.ts';

/**
 * Findings exist once their scan has completed. A page is a slice of each scan's prebuilt index (all, or one
 * severity), and only the page is serialized, from cached text (finding-json.ts). Without scan_id, the
 * findings of every completed scan of the org are listed, newest scan first.
 */

const DEFAULT_LIMIT = 20;

export const listFindings: Handler = (context) => {
  const { query, now, faults } = context;
  const paging = readPaging(query, DEFAULT_LIMIT);
  const severity = optionalEnumQuery(query, 'severity', SEVERITIES);
  const scanId = optionalQuery(query, 'scan_id');
  const scans =
    scanId === undefined ? context.store.scans(context.principal.org.id) : [requireScan(context, scanId)];
  const sources = scans
    .filter((scan) => scanStateAt(scan, now).status === 'completed')
    .map((scan) => ({ scan, indexes: severity ? scan.findings.bySeverity[severity] : scan.findings.all }));
  const total = sources.reduce((sum, source) => sum + source.indexes.length, 0);
  const items: string[] = [];
  let skip = paging.offset;
  for (const { scan, indexes } of sources) {
    if (items.length >= paging.limit) break;
    if (skip >= indexes.length) {
      skip -= indexes.length;
      continue;
    }
    const end = Math.min(indexes.length, skip + paging.limit - items.length);
    for (let i = skip; i < end; i++) items.push(findingListItemJson(scan, indexes[i] as number));
    skip = 0;
  }
  const reported = Math.max(0, total + faults.totalDelta);
  const { limit, offset } = paging;
  return ok(
    new RawJson(`{"items":[${items.join(',')}],"total":${reported},"limit":${limit},"offset":${offset}}`),
  );
};

export const getFinding: Handler = (context) => {
  const { scan, index } = requireFinding(context, context.params.id);
  const template = scan.findings.templates[index] as FindingTemplate;
  return ok({
    ...findingListItem(scan, index),
    cvss_score: template.cvssScore,
    description: template.description,
    fix: template.fixDiff === null ? null : { unified_diff: template.fixDiff },
    repository_id: scan.repositoryId,
  });
};

export const remediateFinding: Handler = (context) => {
  const id = context.params.id ?? '';
  const job = context.store.createRemediation(context.principal, requireFinding(context, id), id);
  context.stats.event('remediations_created');
  return created(remediationWire(job, context.now));
};

function requireFinding(context: RequestContext, id: string | undefined): FindingRef {
  const ref = context.store.finding(context.principal.org.id, id ?? '');
  const visible =
    ref !== undefined &&
    scanStateAt(ref.scan, context.now).status === 'completed' &&
    containsIndex(ref.scan.findings, ref.index);
  if (!visible) throw notFound('finding', id ?? '');
  return ref;
}
