/**
 * A fleet run in a process of its own, for the test that kills it between a start and its record:
 * `node fleet-child.ts <baseUrl> <apiKey> <ledgerPath> <repositories as JSON>`.
 */
import { ServiceClient, NOOP_LOGGER, type Repository } from '../../src/client/index.ts';
import { runFleet } from '../../src/fleet/run-fleet.ts';

const [baseUrl = '', apiKey = '', ledgerPath = '', repositories = '[]'] = process.argv.slice(2);
const client = new ServiceClient({ apiKey, baseUrl });
await runFleet(
  JSON.parse(repositories) as Repository[],
  {
    ref: undefined,
    concurrency: 1,
    pollIntervalSeconds: 2,
    waitTimeoutSeconds: 600,
    progressIntervalSeconds: 0,
    minCredits: undefined,
    ledgerPath,
    failOn: 'high',
    severityThreshold: 'low',
  },
  { client, log: NOOP_LOGGER, stopSignal: new AbortController().signal, now: () => Date.now() },
);
