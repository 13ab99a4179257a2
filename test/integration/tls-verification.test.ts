import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import type { AddressInfo } from 'node:net';
import type { Dispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LazyProxyAgent } from '../../src/client/http-stack.ts';
import { ServiceClient } from '../../src/client/index.ts';
import { startForwardProxy, type ForwardProxy } from '../support/forward-proxy.ts';

/**
 * The action's connection pool verifies every certificate, whatever NODE_TLS_REJECT_UNAUTHORIZED says: an
 * earlier step can set it through $GITHUB_ENV, with HTTPS_PROXY beside it, and whoever answered would then
 * receive the key and decide the gate. A service with a private CA is reached through NODE_EXTRA_CA_CERTS.
 */
const FIXTURES = new URL('../fixtures/tls/', import.meta.url);
let server: Server;
let proxy: ForwardProxy;
let pool: LazyProxyAgent;
let answered: number;

beforeEach(async () => {
  answered = 0;
  server = createServer(
    {
      key: readFileSync(new URL('self-signed.key', FIXTURES)),
      cert: readFileSync(new URL('self-signed.crt', FIXTURES)),
    },
    (_request, response) => {
      answered += 1;
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  proxy = await startForwardProxy();
  pool = new LazyProxyAgent();
  vi.stubEnv('NODE_TLS_REJECT_UNAUTHORIZED', '0');
});
afterEach(async () => {
  vi.unstubAllEnvs();
  await pool.close();
  await proxy.close();
  await new Promise((resolve) => server.close(resolve));
});

function clientOn(dispatcher: Dispatcher): ServiceClient {
  const { port } = server.address() as AddressInfo;
  return new ServiceClient({
    apiKey: 'svc_sk_test_0123456789',
    baseUrl: `https://127.0.0.1:${port}/api/v1`,
    dispatcher,
    maxRetries: 0,
  });
}

describe('with NODE_TLS_REJECT_UNAUTHORIZED=0 in the environment', () => {
  it('refuses a self-signed certificate on a direct connection: nothing reaches the server', async () => {
    const client = clientOn(await pool.open());
    await expect(client.me()).rejects.toThrow(/certificate/i);
    expect(answered).toBe(0);
  });
  it('refuses it through an HTTPS_PROXY tunnel too', async () => {
    vi.stubEnv('HTTPS_PROXY', proxy.url);
    vi.stubEnv('NO_PROXY', '');
    const client = clientOn(await pool.open());
    await expect(client.me()).rejects.toThrow(/certificate/i);
    expect(proxy.relayed.map((request) => request.kind)).toEqual(['tunnel']);
    expect(answered).toBe(0);
  });
});
