import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Emulator } from '../../emulator/index.ts';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runPost } from '../../src/action/post.ts';
import { createScan, get, KEYS } from '../emulator/helpers.ts';
import { pullRequestEvent } from '../fixtures/events.ts';
import { readActionMetadata } from '../support/action-metadata.ts';
import { FakeToolkit } from '../support/fake-toolkit.ts';
import {
  HEAD_SHA,
  runMainAgainst,
  runPostAfter,
  startFastE2e,
  type InProcessRun,
} from '../support/in-process-action.ts';
import { closedPort } from '../support/closed-port.ts';

/**
 * The main and the post step in-process, through runMain and runPost only, against the service emulator over
 * HTTP. Each case asserts what the runner would be handed (outputs, failure, summary, annotations, state) and
 * what the service received.
 */

// A fresh emulator for each test: no test sees another's scans, keys, jobs, faults or clock, in any order.
let emulator: Emulator;
beforeEach(async () => {
  emulator = await startFastE2e();
});

const metadata = readActionMetadata();
const runs: InProcessRun[] = [];

async function run(...args: Parameters<typeof runMainAgainst>): Promise<InProcessRun> {
  const done = await runMainAgainst(...args);
  runs.push(done);
  return done;
}

// Whatever path a run takes, it reads only inputs action.yml declares, sets only outputs it declares, and
// closes every log group it opens.
afterEach(async () => {
  for (const { toolkit } of runs.splice(0)) {
    for (const name of toolkit.inputsRead) expect(metadata.inputs, `input ${name}`).toHaveProperty([name]);
    for (const name of Object.keys(toolkit.outputs))
      expect(metadata.outputs, `output ${name}`).toHaveProperty([name]);
    expect(toolkit.openGroups).toBe(0);
  }
  await emulator.close();
});

const requests = (key: string): number => emulator.stats().requests[key] ?? 0;

describe('runMain', () => {
  it('passes a scan whose findings are all below fail-on, and says so everywhere', async () => {
    const main = await run(emulator, { 'api-key': KEYS.member, repository: 'acme/clean-service' });
    const { toolkit } = main;
    expect(toolkit.failed).toBeUndefined();
    expect(toolkit.outputs).toMatchObject({
      result: 'passed',
      'scan-status': 'completed',
      'total-findings': '3',
      'findings-critical': '0',
      'findings-high': '0',
      'failing-findings': '0',
      'remediation-prs': '[]',
    });
    expect(toolkit.outputs['scan-id']).toMatch(/^scan_/);
    expect(toolkit.summary.startsWith('## ✅ svc-scan: passed')).toBe(true);
    expect(toolkit.log).toContain(
      `Started scan ${toolkit.outputs['scan-id']} of acme/clean-service at ${HEAD_SHA}`,
    );
    expect(toolkit.secrets).toContain(KEYS.member);
    expect(toolkit.state).toMatchObject({ 'scan-id': toolkit.outputs['scan-id'], 'scan-settled': 'true' });
    expect(toolkit.annotations.every((a) => a.level === 'notice')).toBe(true);
    const stats = emulator.stats();
    expect(stats.scans_created).toBe(1);
    expect(stats.cancels).toBe(0);
    expect(stats.remediations_created).toBe(0);

    // The post step leaves a scan the main step saw finish alone: not one request.
    await runPostAfter(main);
    expect(emulator.stats().requests_total).toBe(stats.requests_total);
    expect(toolkit.log.filter((line) => /cancel/i.test(line))).toEqual([]);
  });

  it('fails the gate on high findings, with an annotation on each line', async () => {
    const { toolkit } = await run(emulator, { 'api-key': KEYS.member });
    expect(toolkit.outputs).toMatchObject({
      result: 'failed',
      'scan-status': 'completed',
      'findings-critical': '1',
      'findings-high': '3',
      'failing-findings': '4',
    });
    expect(toolkit.failed).toMatch(/4 findings are high or above \(fail-on: high\)/);
    const onLines = toolkit.annotations.filter((a) => a.properties?.file !== undefined);
    expect(onLines.filter((a) => a.level === 'error')).toHaveLength(4);
    expect(onLines[0]?.properties).toMatchObject({ file: 'src/login.ts', startLine: 42 });
    expect(toolkit.summary.startsWith('## ❌ svc-scan: failed')).toBe(true);
    expect(emulator.stats().scans_created).toBe(1);
  });

  it('fails when the scan fails, naming the failed module, and reads no findings', async () => {
    const { toolkit } = await run(emulator, { 'api-key': KEYS.member, repository: 'acme/broken-build' });
    expect(toolkit.outputs).toMatchObject({ result: 'failed', 'scan-status': 'failed' });
    expect(toolkit.failed).toMatch(/ended failed; failed modules: dependencies/);
    expect(toolkit.summary).toContain('## ❌ svc-scan: failed');
    expect(requests('GET /api/v1/findings')).toBe(0);
    expect(toolkit.state['scan-settled']).toBe('true');
  });

  it('fails the gate when a module of a completed scan failed, since its findings are missing', async () => {
    const { toolkit } = await run(emulator, { 'api-key': KEYS.member, repository: 'acme/partial-results' });
    expect(toolkit.outputs).toMatchObject({ result: 'failed', 'scan-status': 'completed' });
    expect(toolkit.failed).toMatch(/module iac \(failed\) did not complete, so its findings are missing/);
    expect(
      toolkit.annotations.some(
        (a) => a.level === 'warning' && /Module iac \(failed\) did not complete/.test(a.message),
      ),
    ).toBe(true);
  });

  it('says which repository was looked up, in which org, when it is not found, and starts no scan', async () => {
    const { toolkit } = await run(emulator, { 'api-key': KEYS.member, repository: 'acme/nope' });
    expect(toolkit.outputs).toEqual({ result: 'failed' });
    expect(toolkit.failed).toMatch(
      /Repository 'acme\/nope' was not found on the service in organization org_acme/,
    );
    expect(toolkit.summary).toContain('acme/nope');
    expect(emulator.stats().scans_created).toBe(0);
    expect(toolkit.state['scan-id']).toBe('');
  });

  it('rejects an invalid input by name before sending anything, with the key masked all the same', async () => {
    const { toolkit } = await run(emulator, { 'api-key': KEYS.member, 'fail-on': 'hihg', 'page-size': '-5' });
    expect(toolkit.outputs).toEqual({ result: 'failed' });
    expect(toolkit.failed).toContain("Input 'fail-on' is invalid: got 'hihg'");
    expect(toolkit.failed).toContain("Input 'page-size' is invalid: got '-5'");
    expect(toolkit.secrets).toContain(KEYS.member);
    expect(emulator.stats().requests_total).toBe(0);
  });

  it('gives up at wait-timeout without a verdict, and the post step cancels the scan it left', async () => {
    const main = await run(emulator, {
      'api-key': KEYS.member,
      repository: 'acme/endless-monorepo',
      'wait-timeout': '1',
      'poll-interval': '0.2',
    });
    const { toolkit } = main;
    const scanId = toolkit.outputs['scan-id'] ?? '';
    expect(toolkit.outputs).toMatchObject({ result: 'failed', 'scan-status': 'timed-out' });
    expect(toolkit.failed).toMatch(/did not finish within wait-timeout \(1 s\)/);
    expect(toolkit.state['scan-id']).toBe(scanId);
    expect(toolkit.state['scan-settled']).toBe('');
    expect(emulator.stats().cancels).toBe(0);

    await runPostAfter(main);
    expect(emulator.stats().cancels).toBe(1);
    expect((await get(emulator, `/scans/${scanId}`)).body.status).toBe('cancelled');
    // The post step never fails the job.
    expect(toolkit.failures).toHaveLength(1);
  });

  it('cancels the scan on the service when the runner stops the step, and ends without a verdict', async () => {
    const stop = new AbortController();
    const { toolkit } = await run(
      emulator,
      { 'api-key': KEYS.member, repository: 'acme/endless-monorepo' },
      {
        signal: stop.signal,
        onLog: (line) => {
          if (line.startsWith('::group::Waiting for scan')) stop.abort(new Error('received SIGINT'));
        },
      },
    );
    const scanId = toolkit.outputs['scan-id'] ?? '';
    expect(toolkit.outputs).toMatchObject({ result: 'failed', 'scan-status': 'cancelled' });
    expect(toolkit.failed).toMatch(new RegExp(`The workflow was cancelled .*scan ${scanId} was cancelled`));
    expect(toolkit.summary).not.toContain('passed');
    expect(emulator.stats().cancels).toBe(1);
    expect((await get(emulator, `/scans/${scanId}`)).body.status).toBe('cancelled');
  });

  it('opens remediation pull requests where the service can, says why not where it cannot, and the gate decides', async () => {
    const { toolkit } = await run(emulator, {
      'api-key': KEYS.member,
      remediate: 'true',
      'remediate-severity': 'low',
      'max-remediations': '10',
      'fail-on': 'none',
    });
    expect(toolkit.failed).toBeUndefined();
    expect(toolkit.outputs.result).toBe('passed');
    const prs = JSON.parse(toolkit.outputs['remediation-prs'] ?? '[]') as {
      finding_id: string;
      pr_url: string;
      branch: string;
    }[];
    const opened = prs.filter((pr) => pr.pr_url !== '');
    expect(opened.length).toBeGreaterThan(0);
    expect(prs.length).toBeGreaterThan(opened.length);
    for (const pr of opened) {
      expect(pr.pr_url).toMatch(/^https:\/\/github\.com\/acme\/vulnerable-app\/pull\/\d+$/);
      expect(pr.branch).not.toBe('');
    }
    expect(emulator.stats().remediations_created).toBe(prs.length);
    expect(requests('POST /api/v1/findings/{id}/remediate')).toBe(prs.length);
    expect(toolkit.summary).toContain('### Remediations');
    expect(toolkit.summary).toContain('no pull request: the job ended without a pull request (failed)');
  });
});

describe('runMain on the way in: events, credentials, service failures', () => {
  it('scans the head commit of a pull request, from the event file', async () => {
    const headSha = '1234567890abcdef1234567890abcdef12345678';
    const { toolkit } = await run(
      emulator,
      { 'api-key': KEYS.member, repository: 'acme/clean-service' },
      { event: pullRequestEvent({ repository: 'acme/clean-service', headSha }) },
    );
    expect(toolkit.outputs.result).toBe('passed');
    expect(toolkit.log.some((line) => line.endsWith(`of acme/clean-service at ${headSha}`))).toBe(true);
  });

  it('fails without a verdict when the event file cannot be read, rather than guess the commit', async () => {
    const { toolkit } = await run(
      emulator,
      { 'api-key': KEYS.member },
      { env: { GITHUB_EVENT_NAME: 'pull_request', GITHUB_EVENT_PATH: '/nonexistent/event.json' } },
    );
    expect(toolkit.outputs).toEqual({ result: 'failed' });
    expect(toolkit.failed).toMatch(/Could not read the event payload at GITHUB_EVENT_PATH/);
    expect(emulator.stats().requests_total).toBe(0);
  });

  it('tells a pull request from a fork why there is no key, and sends nothing', async () => {
    const { toolkit } = await run(
      emulator,
      {},
      {
        event: pullRequestEvent({
          repository: 'acme/vulnerable-app',
          headRepository: 'mallory/vulnerable-app',
        }),
      },
    );
    expect(toolkit.failed).toMatch(/this pull request comes from a fork/);
    expect(emulator.stats().requests_total).toBe(0);
  });

  it('explains a key the service rejects, and writes it nowhere', async () => {
    const canary = 'svc_sk_canary_DO_NOT_LEAK_0123456789';
    const { toolkit } = await run(emulator, { 'api-key': canary });
    expect(toolkit.outputs).toEqual({ result: 'failed' });
    expect(toolkit.failed).toMatch(/rejected the API key \(401\) while looking up the repository/);
    expect(toolkit.secrets).toContain(canary);
    expect(toolkit.everythingWritten()).not.toContain('DO_NOT_LEAK');
  });

  it('says a rejected key once: no word on the credits, no warning before the error', async () => {
    const { toolkit } = await run(emulator, { 'api-key': 'svc_sk_not_a_key_of_the_service_0001' });
    expect(toolkit.failed).toMatch(/rejected the API key \(401\)/);
    expect(toolkit.log.join('\n')).not.toMatch(/credits|Warning:/);
    expect(toolkit.annotations).toEqual([]);
  });

  it('says a refused host once, after its retries, which go to the debug log', async () => {
    const url = `http://127.0.0.1:${String(await closedPort())}/api/v1`;
    const { toolkit } = await run(emulator, { 'api-key': KEYS.member, 'api-url': url });
    expect(toolkit.failed).toMatch(
      /refused or unreachable while looking up the repository, after 4 attempts/,
    );
    const retries = toolkit.log.filter((line) => / retry \d of 3 in /.test(line));
    expect(retries.length).toBeGreaterThanOrEqual(3);
    for (const line of retries) expect(line).toMatch(/^::debug::GET \/(repositories|billing\/usage)/);
    expect(toolkit.log.join('\n')).not.toMatch(/Could not read the credits|Warning:/);
    expect(toolkit.annotations).toEqual([]);
  });

  it('explains a role that may not start scans (403), and starts none', async () => {
    const { toolkit } = await run(emulator, { 'api-key': KEYS.viewer });
    expect(toolkit.failed).toMatch(/refused the request \(403\) while running the scan/);
    expect(emulator.stats().scans_created).toBe(0);
  });

  it('fails closed when the service keeps failing, after retrying the read', async () => {
    emulator.setFaults([{ kind: 'error', path: '/scans/*/report', status: 500 }]);
    const { toolkit } = await run(emulator, { 'api-key': KEYS.member, repository: 'acme/clean-service' });
    expect(toolkit.outputs).toMatchObject({ result: 'failed', 'scan-status': 'completed' });
    expect(toolkit.failed).toMatch(/The service failed \(500\) while reading the findings/);
    expect(requests('GET /api/v1/scans/{id}/report')).toBeGreaterThan(1);
  });
});

describe('runPost on its own', () => {
  /**
   * The post step with a scan the main step left running, an empty api-url, and SVC_API_URL set by some step;
   * `sent` counts the requests the post step sent.
   */
  async function postWithUrlFromEnvironment(eventName: string) {
    const started = await createScan(emulator, 'repo_stuck');
    const toolkit = new FakeToolkit({ 'api-key': KEYS.member });
    toolkit.saveState('scan-id', started.id);
    const before = emulator.stats().requests_total;
    const env = { GITHUB_EVENT_NAME: eventName, SVC_API_URL: emulator.baseUrl };
    await runPost(toolkit, env, mkdtempSync(join(tmpdir(), 'svc-post-home-')));
    return { toolkit, sent: emulator.stats().requests_total - before };
  }

  it('on pull_request_target sends nothing to a URL that is not the api-url input, and says why', async () => {
    const { toolkit, sent } = await postWithUrlFromEnvironment('pull_request_target');
    expect(sent).toBe(0);
    expect(toolkit.annotations.map((a) => a.message).join('\n')).toMatch(
      /Could not cancel .*on pull_request_target the action takes the service URL from the api-url input/,
    );
    expect(toolkit.failed).toBeUndefined();
  });

  it('on a push takes SVC_API_URL, says so, and cancels the scan', async () => {
    const { toolkit, sent } = await postWithUrlFromEnvironment('push');
    expect(toolkit.log).toContain(`Service URL: ${emulator.baseUrl} (from SVC_API_URL).`);
    expect(sent).toBeGreaterThan(0);
    expect(emulator.stats().cancels).toBe(1);
  });
});
