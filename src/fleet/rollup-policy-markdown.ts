import { escapeMarkdownInline, markdownCode, truncate } from '../text/escape.ts';
import type { FleetRollUp, RepositoryOutcome } from './rollup.ts';

/** Cuts of a policy's strings in a cell: each key is a short name, the path a short path. */
const PATH_CHARACTERS = 100;
const KEY_CHARACTERS = 40;
const SHOWN_KEYS = 13;

/** Whether the night read each repository's policy file (its entries say so: their `policy` is set or null). */
export function readsPolicies(rollUp: FleetRollUp): boolean {
  return rollUp.repositories.some((outcome) => outcome.policy !== undefined);
}

/** The roll-up's note on what judged the repositories. */
export function policyNote(rollUp: FleetRollUp): string {
  const failOn = rollUp.fail_on;
  if (!readsPolicies(rollUp))
    return `> Repository policy files (\`.github/svc-scan.yml\`) are not read in this version: every repository is judged by fail-on ${failOn}.`;
  return (
    "> Each repository is judged by its own policy file (`.github/svc-scan.yml`) at its default branch's head " +
    `commit, never looser than fail-on ${failOn}; one without a policy file by fail-on ${failOn}. Its remediation, ` +
    'AI analysis, compliance, baseline and pull request settings are not applied at night (listed as ignored).'
  );
}

/** The scan cell's commit: ` at abc1234def56` when the entry names one. */
export function commitText(outcome: RepositoryOutcome): string {
  if (outcome.commit === undefined || outcome.commit === null) return '';
  return ` at ${markdownCode(outcome.commit.slice(0, 12))}`;
}

/**
 * What judged a repository, in one cell: its file (blob), its fail-on, the findings its suppressions and paths
 * left out, the suppressions expired, the keys ignored; `none` when its commit has no policy file.
 */
export function policyCell(outcome: RepositoryOutcome, fleetFailOn: string): string {
  const policy = outcome.policy;
  if (policy === undefined) return '';
  if (policy === null) return `none (fail-on ${escapeMarkdownInline(fleetFailOn)})`;
  const parts = [
    `${markdownCode(truncate(policy.path, PATH_CHARACTERS))} (blob ${markdownCode(policy.blob_sha.slice(0, 12))})`,
    `fail-on ${escapeMarkdownInline(policy.fail_on)}`,
  ];
  if (policy.suppressed > 0)
    parts.push(
      `${policy.suppressed} suppressed by ${countOf(policy.suppressions_applied.length, 'entry', 'entries')}`,
    );
  if (policy.out_of_scope > 0) parts.push(`${policy.out_of_scope} outside its paths`);
  if (policy.suppressions_expired.length > 0)
    parts.push(`${countOf(policy.suppressions_expired.length, 'suppression', 'suppressions')} expired`);
  if (policy.ignored_keys.length > 0) parts.push(`ignored: ${keysText(policy.ignored_keys)}`);
  return parts.join('; ');
}

function countOf(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

function keysText(keys: readonly string[]): string {
  const shown = keys.slice(0, SHOWN_KEYS).map((key) => markdownCode(truncate(key, KEY_CHARACTERS)));
  const more = keys.length - shown.length;
  return more > 0 ? `${shown.join(', ')} and ${more} more` : shown.join(', ');
}
