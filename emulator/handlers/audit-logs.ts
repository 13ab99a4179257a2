import { pageOf, readPaging } from '../paging.ts';
import { optionalQuery } from '../query-params.ts';
import type { AuditRecord } from '../records.ts';
import { ok, type Handler } from '../request-context.ts';

const DEFAULT_LIMIT = 20;

/** Newest first; `actor_id` is the user behind the key that acted (`system` for seeded scans). */
export const listAuditLogs: Handler = ({ principal, store, query, faults }) => {
  const paging = readPaging(query, DEFAULT_LIMIT);
  const action = optionalQuery(query, 'action');
  const actorId = optionalQuery(query, 'actor_id');
  const targetType = optionalQuery(query, 'target_type');
  const entries = store.auditEntries(
    principal.org.id,
    (entry) =>
      (action === undefined || entry.action === action) &&
      (actorId === undefined || entry.actorId === actorId) &&
      (targetType === undefined || entry.targetType === targetType),
  );
  const page = pageOf(entries, paging, faults.totalDelta);
  return ok({ ...page, items: page.items.map(auditWire) });
};

function auditWire(entry: AuditRecord): Record<string, unknown> {
  return {
    id: entry.id,
    created_at: entry.createdAt,
    action: entry.action,
    actor_id: entry.actorId,
    api_key_id: entry.apiKeyId,
    target_type: entry.targetType,
    target_id: entry.targetId,
  };
}
