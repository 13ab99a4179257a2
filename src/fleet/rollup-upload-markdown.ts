import { escapeMarkdownInline, markdownLink, truncate } from '../text/escape.ts';
import type { FleetRollUp, RepositoryOutcome } from './rollup.ts';

/** Cut of an upload's error in a cell. */
const ERROR_CHARACTERS = 200;
const STATUS_CHARACTERS = 20;

/** Whether the night uploaded each repository's SARIF (its entries say so: their `code_scanning` is set). */
export function uploadsSarif(rollUp: FleetRollUp): boolean {
  return rollUp.repositories.some((outcome) => outcome.code_scanning !== undefined);
}

/**
 * The roll-up's note on the uploads to code scanning: how many GitHub processed, failed to process, still had
 * pending at the deadline, and how many were not made. Empty when none was asked for.
 */
export function uploadsNote(rollUp: FleetRollUp): string {
  if (!uploadsSarif(rollUp)) return '';
  const count = (status: string) =>
    rollUp.repositories.filter((outcome) => outcome.code_scanning?.processing_status === status).length;
  const parts = [
    `${count('complete')} uploads processed`,
    `${count('failed')} failed to process`,
    `${count('pending')} pending at the deadline`,
    `${count('not-uploaded')} not uploaded`,
  ];
  return `> Code scanning: ${parts.join(', ')} (each repository's own Security tab, its default branch at the scanned commit; an upload never changes a verdict).`;
}

/** A repository's upload in one cell: its status linked to its alerts, and why when it was not made. */
export function uploadCell(outcome: RepositoryOutcome): string {
  const upload = outcome.code_scanning;
  if (upload === undefined) return '';
  const status = truncate(upload.processing_status, STATUS_CHARACTERS);
  const shown =
    upload.alerts_url === null ? escapeMarkdownInline(status) : markdownLink(status, upload.alerts_url);
  return upload.error === null
    ? shown
    : `${shown}: ${escapeMarkdownInline(truncate(upload.error, ERROR_CHARACTERS))}`;
}
