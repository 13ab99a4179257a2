import type { Emulator } from '../../emulator/index.ts';
import type { FleetGitHub } from '../../src/fleet/fleet-github.ts';
import type { FleetRunOptions } from '../../src/fleet/fleet-options.ts';
import { buildRollUp } from '../../src/fleet/rollup-build.ts';
import { mergeRollUps } from '../../src/fleet/rollup-merge.ts';
import { parseRollUp } from '../../src/fleet/rollup-read.ts';
import type { FleetRollUp, RepositoryOutcome } from '../../src/fleet/rollup.ts';
import { runFleet } from '../../src/fleet/run-fleet.ts';
import { FakeFleetGitHub, type FakeRepository } from '../support/fake-fleet-github.ts';
import { expectValidRollUp } from '../support/rollup-schema.ts';
import { FLEET_OPTIONS, fleetEmulatorPerTest, fleetHarness, type FleetRepository } from './fleet-support.ts';

export const POLICY = '.github/svc-scan.yml';

/** A policy that suppresses the fleet scenario's high finding, and sets two keys the fleet ignores. */
export const SUPPRESSES_THE_HIGH = [
  'version: 1',
  'ignore:',
  '  - title: A high finding',
  '    reason: a test fixture, never deployed',
  'remediate: true',
  'pr-comment: never',
  '',
].join('\n');

/** Each repository's head commit on the fake GitHub: 40 hexadecimal characters of its number. */
export function commitOf(index: number): string {
  return String(index + 1)
    .repeat(40)
    .slice(0, 40)
    .replace(/[^0-9]/g, 'a');
}

/** A repository of the emulator, and its policy file (none: no file) and the rest of it on the fake GitHub. */
export type PolicyRepository = FleetRepository & {
  policy?: string;
  hidden?: boolean;
  github?: Partial<FakeRepository>;
};

/**
 * Each test's organization: the emulator's repositories and the fake GitHub's, each at the head commit of its
 * index. Call at the top of a test file (it closes each test's emulator after the test).
 */
export function policyOrganizationPerTest(): (
  repositories: PolicyRepository[],
) => Promise<{ emulator: Emulator; github: FakeFleetGitHub }> {
  const startFleetEmulator = fleetEmulatorPerTest();
  return async (repositories) => {
    const emulator = await startFleetEmulator(repositories);
    const github = new FakeFleetGitHub(
      Object.fromEntries(
        repositories.map((repository, index): [string, FakeRepository] => [
          repository.name ?? `fleet/repo-${index + 1}`,
          {
            commit: commitOf(index),
            files: repository.policy === undefined ? {} : { [POLICY]: repository.policy },
            ...(repository.hidden === true ? { hidden: true } : {}),
            ...repository.github,
          },
        ]),
      ),
    );
    return { emulator, github };
  };
}

/** The night's roll-up as the merge job has it: one shard's, checked against the schema, written, read, merged. */
export async function night(
  emulator: Emulator,
  github: FleetGitHub | undefined,
  options: Partial<FleetRunOptions> = {},
): Promise<FleetRollUp> {
  const harness = fleetHarness(emulator);
  const repositories = await harness.repositories();
  const result = await runFleet(repositories, { ...FLEET_OPTIONS, ...options }, { ...harness.io, github });
  const shard = buildRollUp(result, {
    shard: '1/1',
    failOn: options.failOn ?? FLEET_OPTIONS.failOn,
    selected: repositories.map((repository) => repository.full_name),
    runId: 'night-1',
    ref: null,
    repositoryPolicy: github !== undefined && (options.repositoryPolicy ?? true),
  });
  expectValidRollUp(JSON.parse(JSON.stringify(shard)));
  const read = parseRollUp(JSON.stringify(shard), 'shard-1.json');
  return mergeRollUps([{ where: 'shard-1.json', rollUp: read }], false);
}

export function entry(rollUp: FleetRollUp, name: string): RepositoryOutcome {
  const found = rollUp.repositories.find((one) => one.repository === name);
  if (found === undefined) throw new Error(`no entry for ${name}`);
  return found;
}
