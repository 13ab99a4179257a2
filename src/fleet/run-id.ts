import { FleetUsageError } from './fleet-usage-error.ts';

/** A run id is a label, not text to show: a CI's ids are digits or a uid; anything else is a mistake to name now. */
const RUN_ID = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/;

/**
 * The CI run this fleet is an attempt of: the one given (`--run-id`), else GitHub Actions' `GITHUB_RUN_ID` (every
 * attempt of one workflow run shares it, so a re-run shard merges with the others), else GitLab's
 * `CI_PIPELINE_ID`, else null (a laptop, a cron: each night is a run of its own). `flag` names the given one in an
 * error.
 */
export function fleetRunId(
  given: string | undefined,
  env: Readonly<Record<string, string | undefined>>,
  flag: string,
): string | null {
  if (given !== undefined) {
    const id = given.trim();
    if (!RUN_ID.test(id))
      throw new FleetUsageError(
        `${flag} is invalid: got '${given}'; expected an id of letters, digits, '.', '_', ':' or '-' (at most 128), such as the CI's run id.`,
      );
    return id;
  }
  for (const name of ['GITHUB_RUN_ID', 'CI_PIPELINE_ID']) {
    const value = env[name]?.trim() ?? '';
    if (RUN_ID.test(value)) return value;
  }
  return null;
}
