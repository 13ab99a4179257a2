import type { CommandContext } from '../command-context.ts';
import { terminalInline } from '../terminal-text.ts';

export interface CutList {
  /** How many were shown. */
  shown: number;
  /** The --limit in force; a list shorter than it was read whole. */
  limit: number;
  /** The largest --limit the command takes. */
  max: number;
  /** What the list holds, plural: "findings", "audit log entries". */
  what: string;
  /** The list's total as the service reports it, asked only when the list was cut. */
  total: () => Promise<number>;
}

/**
 * Says on stderr, never among the results, when --limit cut a list short: "Showing 20 of 57 audit log entries;
 * --limit 57 shows them all." The total costs one more request (a page of one), made only when the list filled
 * its limit.
 */
export async function sayWhenCut(context: CommandContext, list: CutList): Promise<void> {
  if (list.shown < list.limit) return;
  const total = await list.total();
  if (total <= list.shown) return;
  const more =
    total <= list.max ? `--limit ${total} shows them all` : `--limit ${list.max} shows the first ${list.max}`;
  context.err.line(terminalInline(`Showing ${list.shown} of ${total} ${list.what}; ${more}.`));
}
