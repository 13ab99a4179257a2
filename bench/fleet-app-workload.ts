import { createHash, generateKeyPairSync } from 'node:crypto';
import type { GitHubSeed } from '../github-emulator/index.ts';
import { fleetWorkload, greedyEnds, type FleetWorkload } from './fleet-workload.ts';

/**
 * The App-mode fleet bench's workload and its yardstick, pure but for the key pair: the fleet bench's
 * organization (bench/fleet-workload.ts, the same scan durations) with about 100 findings a repository, and the
 * same repositories on the GitHub emulator, each at a head commit of its own, every third with a policy file,
 * all reached by one installation of a GitHub App; and the ideal night, the scans' greedy schedule followed by
 * their uploads paced at GitHub's content-creation limit.
 */

export const BENCH_APP_ID = 4711;
const BENCH_INSTALLATION_ID = 8080;
const POLICY_PATH = '.github/svc-scan.yml';
/** Findings a repository: 95 to 105, so that their pages are not all the same. */
const FINDINGS = (index: number): number => 95 + (index % 11);

/**
 * A repository's own policy, as a team writes one: a stricter fail-on, a folder out of scope, two suppressions
 * (one narrowed by paths), and a key the fleet does not apply at night.
 */
const BENCH_POLICY = [
  'version: 1',
  'fail-on: medium',
  "paths-ignore: ['packages/core/src/**']",
  'ignore:',
  '  - cwe: CWE-79',
  '    reason: Output is encoded by the template engine; reviewed in SEC-7',
  '    expires: 2099-12-31',
  '  - title: Path traversal in file download',
  "    paths: ['src/lib/**']",
  '    reason: The name is checked against an allow-list first',
  'remediate: true',
  '',
].join('\n');

export interface FleetAppWorkload extends FleetWorkload {
  github: GitHubSeed;
  /** The App's private key (PKCS#8 PEM); its public key is in the seed. */
  privateKeyPem: string;
  /** Repositories with a policy file. */
  withPolicy: number;
}

/** Every third repository (the first included) has a policy file. */
function hasPolicy(index: number): boolean {
  return index % 3 === 0;
}

export function fleetAppWorkload(repositories: number): FleetAppWorkload {
  const service = fleetWorkload(repositories, 7, FINDINGS);
  const { privateKey, publicKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const seeded = service.names.map((fullName, index) => {
    const head = createHash('sha1').update(`${fullName}@night`).digest('hex');
    return {
      full_name: fullName,
      default_branch: 'main',
      branches: { main: head },
      ...(hasPolicy(index) ? { files: { [head]: { [POLICY_PATH]: BENCH_POLICY } } } : {}),
    };
  });
  const owner = service.names[0]?.split('/')[0] ?? 'fleet-bench';
  const github: GitHubSeed = {
    repositories: seeded,
    apps: [
      {
        id: BENCH_APP_ID,
        slug: 'svc-scan-night',
        public_key: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
        installations: [
          {
            id: BENCH_INSTALLATION_ID,
            account: owner,
            permissions: { contents: 'read', metadata: 'read', security_events: 'write' },
            repositories: 'all',
          },
        ],
      },
    ],
  };
  return {
    ...service,
    github,
    privateKeyPem: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    withPolicy: service.names.filter((_, index) => hasPolicy(index)).length,
  };
}

/** GitHub's limit on content-creating requests of an installation (its POSTs: here the uploads). */
const CONTENT_CREATION = { spacingSeconds: 60 / 80, perMinute: 80, perHour: 500 } as const;

/**
 * The ideal night in service seconds: the scans' greedy schedule (no poll delay, no GitHub read before a start),
 * and each scan's upload the moment both its scan has ended and the content-creation limit lets it go: 750 ms
 * after the one before, 80 in any minute, 500 in any hour. Answers when the last scan ends and the last upload
 * goes, whichever is later.
 */
export function idealNightSeconds(durations: readonly number[], slots: number): number {
  const ends = greedyEnds(durations, slots).sort((a, b) => a - b);
  const uploads: number[] = [];
  for (const end of ends) {
    const count = uploads.length;
    uploads.push(
      Math.max(
        end,
        (uploads[count - 1] ?? Number.NEGATIVE_INFINITY) + CONTENT_CREATION.spacingSeconds,
        (uploads[count - CONTENT_CREATION.perMinute] ?? Number.NEGATIVE_INFINITY) + 60,
        (uploads[count - CONTENT_CREATION.perHour] ?? Number.NEGATIVE_INFINITY) + 3600,
      ),
    );
  }
  return Math.max(0, ...ends, ...uploads);
}
