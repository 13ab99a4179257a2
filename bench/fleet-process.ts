import { NOOP_LOGGER, ServiceClient, type Repository } from '../src/client/index.ts';
import { writeFileSync } from 'node:fs';
import { buildRollUp } from '../src/fleet/rollup-build.ts';
import { runFleet } from '../src/fleet/run-fleet.ts';
import { benchFleetOptions, scaledSleep } from './fleet-child.ts';

/**
 * One fleet run in a process of its own, so that its peak RSS is the fleet's alone (the emulator runs in the
 * parent, bench/fleet.ts): lists the repositories once, scans them all with `runFleet`, and prints one JSON line.
 * The fleet's schedule runs on the emulator's scaled clock: a service second passes in `timeScale` real seconds, so
 * its polling intervals and backoff are as many polls as a real night would make.
 */

interface FleetProcessInput {
  baseUrl: string;
  apiKey: string;
  concurrency: number;
  pollIntervalSeconds: number;
  timeScale: number;
  waitTimeoutSeconds: number;
  /** Where the roll-up is written, for the merge --verify that follows (bench/fleet.ts). */
  rollUpPath: string;
}

const input = JSON.parse(process.argv[2] ?? '{}') as FleetProcessInput;
const scale = input.timeScale;
/** Service time, in milliseconds, as the emulator counts it. */
const serviceNow = (): number => performance.now() / scale;
const serviceSleep = scaledSleep(scale);

const client = new ServiceClient({
  apiKey: input.apiKey,
  baseUrl: input.baseUrl,
  logger: NOOP_LOGGER,
  now: serviceNow,
  sleep: serviceSleep,
});
const started = performance.now();
const repositories: Repository[] = [];
for await (const repository of client.iterateRepositories()) repositories.push(repository);
const result = await runFleet(repositories, benchFleetOptions(input), {
  client,
  log: NOOP_LOGGER,
  stopSignal: new AbortController().signal,
  now: serviceNow,
  sleep: serviceSleep,
});
const wallMs = performance.now() - started;
await client.close();
const rollUp = buildRollUp(result, {
  shard: '1/1',
  failOn: 'high',
  selected: repositories.map((r) => r.full_name),
  runId: 'bench',
  ref: null,
  repositoryPolicy: false,
});
writeFileSync(input.rollUpPath, JSON.stringify(rollUp));
const judged = result.outcomes.filter((outcome) => outcome.gate !== null).length;
process.stdout.write(
  `${JSON.stringify({
    wallMs,
    peakRssBytes: process.resourceUsage().maxRSS * 1024,
    repositories: result.outcomes.length,
    judged,
    stoppedBy: result.stoppedBy ?? null,
    errors: [...new Set(result.outcomes.flatMap((outcome) => (outcome.error ? [outcome.error] : [])))].slice(
      0,
      5,
    ),
  })}\n`,
);
