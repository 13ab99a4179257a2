import { describe, expect, it } from 'vitest';
import { AuthError, ConnectionError, PermissionDeniedError, ServerError } from '../../src/client/index.ts';
import { EXIT } from '../../src/cli/exit-codes.ts';
import { describeFailure } from '../../src/cli/failure-message.ts';
import { adviseOnFailure } from '../../src/run/failure-advice.ts';
import { pipedStdin, runInProcess } from './support.ts';
import { closedPort } from '../support/closed-port.ts';

const KEY = 'svc_sk_unit_advice_key_0001';

describe("svc's errors say what happened and what to do", () => {
  it('svc login without a URL says none was given and how to give one (exit 3), without trying the placeholder', async () => {
    const result = await runInProcess(['login', '--with-token'], { stdin: pipedStdin(`${KEY}\n`) });
    expect(result.exitCode).toBe(EXIT.config);
    expect(result.stderr).toMatch(/^svc: No service URL was given \(no --api-url, SVC_API_URL or base_url/);
    expect(result.stderr).toContain('https://api.svc-scan.example/api/v1');
    expect(result.stderr).toContain('svc login --api-url https://<host>/api/v1');
    // Nothing was sent: no retry warning, no DNS error.
    expect(result.stderr).not.toMatch(/retry|ENOTFOUND/);
  });

  it('any command with a key and no URL says the same before sending anything', async () => {
    const result = await runInProcess(['whoami'], { env: { SVC_API_KEY: KEY } });
    expect(result.exitCode).toBe(EXIT.config);
    expect(result.stderr).toContain('No service URL was given');
  });

  it('a refused connection is explained in svc words (exit 4)', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/api/v1`;
    const result = await runInProcess(['usage', '--api-url', url], { env: { SVC_API_KEY: KEY } });
    expect(result.exitCode).toBe(EXIT.service);
    expect(result.stderr).toMatch(
      /^svc: The connection to the service was refused or unreachable while running svc usage, after \d attempts\. Check --api-url/m,
    );
    expect(result.stderr).toContain('ECONNREFUSED');
    expect(result.stderr).not.toMatch(/api-url input|the runner|Re-run the job/);
    // Said once: the retries before it are debug lines.
    expect(result.stderr.trimEnd().split('\n')).toHaveLength(1);
  });

  it('shows each retry with SVC_DEBUG set, as debug lines before the error', async () => {
    const url = `http://127.0.0.1:${await closedPort()}/api/v1`;
    const result = await runInProcess(['usage', '--api-url', url], {
      env: { SVC_API_KEY: KEY, SVC_DEBUG: '1' },
    });
    expect(result.exitCode).toBe(EXIT.service);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines.slice(0, -1)).toEqual([
      expect.stringMatching(
        /^debug: GET \/billing\/usage failed: .*ECONNREFUSED.*; retry 1 of 3 in \d\.\d s$/,
      ),
      expect.stringMatching(/; retry 2 of 3 in /),
      expect.stringMatching(/; retry 3 of 3 in /),
    ]);
    expect(lines.at(-1)).toMatch(/^svc: The connection to the service was refused/);
  });

  it('a host that does not resolve names --api-url and SVC_API_URL', () => {
    const error = new ConnectionError('getaddrinfo ENOTFOUND scanner.invalid', {
      failure: 'dns',
      code: 'ENOTFOUND',
    });
    const { exitCode, message } = describeFailure(error, false, {
      command: 'whoami',
      baseUrl: 'https://scanner.invalid/api/v1',
    });
    expect(exitCode).toBe(EXIT.service);
    expect(message).toContain(
      "The service's host name could not be resolved while running svc whoami (ENOTFOUND)",
    );
    expect(message).toContain('Check the host in --api-url (or SVC_API_URL)');
  });

  it('a connection failure on the built-in URL is a missing URL (exit 3)', () => {
    const error = new ConnectionError('connect ECONNREFUSED', { failure: 'connect', code: 'ECONNREFUSED' });
    const { exitCode, message } = describeFailure(error, false, { command: 'whoami', builtInUrl: true });
    expect(exitCode).toBe(EXIT.config);
    expect(message).toMatch(/^No service URL was given/);
  });

  it('401 and 403 say how to get a key that works, in svc words', () => {
    const rejected = describeFailure(new AuthError('GET /me failed with 401', { statusCode: 401 }), false, {
      command: 'whoami',
    });
    expect(rejected.message).toContain('svc keys create');
    expect(rejected.message).toContain('svc login');
    const refused = describeFailure(new PermissionDeniedError('forbidden', { statusCode: 403 }), false, {
      command: 'keys list',
    });
    expect(refused.exitCode).toBe(EXIT.config);
    expect(refused.message).toContain('while running svc keys list');
    expect(refused.message).toContain('admin manages keys');
  });

  it('a failing service says to run the command again, not to re-run a job', () => {
    const { message } = describeFailure(
      new ServerError('GET /me failed with 503', { statusCode: 503 }),
      false,
    );
    expect(message).toContain('Run the command again');
    expect(message).not.toContain('job');
  });

  it("the action's own words stay the action's", () => {
    const error = new ConnectionError('connect ECONNREFUSED', { failure: 'connect', code: 'ECONNREFUSED' });
    expect(adviseOnFailure(error, 'scan')).toContain('Check api-url');
    expect(adviseOnFailure(error, 'scan')).toContain('the runner can reach');
  });
});
