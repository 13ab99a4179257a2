import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import {
  AuthError,
  ConnectionError,
  DecodeError,
  PermissionDeniedError,
  RequestAbortedError,
  RequestTimeoutError,
  NotFoundError,
  RateLimitError,
  ServerError,
  ServiceError,
  ValidationError,
  type Severity,
} from '../../src/client/index.ts';
import {
  KEYS,
  caught,
  clientFor,
  closeClients,
  everythingShown,
  memoryLogger,
  requestsTo,
  startE2e,
} from './support.ts';

/**
 * The spec's Errors table, seen through the real client: every status family the emulator answers with
 * becomes its typed error, retries happen where the rules allow them and not elsewhere, broken responses
 * surface as errors, and no error ever shows the API key.
 */

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startE2e();
});
afterEach(async () => {
  await closeClients();
  await emulator.close();
});

const REQUEST_ID = /^req_[0-9a-f]{32}$/;

/** The error `action` throws, checked to be exactly of class `kind` (not a subclass of it). */
async function failure<E extends ServiceError>(
  kind: abstract new (...args: never[]) => E,
  action: () => Promise<unknown>,
): Promise<E> {
  const error = await caught(action);
  expect(error).toBeInstanceOf(kind);
  expect((error as object).constructor).toBe(kind);
  return error as E;
}

describe('401: the key does not authenticate', () => {
  it('an unknown key is an AuthError with the status, body and request id', async () => {
    const error = await failure(AuthError, () => clientFor(emulator, 'svc_sk_unknown_key_9999').me());
    expect(error.statusCode).toBe(401);
    expect(error.body).toEqual({ error: { code: 'invalid_api_key', message: 'The API key is not valid.' } });
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(error.message).toBe('GET /me failed with 401: The API key is not valid.');
    expect(error).toBeInstanceOf(ServiceError);
    // Not retried.
    expect(requestsTo(emulator, 'GET /api/v1/me')).toBe(1);
  });

  it("the scenario's revoked key is an AuthError", async () => {
    const error = await failure(AuthError, () => clientFor(emulator, KEYS.revoked).listScans());
    expect(error.statusCode).toBe(401);
    expect(error.message).toContain('revoked');
  });

  it('a key created, used, then revoked stops authenticating', async () => {
    const admin = clientFor(emulator, KEYS.admin);
    const created = await admin.createApiKey({ name: 'rotate me' });
    const rotated = clientFor(emulator, created.token);
    expect((await rotated.me()).role).toBe('member');
    expect((await rotated.listRepositories()).total).toBe(7);
    await admin.revokeApiKey(created.id);
    const error = await failure(AuthError, () => rotated.me());
    expect(error.statusCode).toBe(401);
    expect(error.message).toContain('revoked');
    await failure(AuthError, () => rotated.createScan({ repository_id: 'repo_clean' }));
    expect(emulator.stats().scans_created).toBe(0);
  });
});

describe('403: the key lacks the permission', () => {
  it('a viewer starting a scan gets a PermissionDeniedError (an AuthError) with statusCode 403, and no scan starts', async () => {
    const viewer = clientFor(emulator, KEYS.viewer);
    expect((await viewer.getScan('scan_e2e_vulnerable')).status).toBe('completed');
    const error = await failure(PermissionDeniedError, () =>
      viewer.createScan({ repository_id: 'repo_clean' }),
    );
    expect(error).toBeInstanceOf(AuthError);
    expect(error.statusCode).toBe(403);
    expect(error.message).toBe(
      'POST /scans failed with 403: The viewer role lacks the permission scans:write.',
    );
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(emulator.stats().scans_created).toBe(0);
  });

  it('a member listing audit logs or creating keys gets a PermissionDeniedError with statusCode 403', async () => {
    const member = clientFor(emulator, KEYS.member);
    const audit = await failure(PermissionDeniedError, () => member.listAuditLogs());
    expect(audit.statusCode).toBe(403);
    expect(audit.body).toMatchObject({ error: { code: 'forbidden' } });
    const keys = await failure(PermissionDeniedError, () => member.createApiKey({ name: 'escalate' }));
    expect(keys.statusCode).toBe(403);
    expect(emulator.stats().api_keys_created).toBe(0);
  });
});

describe('404: not found', () => {
  it("another org's scan is a NotFoundError, never a 403", async () => {
    const member = clientFor(emulator, KEYS.member);
    const error = await failure(NotFoundError, () => member.getScan('scan_e2e_globex'));
    expect(error.statusCode).toBe(404);
    expect(error.message).toBe(
      'GET /scans/scan_e2e_globex failed with 404: No scan with id "scan_e2e_globex".',
    );
    await failure(NotFoundError, () => member.listFindings({ scan_id: 'scan_e2e_globex' }));
    await failure(NotFoundError, () => member.cancelScan('scan_e2e_globex'));
    // The owner sees it.
    expect((await clientFor(emulator, KEYS.globex).getScan('scan_e2e_globex')).status).toBe('completed');
  });

  it('an unknown finding, remediation, framework or analysis is a NotFoundError', async () => {
    const member = clientFor(emulator, KEYS.member);
    expect((await failure(NotFoundError, () => member.getFinding('fnd_does_not_exist'))).statusCode).toBe(
      404,
    );
    await failure(NotFoundError, () => member.remediateFinding('fnd_does_not_exist'));
    await failure(NotFoundError, () => member.getRemediation('rem_nope'));
    await failure(NotFoundError, () => member.getComplianceFramework('iso-27001'));
    await failure(NotFoundError, () => member.getAiAnalysis('scan_e2e_vulnerable'));
    await failure(NotFoundError, () => member.createScan({ repository_id: 'repo_globex' }));
    await failure(NotFoundError, () => clientFor(emulator, KEYS.admin).revokeApiKey('key_globex_member'));
    // Not retried.
    expect(requestsTo(emulator, 'GET /api/v1/findings/{id}')).toBe(1);
  });
});

describe('400 and 422: validation', () => {
  it('a severity outside the enumeration is a ValidationError', async () => {
    const member = clientFor(emulator, KEYS.member);
    const error = await failure(ValidationError, () =>
      member.listFindings({ scan_id: 'scan_e2e_vulnerable', severity: 'urgent' as Severity }),
    );
    expect(error.statusCode).toBe(422);
    expect(error.body).toMatchObject({ error: { code: 'validation_error' } });
    expect(error.message).toContain('severity must be one of critical, high, medium, low, info');
    expect(requestsTo(emulator, 'GET /api/v1/findings')).toBe(1);
  });

  it('a limit of 0, an unknown module, a blank key name and a bad role are ValidationErrors', async () => {
    const member = clientFor(emulator, KEYS.member);
    const admin = clientFor(emulator, KEYS.admin);
    expect((await failure(ValidationError, () => member.listScans({ limit: 0 }))).statusCode).toBe(422);
    const modules = await failure(ValidationError, () =>
      member.createScan({ repository_id: 'repo_clean', modules: ['sast', 'telepathy'] }),
    );
    expect(modules.message).toContain('telepathy');
    await failure(ValidationError, () =>
      member.createScan({ repository_id: 'repo_clean', frameworks: ['iso-27001'] }),
    );
    await failure(ValidationError, () => admin.createApiKey({ name: '   ' }));
    await failure(ValidationError, () => admin.createApiKey({ name: 'x', role: 'owner' }));
    expect(emulator.stats().scans_created).toBe(0);
    expect(emulator.stats().api_keys_created).toBe(0);
  });
});

describe('409: the resource is not ready', () => {
  it('the report of a running scan is the base ServiceError with statusCode 409 (the client maps 409 to no subclass)', async () => {
    const member = clientFor(emulator, KEYS.member);
    const scan = await member.createScan({ repository_id: 'repo_clean' });
    emulator.advanceTime(3);
    const error = await failure(ServiceError, () => member.getScanReport(scan.id));
    expect(error.statusCode).toBe(409);
    expect(error.body).toMatchObject({ error: { code: 'scan_not_completed' } });
    expect(error.message).toBe(
      `GET /scans/${scan.id}/report failed with 409: Scan ${scan.id} is running; its report exists once it has completed.`,
    );
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(requestsTo(emulator, 'GET /api/v1/scans/{id}/report')).toBe(1);
  });

  it('an AI analysis of an unfinished scan, and patches of an unfinished analysis, are 409s', async () => {
    const member = clientFor(emulator, KEYS.member);
    const scan = await member.createScan({ repository_id: 'repo_clean' });
    expect((await failure(ServiceError, () => member.startAiAnalysis(scan.id))).statusCode).toBe(409);
    await member.startAiAnalysis('scan_e2e_vulnerable');
    const patches = await failure(ServiceError, () => member.getAiPatches('scan_e2e_vulnerable'));
    expect(patches.statusCode).toBe(409);
    expect(patches.body).toMatchObject({ error: { code: 'ai_analysis_not_completed' } });
  });
});

describe('429: rate limited', () => {
  it('is retried after Retry-After and then succeeds', async () => {
    emulator.setFaults([{ kind: 'rate_limit', path: '/scans/*', count: 2, retry_after_s: 3 }]);
    const sleeps: number[] = [];
    const client = clientFor(emulator, KEYS.member, {
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
    });
    expect((await client.getScan('scan_e2e_vulnerable')).status).toBe('completed');
    expect(sleeps).toEqual([3000, 3000]);
    expect(requestsTo(emulator, 'GET /api/v1/scans/{id}')).toBe(3);
    expect(emulator.stats().faults_injected).toEqual({ rate_limit: 2 });
  });

  it('is retried for a POST too, since the request was refused before any work', async () => {
    emulator.setFaults([{ kind: 'rate_limit', method: 'POST', path: '/scans', count: 1 }]);
    const scan = await clientFor(emulator, KEYS.member).createScan({ repository_id: 'repo_clean' });
    expect(scan.status).toBe('queued');
    expect(requestsTo(emulator, 'POST /api/v1/scans')).toBe(2);
    expect(emulator.stats().scans_created).toBe(1);
  });

  it('becomes a RateLimitError once the retries are exhausted', async () => {
    emulator.setFaults([{ kind: 'rate_limit', path: '/findings', retry_after_s: 1 }]);
    const sleeps: number[] = [];
    const client = clientFor(emulator, KEYS.member, {
      maxRetries: 2,
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
    });
    const error = await failure(RateLimitError, () => client.listFindings());
    expect(error.statusCode).toBe(429);
    expect(error.retryAfterMs).toBe(1000);
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(error.body).toMatchObject({ error: { code: 'rate_limited' } });
    expect(sleeps).toEqual([1000, 1000]);
    expect(requestsTo(emulator, 'GET /api/v1/findings')).toBe(3);
  });

  it('is not retried when Retry-After exceeds the retry budget', async () => {
    emulator.setFaults([{ kind: 'rate_limit', retry_after_s: 30, count: 5 }]);
    const sleeps: number[] = [];
    const client = clientFor(emulator, KEYS.member, {
      maxRetryWaitMs: 5_000,
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
    });
    const error = await failure(RateLimitError, () => client.me());
    expect(error.retryAfterMs).toBe(30_000);
    expect(sleeps).toEqual([]);
    expect(requestsTo(emulator, 'GET /api/v1/me')).toBe(1);
  });

  it("comes from the emulator's own limiter too", async () => {
    emulator.setRateLimit({ ratePerSecond: 0.001, burst: 1 });
    const client = clientFor(emulator, KEYS.member, { maxRetries: 1 });
    await client.me();
    const error = await failure(RateLimitError, () => client.me());
    expect(error.retryAfterMs).toBeGreaterThanOrEqual(1000);
    expect(emulator.stats().rate_limited).toBeGreaterThanOrEqual(1);
  });
});

describe('5xx: server errors', () => {
  it('a GET is retried after a 500 and then succeeds', async () => {
    emulator.setFaults([{ kind: 'error', status: 500, path: '/scans/*', count: 1 }]);
    const sleeps: number[] = [];
    const client = clientFor(emulator, KEYS.member, {
      sleep: (ms) => {
        sleeps.push(ms);
        return Promise.resolve();
      },
    });
    const scan = await client.getScan('scan_e2e_vulnerable');
    expect(scan.id).toBe('scan_e2e_vulnerable');
    expect(requestsTo(emulator, 'GET /api/v1/scans/{id}')).toBe(2);
    expect(emulator.stats().responses_by_status).toEqual({ '500': 1, '200': 1 });
    expect(sleeps).toHaveLength(1);
  });

  it('a GET that keeps failing becomes a ServerError after the retries', async () => {
    emulator.setFaults([{ kind: 'error', status: 503, path: '/billing/usage' }]);
    const client = clientFor(emulator, KEYS.member, { maxRetries: 3 });
    const error = await failure(ServerError, () => client.getUsage());
    expect(error.statusCode).toBe(503);
    expect(error.body).toMatchObject({ error: { code: 'service_unavailable' } });
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(requestsTo(emulator, 'GET /api/v1/billing/usage')).toBe(4);
  });

  it('a POST /scans is not retried after a 500: exactly one request reaches the service', async () => {
    emulator.setFaults([{ kind: 'error', status: 500, method: 'POST', path: '/scans', count: 1 }]);
    const client = clientFor(emulator, KEYS.member);
    const error = await failure(ServerError, () => client.createScan({ repository_id: 'repo_clean' }));
    expect(error.statusCode).toBe(500);
    expect(requestsTo(emulator, 'POST /api/v1/scans')).toBe(1);
    expect(emulator.stats().requests_total).toBe(1);
    // The fault is spent: the next POST starts a scan.
    await client.createScan({ repository_id: 'repo_clean' });
    expect(emulator.stats().scans_created).toBe(1);
  });

  it('a DELETE is retried after a 502, since revoking is idempotent', async () => {
    emulator.setFaults([{ kind: 'error', status: 502, method: 'DELETE', count: 1 }]);
    const admin = clientFor(emulator, KEYS.admin);
    await admin.revokeApiKey('key_e2e_viewer');
    expect(requestsTo(emulator, 'DELETE /api/v1/api-keys/{id}')).toBe(2);
    expect(emulator.stats().api_keys_revoked).toBe(1);
  });
});

describe('broken connections and bodies', () => {
  it('a reset before any byte is retried for a GET', async () => {
    emulator.setFaults([{ kind: 'reset', path: '/me', count: 1 }]);
    const me = await clientFor(emulator, KEYS.member).me();
    expect(me.user_id).toBe('usr_ci');
    expect(requestsTo(emulator, 'GET /api/v1/me')).toBe(2);
    expect(emulator.stats().faults_injected).toEqual({ reset: 1 });
  });

  it('resets on every attempt surface as a ConnectionError without a status, after every attempt', async () => {
    emulator.setFaults([{ kind: 'reset', path: '/me' }]);
    const error = await failure(ConnectionError, () =>
      clientFor(emulator, KEYS.member, { maxRetries: 2 }).me(),
    );
    expect(error.failure).toBe('reset');
    expect(error.attempts).toBe(3);
    expect(error.statusCode).toBeUndefined();
    expect(error.message).toMatch(/^GET \/me failed: /);
    expect(error.cause).toBeInstanceOf(Error);
    expect(requestsTo(emulator, 'GET /api/v1/me')).toBe(3);
  });

  it('a reset of a POST /scans is not retried', async () => {
    emulator.setFaults([{ kind: 'reset', method: 'POST', path: '/scans', count: 1 }]);
    const error = await failure(ConnectionError, () =>
      clientFor(emulator, KEYS.member).createScan({ repository_id: 'repo_clean' }),
    );
    expect(error.message).toMatch(/^POST \/scans failed: /);
    expect(error.attempts).toBe(1);
    expect(requestsTo(emulator, 'POST /api/v1/scans')).toBe(1);
  });

  it('a reset halfway through the body is an error, retried for a GET', async () => {
    emulator.setFaults([{ kind: 'reset', phase: 'during_body', path: '/findings' }]);
    const client = clientFor(emulator, KEYS.member, { maxRetries: 1 });
    const error = await failure(ConnectionError, () =>
      client.listFindings({ scan_id: 'scan_e2e_vulnerable' }),
    );
    expect(error.message).toMatch(/^GET \/findings failed: /);
    expect(requestsTo(emulator, 'GET /api/v1/findings')).toBe(2);
    emulator.clearFaults();
    expect((await client.listFindings({ scan_id: 'scan_e2e_vulnerable' })).total).toBe(7);
  });

  it('a body cut short of its Content-Length is an error, and a retry of the GET recovers', async () => {
    emulator.setFaults([{ kind: 'truncate', path: '/findings', count: 1 }]);
    const client = clientFor(emulator, KEYS.member);
    const page = await client.listFindings({ scan_id: 'scan_e2e_vulnerable' });
    expect(page.items).toHaveLength(7);
    expect(requestsTo(emulator, 'GET /api/v1/findings')).toBe(2);

    emulator.setFaults([{ kind: 'truncate', path: '/findings' }]);
    const error = await failure(ConnectionError, () =>
      clientFor(emulator, KEYS.member, { maxRetries: 0 }).listFindings({ scan_id: 'scan_e2e_vulnerable' }),
    );
    expect(error.statusCode).toBeUndefined();
    expect(error.message).toMatch(/^GET \/findings failed: /);
  });

  it('a truncated answer to a POST is not retried', async () => {
    emulator.setFaults([{ kind: 'truncate', method: 'POST', path: '/scans', count: 1 }]);
    await failure(ConnectionError, () =>
      clientFor(emulator, KEYS.member).createScan({ repository_id: 'repo_clean' }),
    );
    expect(requestsTo(emulator, 'POST /api/v1/scans')).toBe(1);
    expect(emulator.stats().scans_created).toBe(1);
  });

  it('a 200 with malformed JSON to a GET is asked for again, and recovers', async () => {
    emulator.setFaults([{ kind: 'malformed', path: '/scans/{id}', count: 1 }]);
    const scan = await clientFor(emulator, KEYS.member).getScan('scan_e2e_vulnerable');
    expect(scan.id).toBe('scan_e2e_vulnerable');
    expect(requestsTo(emulator, 'GET /api/v1/scans/{id}')).toBe(2);
  });

  it('a 200 with malformed JSON every time is a DecodeError with the status and request id', async () => {
    emulator.setFaults([{ kind: 'malformed', path: '/scans/{id}' }]);
    const error = await failure(DecodeError, () =>
      clientFor(emulator, KEYS.member, { maxRetries: 0 }).getScan('scan_e2e_vulnerable'),
    );
    expect(error.statusCode).toBe(200);
    expect(error.requestId).toMatch(REQUEST_ID);
    expect(error.message).toMatch(
      /^GET \/scans\/scan_e2e_vulnerable returned a body that is not JSON: \{"id":"scan_e2e_vulnerable"/,
    );
    expect(typeof error.body).toBe('string');
    expect(requestsTo(emulator, 'GET /api/v1/scans/{id}')).toBe(1);
  });

  it('a malformed API key creation keeps the half-sent secret out of the error', async () => {
    emulator.setFaults([{ kind: 'malformed', method: 'POST', path: '/api-keys', count: 1 }]);
    const error = await failure(DecodeError, () =>
      clientFor(emulator, KEYS.admin).createApiKey({ name: 'x' }),
    );
    expect(error.body).toBeUndefined();
    expect(error.message).not.toMatch(/svc_sk_[A-Za-z0-9_-]{8,}/);
  });

  it('a body slower than timeoutMs times out', async () => {
    // The rest of the body would come 10 minutes later, far past the test's own timeout: the call ends (and
    // the test with it) only because the client cut the request in flight.
    emulator.setFaults([{ kind: 'slow_body', slow_body_ms: 600_000, path: '/me' }]);
    const client = clientFor(emulator, KEYS.member, { timeoutMs: 150, maxRetries: 0 });
    const error = await failure(RequestTimeoutError, () => client.me());
    expect(error.message).toBe('GET /me timed out after 150 ms');
    expect(requestsTo(emulator, 'GET /api/v1/me')).toBe(1);
    expect(error.statusCode).toBeUndefined();
    expect(emulator.stats().faults_injected).toEqual({ slow_body: 1 });
  });

  it('a per-call timeoutMs overrides the client one, and a timed-out GET is retried', async () => {
    emulator.setFaults([{ kind: 'slow_body', slow_body_ms: 30_000, path: '/me', count: 1 }]);
    const client = clientFor(emulator, KEYS.member);
    const me = await client.me({ timeoutMs: 150 });
    expect(me.user_id).toBe('usr_ci');
    expect(requestsTo(emulator, 'GET /api/v1/me')).toBe(2);
  });

  it('a POST /scans that times out is not retried', async () => {
    emulator.setFaults([{ kind: 'slow_body', slow_body_ms: 30_000, method: 'POST', path: '/scans' }]);
    const client = clientFor(emulator, KEYS.member, { timeoutMs: 150 });
    const error = await failure(RequestTimeoutError, () =>
      client.createScan({ repository_id: 'repo_clean' }),
    );
    expect(error.message).toBe('POST /scans timed out after 150 ms');
    expect(requestsTo(emulator, 'POST /api/v1/scans')).toBe(1);
  });

  it("a caller's abort signal stops the call with a RequestAbortedError", async () => {
    emulator.setFaults([{ kind: 'latency', latency_ms: 5_000, path: '/me' }]);
    const error = await failure(RequestAbortedError, () =>
      clientFor(emulator, KEYS.member).me({ signal: AbortSignal.timeout(50) }),
    );
    expect(error.message).toBe('GET /me was aborted');
    expect(requestsTo(emulator, 'GET /api/v1/me')).toBe(1);
  });
});

describe('request ids', () => {
  it('every error answered by the service carries its own x-request-id', async () => {
    const member = clientFor(emulator, KEYS.member);
    const first = await failure(NotFoundError, () => member.getFinding('fnd_x'));
    const second = await failure(NotFoundError, () => member.getFinding('fnd_x'));
    expect(first.requestId).toMatch(REQUEST_ID);
    expect(second.requestId).toMatch(REQUEST_ID);
    expect(first.requestId).not.toBe(second.requestId);
  });
});

describe('the API key never appears in an error', () => {
  const CANARY = 'svc_sk_CANARY_do_not_leak_7f3a9c';

  it('not in a 401 built from the answer to an unknown key', async () => {
    const logger = memoryLogger();
    const error = await failure(AuthError, () => clientFor(emulator, CANARY, { logger }).me());
    expect(everythingShown(error)).not.toContain(CANARY);
    expect(logger.lines.join('\n')).not.toContain(CANARY);
  });

  it('not when the service echoes it back in an error body', async () => {
    // A 404 echoes the id asked for; here the client's own key travels as a query value and comes back.
    const member = clientFor(emulator, KEYS.member);
    const echoed = await failure(NotFoundError, () => member.listFindings({ scan_id: KEYS.member }));
    expect(echoed.body).toEqual({ error: { code: 'not_found', message: 'No scan with id "[REDACTED]".' } });
    expect(echoed.message).toBe('GET /findings failed with 404: No scan with id "[REDACTED]".');
    expect(everythingShown(echoed)).not.toContain(KEYS.member);
  });

  it('not when the key ends up in a path segment', async () => {
    const member = clientFor(emulator, KEYS.member);
    const error = await failure(NotFoundError, () => member.getScan(KEYS.member));
    expect(JSON.stringify(error.body)).not.toContain(KEYS.member);
    expect(everythingShown(error)).not.toContain(KEYS.member);
  });

  it('not in retried server errors, resets, timeouts or malformed bodies, nor in the logs', async () => {
    const logger = memoryLogger();
    const client = clientFor(emulator, CANARY, { logger, timeoutMs: 150, maxRetries: 1 });
    const errors: unknown[] = [];
    emulator.setFaults([{ kind: 'error', status: 502 }]);
    errors.push(await caught(() => client.me()));
    emulator.setFaults([{ kind: 'rate_limit' }]);
    errors.push(await caught(() => client.me()));
    emulator.setFaults([{ kind: 'reset' }]);
    errors.push(await caught(() => client.me()));
    emulator.setFaults([{ kind: 'truncate' }]);
    errors.push(await caught(() => client.createScan({ repository_id: 'repo_clean' })));
    emulator.setFaults([{ kind: 'slow_body', slow_body_ms: 30_000 }]);
    errors.push(await caught(() => client.listScans()));
    expect(errors.map((error) => (error as Error).name)).toEqual([
      'ServerError',
      'RateLimitError',
      'ConnectionError',
      'ConnectionError',
      'RequestTimeoutError',
    ]);
    for (const error of errors) expect(everythingShown(error)).not.toContain(CANARY);
    expect(logger.lines.length).toBeGreaterThan(0);
    expect(logger.lines.join('\n')).not.toContain(CANARY);
  });
});
