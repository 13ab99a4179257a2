import nock from 'nock';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AuthError,
  DecodeError,
  PermissionDeniedError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ServiceError,
  ValidationError,
} from '../../../src/client/errors.ts';
import { scan } from './support/builders.ts';
import { KEY, api, testClient, type TestClient } from './support/nock-api.ts';

let t: TestClient;

beforeEach(() => {
  nock.disableNetConnect();
  t = testClient();
});

afterEach(async () => {
  nock.cleanAll();
  await t.client.close();
});

async function failure(promise: Promise<unknown>): Promise<ServiceError> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe('error responses', () => {
  it.each([
    [400, 'ValidationError', ValidationError],
    [401, 'AuthError', AuthError],
    [404, 'NotFoundError', NotFoundError],
    [409, 'ServiceError', ServiceError],
    [403, 'PermissionDeniedError', PermissionDeniedError],
    [422, 'ValidationError', ValidationError],
  ])('turns %i into %s with the status, body and message', async (status, _name, kind) => {
    const body = { error: { code: 'x', message: `status ${status} said no` } };
    api().get('/api/v1/scans/abc').reply(status, body);
    const error = await failure(t.client.getScan('abc'));
    expect(error).toBeInstanceOf(kind);
    expect(error.constructor).toBe(kind);
    expect(error.statusCode).toBe(status);
    expect(error.body).toEqual(body);
    expect(error.message).toBe(`GET /scans/abc failed with ${status}: status ${status} said no`);
  });

  it('turns 5xx into ServerError after the retries', async () => {
    api().get('/api/v1/me').times(4).reply(502, 'Bad Gateway');
    const error = await failure(t.client.me());
    expect(error).toBeInstanceOf(ServerError);
    expect(error.message).toBe('GET /me failed with 502: Bad Gateway');
    expect(error.body).toBe('Bad Gateway');
  });

  it('turns a 429 that persists into RateLimitError with retryAfterMs', async () => {
    api().get('/api/v1/me').times(4).reply(429, { message: 'slow down' }, { 'Retry-After': '1' });
    const error = await failure(t.client.me());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(error).toMatchObject({ retryAfterMs: 1000 });
    expect(error.message).toBe('GET /me failed with 429: slow down');
    expect(t.clock.sleeps).toEqual([1000, 1000, 1000]);
  });

  it.each([
    [{ detail: [{ loc: ['body', 'ref'], msg: 'bad ref' }] }, 'bad ref'],
    [{ detail: 'Not authenticated' }, 'Not authenticated'],
    [{ error: 'nope' }, 'nope'],
    [{ message: 'plain message' }, 'plain message'],
    ['<html><body>oops</body></html>', '<html><body>oops</body></html>'],
  ])('reads the message from %j', async (body, expected) => {
    api(true).post('/api/v1/scans', { repository_id: 'r' }).reply(422, body);
    const error = await failure(t.client.createScan({ repository_id: 'r' }));
    expect(error.message).toContain(expected);
  });

  it('keeps the raw text of a body that is not JSON', async () => {
    api().get('/api/v1/me').reply(404, '{"broken json');
    const error = await failure(t.client.me());
    expect(error.body).toBe('{"broken json');
  });

  it('reads the request id from x-request-id, else request-id', async () => {
    api().get('/api/v1/scans/a').reply(404, {}, { 'x-request-id': 'req-x', 'request-id': 'req-other' });
    api().get('/api/v1/scans/b').reply(404, {}, { 'request-id': 'req-plain' });
    api().get('/api/v1/scans/c').reply(404, {});
    expect((await failure(t.client.getScan('a'))).requestId).toBe('req-x');
    expect((await failure(t.client.getScan('b'))).requestId).toBe('req-plain');
    expect((await failure(t.client.getScan('c'))).requestId).toBeUndefined();
  });

  it('does not follow a redirect, and never sends the key elsewhere', async () => {
    api().get('/api/v1/me').reply(302, '', { Location: 'https://elsewhere.test/me' });
    const elsewhere = nock('https://elsewhere.test').get('/me').reply(200, {});
    const error = await failure(t.client.me());
    expect(error.constructor).toBe(ServiceError);
    expect(error.statusCode).toBe(302);
    expect(elsewhere.isDone()).toBe(false);
  });
});

describe('the API key never leaks', () => {
  const echo = {
    error: { message: `invalid key ${KEY}` },
    request: { headers: { authorization: `Bearer ${KEY}`, accept: 'application/json' } },
    [KEY]: KEY.split('').join(''),
  };

  function expectNoKey(error: ServiceError): void {
    const everything = [
      error.message,
      error.stack ?? '',
      JSON.stringify(error.body),
      String(error.requestId),
      error.cause instanceof Error
        ? `${error.cause.message} ${error.cause.stack ?? ''}`
        : String(error.cause),
    ].join('\n');
    expect(everything).not.toContain(KEY);
    expect(everything).not.toContain('TEST_key');
  }

  it('from a JSON body that echoes the request and its headers', async () => {
    api().get('/api/v1/me').reply(401, echo);
    const error = await failure(t.client.me());
    expectNoKey(error);
    expect(error.message).toBe('GET /me failed with 401: invalid key [REDACTED]');
    expect(error.body).toMatchObject({ request: { headers: { authorization: 'Bearer [REDACTED]' } } });
  });

  it('from a plain text body and a request id header', async () => {
    api()
      .get('/api/v1/me')
      .reply(403, `Authorization: Bearer ${KEY} is not allowed`, { 'x-request-id': KEY });
    const error = await failure(t.client.me());
    expectNoKey(error);
    expect(error.message).toContain('Authorization: Bearer [REDACTED] is not allowed');
  });

  it('from a key escaped inside a JSON string', async () => {
    api()
      .get('/api/v1/me')
      .reply(400, `{"message": "${KEY.replace('_', '\\u005f')}"}`);
    expectNoKey(await failure(t.client.me()));
  });

  it('from a success body that fails to decode', async () => {
    api()
      .get('/api/v1/scans/s1')
      .reply(200, { id: 's1', echo: `Bearer ${KEY}` });
    expectNoKey(await failure(t.client.getScan('s1')));
  });

  it('from the retry log', async () => {
    api()
      .get('/api/v1/me')
      .reply(503, { message: `upstream saw ${KEY}` });
    api().get('/api/v1/me').reply(200, {
      user_id: 'u',
      email: 'e',
      active_org_id: 'o',
      role: 'member',
      permissions: [],
      organizations: [],
    });
    await t.client.me();
    expect(t.logger.text()).toContain('upstream saw [REDACTED]');
    expect(t.logger.text()).not.toContain(KEY);
  });
});

describe('decoding responses', () => {
  it('names the endpoint and the missing field', async () => {
    api().get('/api/v1/scans/s1').times(4).reply(200, { id: 's1', modules: [] }, { 'x-request-id': 'req-9' });
    const error = await failure(t.client.getScan('s1'));
    expect(error.constructor).toBe(DecodeError);
    expect(error.attempts).toBe(4);
    expect(error.message).toBe('GET /scans/s1: the response lacks field "status" (expected a string)');
    expect(error.statusCode).toBe(200);
    expect(error.requestId).toBe('req-9');
    expect(error.body).toEqual({ id: 's1', modules: [] });
  });

  it('names a field deep in a page', async () => {
    const broken = {
      items: [{ id: 's', status: 'queued', modules: [{ name: 'sast' }] }],
      total: 1,
      limit: 20,
      offset: 0,
    };
    api().get('/api/v1/scans').times(4).reply(200, broken);
    const error = await failure(t.client.listScans());
    expect(error.message).toBe(
      'GET /scans: the response lacks field "items[0].modules[0].status" (expected a string)',
    );
  });

  it('keeps a page of findings whose one item lacks a field, naming the field on the item', async () => {
    api()
      .get('/api/v1/findings?scan_id=s1&limit=50')
      .reply(200, {
        items: [{ id: 'f', severity: 'low', title: 't', file_path: 'a' }],
        total: 1,
        limit: 50,
        offset: 0,
      });
    const page = await t.client.listFindings({ scan_id: 's1' });
    expect(page.items).toEqual([
      { id: 'f', severity: 'low', title: 't', file_path: 'a', line: 0, malformed: ['line'] },
    ]);
  });

  it('asks again for a read whose answer cannot be decoded, as for a reset', async () => {
    const broken = api().get('/api/v1/scans/s1').reply(200, 'not json at all');
    const good = api()
      .get('/api/v1/scans/s1')
      .reply(200, scan({ id: 's1' }));
    await expect(t.client.getScan('s1')).resolves.toMatchObject({ id: 's1' });
    expect(broken.isDone() && good.isDone()).toBe(true);
    expect(t.clock.sleeps).toHaveLength(1);
  });

  it('names an answer that never decodes after the retries', async () => {
    api().get('/api/v1/scans/s1').times(4).reply(200, 'not json at all');
    const error = await failure(t.client.getScan('s1'));
    expect(error).toBeInstanceOf(DecodeError);
    expect(error.message).toBe('GET /scans/s1 returned a body that is not JSON: not json at all');
  });

  it('does not ask again for a create whose answer cannot be decoded, and keeps the id it carried', async () => {
    const scope = api(true).post('/api/v1/scans').reply(201, { id: 'scan-77', status: 'queued' });
    const error = await failure(t.client.createScan({ repository_id: 'r' }));
    expect(error).toBeInstanceOf(DecodeError);
    expect(error).toMatchObject({ resourceId: 'scan-77' });
    expect(scope.isDone()).toBe(true);
    expect(t.clock.sleeps).toEqual([]);
  });

  it('refuses an answer about another scan than the one asked for', async () => {
    api()
      .get('/api/v1/scans/s1')
      .times(4)
      .reply(200, scan({ id: 's2', status: 'completed' }));
    const error = await failure(t.client.getScan('s1'));
    expect(error).toBeInstanceOf(DecodeError);
    expect(error.message).toBe('GET /scans/s1: the response is about scan "s2", not scan "s1"');
  });

  it('refuses a page of one scan that lists a finding of another', async () => {
    const items = [{ id: 'f', scan_id: 'other', severity: 'low', title: 't', file_path: 'a', line: 1 }];
    api()
      .get('/api/v1/findings?scan_id=s1&limit=50')
      .times(4)
      .reply(200, { items, total: 1, limit: 50, offset: 0 });
    const error = await failure(t.client.listFindings({ scan_id: 's1' }));
    expect(error.message).toBe(
      'GET /findings: the response lists finding "f" of scan "other", not of scan "s1"',
    );
  });

  it('shortens a long body that is not JSON in the message and keeps it whole on the error', async () => {
    const text = `<html>${'x'.repeat(500)}</html>`;
    api().get('/api/v1/me').times(4).reply(200, text);
    const error = await failure(t.client.me());
    expect(error.message.length).toBeLessThan(200);
    expect(error.message.endsWith('…')).toBe(true);
    expect(error.body).toBe(text);
  });

  it('reports an empty body where one was expected', async () => {
    api().get('/api/v1/billing/usage').times(4).reply(200, '');
    expect((await failure(t.client.getUsage())).message).toBe('GET /billing/usage returned an empty body');
  });

  it('keeps a new key token out of a decoding error', async () => {
    api(true).post('/api/v1/api-keys').reply(201, { token: 'svc_sk_brand_new', id: 'k' });
    const error = await failure(t.client.createApiKey({ name: 'ci' }));
    expect(error.message).toContain('lacks field "name"');
    expect(error.body).toBeUndefined();
    expect(error.stack).not.toContain('svc_sk_brand_new');
  });
});

describe('retries over HTTP', () => {
  it('retries a GET after a 503 and returns the result', async () => {
    api().get('/api/v1/scans/s1').reply(503, 'busy');
    api()
      .get('/api/v1/scans/s1')
      .reply(200, scan({ id: 's1' }));
    await expect(t.client.getScan('s1')).resolves.toMatchObject({ id: 's1' });
    expect(t.clock.sleeps).toEqual([250]);
  });

  it('retries a DELETE after a 500', async () => {
    api().delete('/api/v1/api-keys/k').reply(500, 'oops');
    api().delete('/api/v1/api-keys/k').reply(204);
    await expect(t.client.revokeApiKey('k')).resolves.toBeUndefined();
  });

  it('does not retry a POST after a 500', async () => {
    const first = api().post('/api/v1/findings/f1/remediate').reply(500, 'oops');
    const second = api()
      .post('/api/v1/findings/f1/remediate')
      .reply(200, { id: 'j', pr_url: '', branch: '' });
    const error = await failure(t.client.remediateFinding('f1'));
    expect(error).toBeInstanceOf(ServerError);
    expect(error.attempts).toBe(1);
    expect(first.isDone()).toBe(true);
    expect(second.isDone()).toBe(false);
    expect(t.clock.sleeps).toEqual([]);
  });

  it('retries a cancel after a 503: cancelling twice cancels once', async () => {
    api().post('/api/v1/scans/s1/cancel').reply(503, 'busy');
    api()
      .post('/api/v1/scans/s1/cancel')
      .reply(200, scan({ id: 's1', status: 'cancelled' }));
    await expect(t.client.cancelScan('s1')).resolves.toMatchObject({ status: 'cancelled' });
    expect(t.clock.sleeps).toHaveLength(1);
  });

  it('retries a POST after a 429, honouring Retry-After in seconds', async () => {
    api(true).post('/api/v1/scans', { repository_id: 'r' }).reply(429, '', { 'Retry-After': '3' });
    api(true).post('/api/v1/scans', { repository_id: 'r' }).reply(201, scan());
    await expect(t.client.createScan({ repository_id: 'r' })).resolves.toMatchObject({ id: 'scan-1' });
    expect(t.clock.sleeps).toEqual([3000]);
    expect(t.logger.lines[0]).toEqual({
      level: 'debug',
      message: 'POST /scans failed with 429: Too Many Requests; retry 1 of 3 in 3.0 s',
    });
  });

  it('honours Retry-After as an HTTP date', async () => {
    const at = new Date(t.clock.now() + 5_000).toUTCString();
    api().get('/api/v1/me').reply(429, '', { 'Retry-After': at });
    api().get('/api/v1/me').reply(429, '', { 'Retry-After': 'garbage' });
    api().get('/api/v1/me').reply(200, {
      user_id: 'u',
      email: 'e',
      active_org_id: 'o',
      role: 'member',
      permissions: [],
      organizations: [],
    });
    await t.client.me();
    // HTTP dates have whole seconds; the unreadable header falls back to jittered backoff.
    expect(t.clock.sleeps[0]).toBeGreaterThan(4_000);
    expect(t.clock.sleeps[0]).toBeLessThanOrEqual(5_000);
    expect(t.clock.sleeps[1]).toBe(500);
  });

  it('gives up with the RateLimitError when Retry-After exceeds the wait budget', async () => {
    await t.client.close();
    t = testClient({ maxRetryWaitMs: 10_000 });
    const scope = api().get('/api/v1/me').reply(429, 'later', { 'Retry-After': '30' });
    const error = await failure(t.client.me());
    expect(error).toBeInstanceOf(RateLimitError);
    expect(scope.isDone()).toBe(true);
    expect(t.clock.sleeps).toEqual([]);
  });

  it('honours maxRetries', async () => {
    await t.client.close();
    t = testClient({ maxRetries: 1 });
    const scope = api().get('/api/v1/me').times(2).reply(500, 'x');
    const extra = api().get('/api/v1/me').reply(500, 'x');
    await failure(t.client.me());
    expect(scope.isDone()).toBe(true);
    expect(extra.isDone()).toBe(false);
  });
});

describe('the client', () => {
  it('rejects an empty key and an unsafe base URL before any request', async () => {
    const { ServiceClient } = await import('../../../src/client/service-client.ts');
    expect(() => new ServiceClient({ apiKey: ' ', baseUrl: 'https://x.test' })).toThrow('API key');
    expect(() => new ServiceClient({ apiKey: 'k', baseUrl: 'http://x.test/api/v1' })).toThrow('plain http');
  });

  it.each(['svc_sk_a\nb', 'svc_sk_a b', 'svc_sk_é'])(
    'rejects a key that cannot be a header value (%j), without quoting it',
    async (apiKey) => {
      const { ServiceClient } = await import('../../../src/client/service-client.ts');
      let message = '';
      try {
        new ServiceClient({ apiKey, baseUrl: 'https://x.test/api/v1' });
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message).toContain('copy the key again');
      expect(message).not.toContain('svc_sk_');
    },
  );

  it('uses the base URL without its trailing slash and a custom user agent', async () => {
    await t.client.close();
    t = testClient({ baseUrl: 'https://svc.test/api/v1/', userAgent: 'svc-scan-action/9.9.9 (test)' });
    const scope = nock('https://svc.test', { reqheaders: { 'user-agent': 'svc-scan-action/9.9.9 (test)' } })
      .get('/api/v1/billing/usage')
      .reply(200, { remaining_credits: 1 });
    await t.client.getUsage();
    expect(scope.isDone()).toBe(true);
  });

  it('closes only once, and leaves an injected dispatcher to its owner', async () => {
    await t.client.close();
    await t.client.close();
    const { Agent } = await import('undici');
    const agent = new Agent();
    const injected = testClient({ dispatcher: agent });
    await injected.client.close();
    expect(agent.closed).toBe(false);
    await agent.close();
  });
});

describe('the key in a successful answer', () => {
  it('is redacted from decoded strings, raw or spelled with \\u escapes in the JSON text', async () => {
    const escaped = Array.from(KEY)
      .map((c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
      .join('');
    const body = `{"user_id":"u","email":"${escaped}@x","active_org_id":"o","role":"member","permissions":["${KEY}"],"organizations":[]}`;
    api().get('/api/v1/me').reply(200, body, { 'content-type': 'application/json' });
    const me = await t.client.me();
    expect(me.email).toBe('[REDACTED]@x');
    expect(me.permissions).toEqual(['[REDACTED]']);
  });
});
