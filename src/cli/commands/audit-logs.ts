import type { AuditLog, ListAuditLogsParams } from '../../client/index.ts';
import type { CommandContext } from '../command-context.ts';
import { jsonText, renderTable } from '../terminal-text.ts';
import type { Command } from 'commander';
import { limitParser } from '../api/wait-flags.ts';
import { explainAdminKey } from './admin-key-help.ts';
import type { SvcCommand } from './command.ts';
import { sayWhenCut } from '../api/list-cut.ts';

const AUDIT_LOG_LIMIT = { default: 20, max: 1000 } as const;

interface AuditLogsOptions {
  action?: string | undefined;
  actorId?: string | undefined;
  targetType?: string | undefined;
  limit?: number | undefined;
}

/** The newest audit log entries the service returns first, filtered on the service, at most --limit. */
async function auditLogs(context: CommandContext, options: AuditLogsOptions): Promise<void> {
  const params: ListAuditLogsParams = {
    ...(options.action ? { action: options.action } : {}),
    ...(options.actorId ? { actor_id: options.actorId } : {}),
    ...(options.targetType ? { target_type: options.targetType } : {}),
  };
  const limit = options.limit ?? AUDIT_LOG_LIMIT.default;
  const client = context.client();
  const entries: AuditLog[] = [];
  const pages = client.iterateAuditLogs(params, {
    signal: context.signal,
    maxItems: limit,
    limit: Math.min(limit, 100),
  });
  for await (const entry of pages) entries.push(entry);
  if (context.globals.json) context.out.write(jsonText(entries));
  else if (entries.length === 0) context.err.line('No audit log entries.');
  else {
    const rows = entries.map((e) => [
      e.created_at,
      e.action,
      e.actor_id,
      e.target_type ?? '',
      e.target_id ?? '',
    ]);
    context.out.write(renderTable(['CREATED', 'ACTION', 'ACTOR', 'TARGET TYPE', 'TARGET'], rows));
  }
  await sayWhenCut(context, {
    shown: entries.length,
    limit,
    max: AUDIT_LOG_LIMIT.max,
    what: 'audit log entries',
    total: async () =>
      (await client.listAuditLogs({ ...params, limit: 1 }, { signal: context.signal })).total,
  });
}

export const addAuditLogsCommand: SvcCommand = (program, io) => {
  const auditLogsCommand = program
    .command('audit-logs')
    .description('list audit log entries (needs an admin key)')
    .option('--action <action>', 'only entries of this action, e.g. api_key.created')
    .option('--actor-id <id>', 'only entries of this actor')
    .option('--target-type <type>', 'only entries about this kind of target, e.g. api_key')
    .option(
      '--limit <n>',
      `at most this many entries (default: ${AUDIT_LOG_LIMIT.default})`,
      limitParser(AUDIT_LOG_LIMIT.max),
    )
    .action((options: AuditLogsOptions, command: Command) =>
      io.invoke(command, (c) => auditLogs(c, options)),
    );
  explainAdminKey(auditLogsCommand);
};
