import type { Repository } from '../client/types.ts';
import { zeroCounts } from '../domain/severity.ts';
import type { FleetOptions } from './fleet-options.ts';
import { selectRepositories } from './fleet-selection.ts';
import { buildRollUp } from './rollup-build.ts';
import { NOT_STARTED, type FleetRollUp, type RepositoryOutcome } from './rollup.ts';
import type { FleetRunResult } from './run-fleet.ts';
import { formatShard, inShard } from './shard.ts';

/** This process's part of the selection: what it scans, what it reports unscanned, what it warns of. */
export interface FleetPart {
  /** The repositories of this shard (all of them when unsharded), in the listing's order: what runFleet is given. */
  repositories: Repository[];
  /** Names asked for that the listing lacks, in this shard: each reported as not judged, never dropped. */
  unknownNames: string[];
  /** Globs that matched no repository: worth a warning. */
  unmatchedGlobs: string[];
  /** `!` patterns that excluded no repository selected: worth a warning too. */
  unmatchedExclusions: string[];
  /** Every full name of the selection before sharding: recorded on a shard's roll-up for merge --allow-missing. */
  selected: string[];
}

/**
 * The run as its ledger names it (selection, shard, ref), so that a ledger left unfinished by another run is
 * refused rather than finished over that run's unrecorded starts.
 */
export function fleetRunName(options: Pick<FleetOptions, 'selection' | 'shard' | 'ref'>): string {
  const { selection, shard, ref } = options;
  const chosen =
    selection.kind === 'all'
      ? 'all'
      : selection.kind === 'project'
        ? `project ${selection.projectId}`
        : `repositories ${selection.patterns.join(',')}`;
  const selected = [chosen, ...(selection.exclude ?? []).map((pattern) => `!${pattern}`)].join(',');
  return `${selected}; shard ${shard === undefined ? 'none' : formatShard(shard)}; ref ${ref ?? 'default branches'}`;
}

/**
 * The face's step between the listing and the run: select (a selection of nothing is a FleetUsageError naming
 * what was asked for), then keep this shard's part.
 */
export function fleetPart(
  listing: readonly Repository[],
  options: Pick<FleetOptions, 'selection' | 'shard'>,
): FleetPart {
  const selected = selectRepositories(listing, options.selection);
  const inPart = (name: string): boolean => inShard(name, options.shard);
  return {
    repositories: selected.repositories.filter((repository) => inPart(repository.full_name)),
    unknownNames: selected.unknownNames.filter(inPart),
    unmatchedGlobs: selected.unmatchedGlobs,
    unmatchedExclusions: selected.unmatchedExclusions,
    selected: [...selected.repositories.map((repository) => repository.full_name), ...selected.unknownNames],
  };
}

/** What the faces warn of, each after the flag or input it names: the patterns that matched or excluded nothing. */
export function selectionWarnings(part: Pick<FleetPart, 'unmatchedGlobs' | 'unmatchedExclusions'>): string[] {
  return [
    ...part.unmatchedGlobs.map((glob) => `${glob} matches no repository the key sees.`),
    ...part.unmatchedExclusions.map(
      (exclusion) => `${exclusion} excludes nothing: no repository selected matches it.`,
    ),
  ];
}

/** The roll-up of this part's run: the run's outcomes, then the names the service does not list. */
export function rollUpOfPart(
  part: FleetPart,
  result: FleetRunResult,
  options: Pick<FleetOptions, 'shard' | 'failOn' | 'runId' | 'ref' | 'repositoryPolicy'>,
): FleetRollUp {
  const shard = options.shard === undefined ? null : formatShard(options.shard);
  return buildRollUp(
    { ...result, outcomes: [...result.outcomes, ...part.unknownNames.map(notListed)] },
    {
      shard,
      failOn: options.failOn,
      selected: shard === null ? null : part.selected,
      runId: options.runId ?? null,
      ref: options.ref ?? null,
      // runFleet's default: policy files are read whenever the face gave GitHub, unless told not to.
      repositoryPolicy: options.repositoryPolicy ?? true,
    },
  );
}

function notListed(name: string): RepositoryOutcome {
  return {
    repository: name,
    scan_id: null,
    status: NOT_STARTED,
    gate: null,
    findings: zeroCounts(),
    error: 'The service lists no repository of this name for the key (svc repos list shows the names).',
  };
}
