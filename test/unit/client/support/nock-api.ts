import nock from 'nock';
import { ServiceClient, type ServiceClientOptions } from '../../../../src/client/service-client.ts';
import { FakeClock, recordingLogger, type RecordingLogger } from './fake-clock.ts';

export const ORIGIN = 'https://svc.test';
const BASE_URL = `${ORIGIN}/api/v1`;
export const KEY = 'svc_sk_unit_TEST_key_0123';

/**
 * A nock scope that matches only requests carrying the headers every call must carry. `body` says whether
 * the request has a JSON body: without one, a Content-Type header makes the request unmatched.
 */
export function api(body = false): nock.Scope {
  return nock(ORIGIN, {
    reqheaders: {
      authorization: `Bearer ${KEY}`,
      accept: 'application/json',
      'user-agent': /^svc-scan-action\/\d+\.\d+\.\d+/,
      ...(body ? { 'content-type': 'application/json' } : {}),
    },
    badheaders: body ? [] : ['content-type'],
  });
}

export interface TestClient {
  client: ServiceClient;
  clock: FakeClock;
  logger: RecordingLogger;
}

/** A client against the nock origin whose sleeps are recorded, not waited. */
export function testClient(overrides: Partial<ServiceClientOptions> = {}): TestClient {
  const clock = new FakeClock();
  const logger = recordingLogger();
  const client = new ServiceClient({
    apiKey: KEY,
    baseUrl: BASE_URL,
    sleep: clock.sleep,
    now: clock.now,
    random: () => 0.5,
    logger,
    ...overrides,
  });
  return { client, clock, logger };
}
