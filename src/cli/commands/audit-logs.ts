import type { AuditLog, ListAuditLogsParams } from '../../client/index.ts';
import type { CommandContext } from '../command-context.ts';
import { jsonText, renderTable } from '../terminal-text.ts';

export const AUDIT_LOG_LIMIT = { default: 20, max: 1000 } as const;

export interface AuditLogsOptions {
  action?: string | undefined;
  actorId?: string | undefined;
  targetType?: string | undefined;
  limit?: number | undefined;
}

/** The newest audit log entries the service returns first, filtered on the service, at most --limit. */
export async function auditLogs(context: CommandContext, options: AuditLogsOptions): Promise<void> {
  const params: ListAuditLogsParams = {
    ...(options.action ? { action: options.action } : {}),
    ...(options.actorId ? { actor_id: options.actorId } : {}),
    ...(options.targetType ? { target_type: options.targetType } : {}),
  };
  const limit = options.limit ?? AUDIT_LOG_LIMIT.default;
  const entries: AuditLog[] = [];
  const pages = context
    .client()
    .iterateAuditLogs(params, { signal: context.signal, maxItems: limit, limit: Math.min(limit, 100) });
  for await (const entry of pages) entries.push(entry);
  if (context.globals.json) {
    context.out.write(jsonText(entries));
    return;
  }
  const rows = entries.map((e) => [
    e.created_at,
    e.action,
    e.actor_id,
    e.target_type ?? '',
    e.target_id ?? '',
  ]);
  context.out.write(renderTable(['CREATED', 'ACTION', 'ACTOR', 'TARGET TYPE', 'TARGET'], rows));
}
