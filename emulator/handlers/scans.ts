import { readBody } from '../body-reader.ts';
import { conflict, notFound, validation } from '../errors.ts';
import { severityBreakdown } from '../finding-index.ts';
import {
  FieldError,
  optionalBoolean,
  optionalString,
  optionalStringList,
  stringField,
} from '../json-fields.ts';
import { pageOf, readPaging } from '../paging.ts';
import { optionalQuery } from '../query-params.ts';
import { KNOWN_MODULES, type ScanRecord } from '../records.ts';
import { created, ok, type Handler, type RequestContext } from '../request-context.ts';
import { isTerminalScan, scanStateAt } from '../scan-progress.ts';

const DEFAULT_LIMIT = 20;

export const createScan: Handler = (context) => {
  const { principal, store, body } = context;
  const input = readBody(body, (obj) => {
    const modules = optionalStringList(obj, 'modules', '');
    const unknownModules = (modules ?? []).filter(
      (name) => !(KNOWN_MODULES as readonly string[]).includes(name),
    );
    if (unknownModules.length > 0) {
      throw new FieldError(
        'modules',
        `names of known modules (${KNOWN_MODULES.join(', ')}); unknown: ${unknownModules.join(', ')}`,
      );
    }
    const frameworks = optionalStringList(obj, 'frameworks', '') ?? [];
    const known = store.scenario.compliance.map((framework) => framework.id);
    const unknownFrameworks = frameworks.filter((id) => !known.includes(id));
    if (unknownFrameworks.length > 0) {
      throw new FieldError(
        'frameworks',
        `ids of known frameworks (${known.join(', ')}); unknown: ${unknownFrameworks.join(', ')}`,
      );
    }
    return {
      repositoryId: stringField(obj, 'repository_id', ''),
      ref: optionalString(obj, 'ref', '') ?? 'HEAD',
      // An empty list asks for nothing in particular: the repository's default modules.
      modules: modules && modules.length > 0 ? [...new Set(modules)] : undefined,
      frameworks: [...new Set(frameworks)],
      isIncremental: optionalBoolean(obj, 'is_incremental', '') ?? true,
    };
  });
  if (input.ref.trim() === '') throw validation('ref must not be blank');
  const repository = store.repository(principal.org.id, input.repositoryId);
  if (!repository) throw notFound('repository', input.repositoryId);
  const scan = store.createScan(principal, {
    repository,
    ref: input.ref,
    modules: input.modules,
    frameworks: input.frameworks,
    isIncremental: input.isIncremental,
    neverFinishes: context.faults.neverFinish,
  });
  context.stats.event('scans_created');
  const running = store
    .scans(principal.org.id)
    .filter((one) => !isTerminalScan(scanStateAt(one, context.now).status));
  context.stats.scansRunning(running.length);
  return created(scanWire(scan, context));
};

export const listScans: Handler = (context) => {
  const { principal, store, query, faults } = context;
  const paging = readPaging(query, DEFAULT_LIMIT);
  const repositoryId = faults.ignoreFilter ? undefined : optionalQuery(query, 'repository_id');
  const page = pageOf(store.scans(principal.org.id, repositoryId), paging, faults.totalDelta);
  return ok({ ...page, items: page.items.map((scan) => scanWire(scan, context)) });
};

export const getScan: Handler = (context) => {
  const scan = requireScan(context, context.params.id);
  const reply = ok(scanWire(scan, context));
  // A service that knows how long a scan takes can ask its pollers to come back later.
  const retryAfter = context.pollRetryAfterSeconds;
  if (retryAfter === undefined || isTerminalScan(scanStateAt(scan, context.now).status)) return reply;
  return { ...reply, headers: { 'retry-after': String(retryAfter) } };
};

/** Cancels a scan that has not ended; a scan that has ended is returned as it is. */
export const cancelScan: Handler = (context) => {
  const scan = requireScan(context, context.params.id);
  if (!isTerminalScan(scanStateAt(scan, context.now).status)) {
    context.store.cancelScan(context.principal, scan);
    context.stats.event('cancels');
  }
  return ok(scanWire(scan, context));
};

export const getScanReport: Handler = (context) => {
  const scan = requireCompletedScan(context, context.params.id, 'report');
  return ok({
    scan_id: scan.id,
    total_findings: scan.findings.all.length,
    risk_score: scan.riskScore,
    severity_breakdown: severityBreakdown(scan.findings),
  });
};

export function requireScan(context: RequestContext, id: string | undefined): ScanRecord {
  const scan = context.store.scan(context.principal.org.id, id ?? '');
  if (!scan) throw notFound('scan', id ?? '');
  return scan;
}

/** Reports and analyses need a completed scan: anything else is a 409 (the request is fine, the timing is not). */
export function requireCompletedScan(
  context: RequestContext,
  id: string | undefined,
  what: string,
): ScanRecord {
  const scan = requireScan(context, id);
  const { status } = scanStateAt(scan, context.now);
  if (status !== 'completed') {
    throw conflict(
      'scan_not_completed',
      `Scan ${scan.id} is ${status}; its ${what} exists once it has completed.`,
    );
  }
  return scan;
}

/** A scan as the service shows it; with the bare-scans fault, only the fields the spec shows. */
function scanWire(
  scan: ScanRecord,
  context: Pick<RequestContext, 'now' | 'faults'>,
): Record<string, unknown> {
  const state = scanStateAt(scan, context.now);
  const modules = state.modules.map((module) => ({ name: module.name, status: module.status }));
  if (context.faults.bareScans) return { id: scan.id, status: state.status, modules };
  return {
    id: scan.id,
    status: state.status,
    repository_id: scan.repositoryId,
    ref: scan.ref,
    modules,
    frameworks: scan.frameworks,
    is_incremental: scan.isIncremental,
    created_at: scan.createdAt,
  };
}
