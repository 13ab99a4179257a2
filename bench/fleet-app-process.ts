import { readFileSync } from 'node:fs';
import { Agent } from 'undici';
import { NOOP_LOGGER, ServiceClient, type Repository } from '../src/client/index.ts';
import { FleetGitHubError } from '../src/fleet/fleet-github.ts';
import type { RepositoryOutcome } from '../src/fleet/rollup.ts';
import { runFleet } from '../src/fleet/run-fleet.ts';
import { createFleetGitHub } from '../src/github/fleet-github-access.ts';
import { benchFleetOptions, scaledSleep } from './fleet-child.ts';

/**
 * One App-mode fleet run in a process of its own (the emulators run in the parent, bench/fleet-app.ts): the
 * GitHub App's credentials checked, the repositories listed, each judged at its default branch's head by its own
 * policy and its SARIF uploaded, then one JSON line. Everything runs on the emulators' one scaled clock, in epoch
 * milliseconds as GitHub's emulator counts them: a second of it passes in `timeScale` real seconds. The process's
 * `Date.now` is that clock too, because `@octokit/auth-app` signs the App's JWT by `Date.now` and the emulator
 * checks its times against its own clock.
 */

interface FleetAppProcessInput {
  baseUrl: string;
  apiKey: string;
  githubUrl: string;
  appId: string;
  privateKeyFile: string;
  concurrency: number;
  pollIntervalSeconds: number;
  timeScale: number;
  waitTimeoutSeconds: number;
  /** The shared clock: at real epoch time `realStartMs` (performance.timeOrigin based), GitHub's is `clockStartMs`. */
  realStartMs: number;
  clockStartMs: number;
}

const input = JSON.parse(process.argv[2] ?? '{}') as FleetAppProcessInput;
const scale = input.timeScale;
const clockNow = (): number =>
  input.clockStartMs + (performance.timeOrigin + performance.now() - input.realStartMs) / scale;
const clockSleep = scaledSleep(scale);
Date.now = () => Math.floor(clockNow());

const client = new ServiceClient({
  apiKey: input.apiKey,
  baseUrl: input.baseUrl,
  logger: NOOP_LOGGER,
  now: clockNow,
  sleep: clockSleep,
});
const dispatcher = new Agent();
const github = createFleetGitHub<FleetGitHubError>({
  app: { appId: input.appId, privateKey: readFileSync(input.privateKeyFile, 'utf8') },
  apiUrl: input.githubUrl,
  dispatcher,
  signal: new AbortController().signal,
  deadline: clockNow() + input.waitTimeoutSeconds * 1000,
  logger: NOOP_LOGGER,
  userAgent: 'svc-scan-bench',
  fleetError: (kind, message, status) => new FleetGitHubError(kind, message, status),
  now: clockNow,
  sleep: clockSleep,
});

const started = performance.now();
await github.verify();
const repositories: Repository[] = [];
for await (const repository of client.iterateRepositories()) repositories.push(repository);
const result = await runFleet(
  repositories,
  { ...benchFleetOptions(input), repositoryPolicy: true, uploadSarif: true },
  {
    client,
    log: NOOP_LOGGER,
    stopSignal: new AbortController().signal,
    now: clockNow,
    sleep: clockSleep,
    github,
  },
);
const wallMs = performance.now() - started;
await client.close();
await dispatcher.close();
process.stdout.write(
  `${JSON.stringify({ wallMs, peakRssBytes: process.resourceUsage().maxRSS * 1024, ...tally(result.outcomes) })}\n`,
);

/** What the roll-up would say, counted: verdicts, policies, uploads by status, a few distinct errors. */
function tally(outcomes: readonly RepositoryOutcome[]) {
  const uploads: Record<string, number> = {};
  for (const outcome of outcomes) {
    const status = outcome.code_scanning?.processing_status ?? 'none';
    uploads[status] = (uploads[status] ?? 0) + 1;
  }
  const errors = outcomes.flatMap((outcome) => [outcome.error, outcome.code_scanning?.error]);
  return {
    repositories: outcomes.length,
    judged: outcomes.filter((outcome) => outcome.gate !== null).length,
    failed: outcomes.filter((outcome) => outcome.gate === 'failed').length,
    byPolicy: outcomes.filter((outcome) => outcome.policy != null).length,
    suppressed: outcomes.reduce((sum, outcome) => sum + (outcome.policy?.suppressed ?? 0), 0),
    uploads,
    errors: [...new Set(errors.filter((error) => typeof error === 'string'))].slice(0, 5),
  };
}
