import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { ConnectionError, RequestTimeoutError, ServiceError } from '../../../src/client/errors.ts';
import { ServiceClient, type ServiceClientOptions } from '../../../src/client/service-client.ts';
import { scan } from './support/builders.ts';
import { FakeClock, recordingLogger } from './support/fake-clock.ts';

/**
 * Failures only a real socket shows: timeouts, refused connections and resets. This file does not load nock,
 * so requests reach a real HTTP server on a loopback port.
 */

const KEY = 'svc_sk_network_canary_77';

interface Harness {
  baseUrl: string;
  requests: IncomingMessage[];
  connections: () => number;
}

const servers: Server[] = [];
const clients: ServiceClient[] = [];

afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await Promise.all(
    servers.splice(0).map(
      (server) =>
        new Promise((resolve) => {
          server.closeAllConnections();
          server.close(resolve);
        }),
    ),
  );
});

async function serve(
  handler: (req: IncomingMessage, res: ServerResponse, n: number) => void,
): Promise<Harness> {
  const requests: IncomingMessage[] = [];
  let connections = 0;
  const server = createServer((req, res) => {
    requests.push(req);
    handler(req, res, requests.length);
  });
  server.on('connection', () => connections++);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { baseUrl: `http://127.0.0.1:${port}/api/v1`, requests, connections: () => connections };
}

function client(baseUrl: string, overrides: Partial<ServiceClientOptions> = {}) {
  const clock = new FakeClock();
  const logger = recordingLogger();
  const created = new ServiceClient({
    apiKey: KEY,
    baseUrl,
    sleep: clock.sleep,
    now: clock.now,
    random: () => 0,
    logger,
    ...overrides,
  });
  clients.push(created);
  return { client: created, clock, logger };
}

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

async function closedPortUrl(): Promise<string> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return `http://127.0.0.1:${port}/api/v1`;
}

describe('over a real socket', () => {
  it('sends the headers and reuses keep-alive connections', async () => {
    const harness = await serve((_req, res) => {
      json(res, 200, scan({ id: 's1' }));
    });
    const { client: c } = client(harness.baseUrl);
    await c.getScan('s1');
    await c.getScan('s1');
    await c.createScan({ repository_id: 'r' });
    for (let i = 0; i < 5; i++) await c.getScan('s1');
    // undici may open a second socket while the first is being released, but never one per request.
    expect(harness.connections()).toBeLessThanOrEqual(2);
    const [get, , post] = harness.requests;
    expect(get?.headers).toMatchObject({ authorization: `Bearer ${KEY}`, accept: 'application/json' });
    expect(get?.headers['content-type']).toBeUndefined();
    expect(get?.headers['user-agent']).toMatch(/^svc-scan-action\//);
    expect(post?.headers['content-type']).toBe('application/json');
    expect(get?.url).toBe('/api/v1/scans/s1');
  });

  it('numbers each attempt in x-svc-retry-count, so the service can tell a retry from a new request', async () => {
    const harness = await serve((_req, res, n) => {
      if (n < 3) json(res, 503, { error: { message: 'busy' } });
      else json(res, 200, scan({ id: 's1' }));
    });
    const { client: c } = client(harness.baseUrl, { maxRetries: 3 });
    await c.getScan('s1');
    await c.getScan('s1');
    expect(harness.requests.map((req) => req.headers['x-svc-retry-count'])).toEqual(['0', '1', '2', '0']);
  });

  it('times a request out, retries a GET, and names the wait in the error', async () => {
    const harness = await serve(() => {
      // Never answers.
    });
    const { client: c } = client(harness.baseUrl, { timeoutMs: 50, maxRetries: 1 });
    const error = await failure(c.getScan('s1'));
    expect(error.constructor).toBe(RequestTimeoutError);
    expect(error.message).toBe('GET /scans/s1 timed out after 50 ms');
    expect(error.cause).toBeDefined();
    expect(harness.requests).toHaveLength(2);
  });

  it('does not retry a POST that timed out: the server may have acted on it', async () => {
    const harness = await serve(() => undefined);
    const { client: c } = client(harness.baseUrl, { timeoutMs: 50 });
    const error = await failure(c.createScan({ repository_id: 'r' }, { timeoutMs: 300 }));
    expect(error.message).toBe('POST /scans timed out after 300 ms');
    expect(harness.requests).toHaveLength(1);
  });

  it('retries a POST whose connection was refused, then reports the network failure', async () => {
    const { client: c, clock, logger } = client(await closedPortUrl(), { maxRetries: 2 });
    const error = await failure(c.createScan({ repository_id: 'r' }));
    expect(error.constructor).toBe(ConnectionError);
    expect(error.statusCode).toBeUndefined();
    expect(error.message).toMatch(/^POST \/scans failed: .*ECONNREFUSED/);
    expect(error).toMatchObject({ code: 'ECONNREFUSED', failure: 'connect' });
    expect(clock.sleeps).toHaveLength(2);
    expect(logger.lines.filter((line) => line.level === 'debug')).toHaveLength(2);
    expect(logger.text()).not.toContain(KEY);
  });

  it('retries a GET after a connection reset, but not a POST', async () => {
    const reset = (req: IncomingMessage, res: ServerResponse, n: number): void => {
      if (n === 1) {
        req.socket.destroy();
        return;
      }
      json(res, 200, scan({ id: 's1' }));
    };
    const getHarness = await serve(reset);
    await expect(client(getHarness.baseUrl).client.getScan('s1')).resolves.toMatchObject({ id: 's1' });
    expect(getHarness.requests).toHaveLength(2);

    const postHarness = await serve(reset);
    const error = await failure(client(postHarness.baseUrl).client.createScan({ repository_id: 'r' }));
    expect(error.message).toMatch(/^POST \/scans failed: /);
    expect(postHarness.requests).toHaveLength(1);
  });

  it('stops a request when the caller aborts, without retrying', async () => {
    const harness = await serve(() => undefined);
    const { client: c } = client(harness.baseUrl);
    const controller = new AbortController();
    const pending = failure(c.getScan('s1', { signal: controller.signal }));
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort(new Error('runner stopping'));
    const error = await pending;
    expect(error.message).toBe('GET /scans/s1 was aborted');
    expect(error.cause).toEqual(new Error('runner stopping'));
    expect(harness.requests).toHaveLength(1);
  });

  it('does not send a request at all with an already aborted signal', async () => {
    const harness = await serve((_req, res) => {
      json(res, 200, scan());
    });
    const { client: c } = client(harness.baseUrl);
    const error = await failure(c.getScan('s1', { signal: AbortSignal.abort() }));
    expect(error.message).toBe('GET /scans/s1 was aborted');
    expect(harness.requests).toHaveLength(0);
  });

  it('redacts the key a server echoes from its received headers', async () => {
    const harness = await serve((req, res) => {
      json(res, 500, { message: 'upstream failed', received: req.headers });
    });
    const { client: c } = client(harness.baseUrl, { maxRetries: 0 });
    const error = await failure(c.getUsage());
    const everything = `${error.message}\n${error.stack ?? ''}\n${JSON.stringify(error.body)}`;
    expect(everything).not.toContain(KEY);
    expect(error.body).toMatchObject({ received: { authorization: 'Bearer [REDACTED]' } });
  });
});
