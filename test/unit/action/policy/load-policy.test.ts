import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Agent } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { loadPolicy } from '../../../../src/action/policy/load-policy.ts';
import { loadPolicyParser } from '../../../../src/run/run-policy-of.ts';
import { workflowFacts } from '../../../../src/action/workflow-origin.ts';
import { NOOP_LOGGER } from '../../../../src/client/logger.ts';

const HEAD = 'a'.repeat(40);
const BASE = 'b'.repeat(40);
const FILE = '.github/svc-scan.yml';

let workspace: string;
let github: Server;
let dispatcher: Agent;

beforeEach(async () => {
  workspace = mkdtempSync(join(tmpdir(), 'load-policy-'));
  mkdirSync(join(workspace, '.git'));
  writeFileSync(join(workspace, '.git', 'HEAD'), `${HEAD}\n`);
  mkdirSync(join(workspace, '.github'));
  // The base's policy, through the contents API.
  github = createServer((_request, response) => {
    response.setHeader('content-type', 'application/json');
    const content = Buffer.from('version: 1\nfail-on: high\n').toString('base64');
    response.end(JSON.stringify({ type: 'file', encoding: 'base64', content }));
  });
  await new Promise<void>((done) => github.listen(0, '127.0.0.1', done));
  dispatcher = new Agent();
});

afterEach(async () => {
  rmSync(workspace, { recursive: true, force: true });
  await dispatcher.close();
  github.close();
});

describe('loadPolicy on a pull request from a fork', () => {
  it("parses the head's policy, which does not judge, under the same bounds: one problem, a few lines", async () => {
    const keys = Array.from({ length: 30_000 }, (_, index) => `unknown-key-${index}: ${index}`);
    writeFileSync(join(workspace, FILE), ['version: 1', ...keys].join('\n'));
    const facts = workflowFacts(
      {
        GITHUB_REPOSITORY: 'octo/webapp',
        GITHUB_API_URL: `http://127.0.0.1:${(github.address() as AddressInfo).port}`,
        GITHUB_WORKSPACE: workspace,
      },
      {
        name: 'pull_request',
        payload: {
          repository: { full_name: 'octo/webapp' },
          pull_request: {
            number: 7,
            head: { sha: HEAD, repo: { full_name: 'fork/webapp' } },
            base: { sha: BASE },
          },
        },
      },
    );
    const loaded = await loadPolicy({
      location: { path: FILE, named: false, from: 'auto' },
      scanned: { ref: HEAD, ownRepository: true },
      githubToken: 'ghs_test',
      facts,
      dispatcher,
      signal: new AbortController().signal,
      logger: NOOP_LOGGER,
      userAgent: 'svc-scan-action-test',
      parser: loadPolicyParser,
    });
    expect(loaded.policy?.settings).toEqual({ 'fail-on': 'high' });
    expect(loaded.changeApplied).toBe(false);
    const said = [...loaded.change, ...loaded.notes].join('\n');
    expect(said).toContain(
      'line 1: the file has 30001 keys; a policy file holds at most 100 keys in one mapping',
    );
    expect(said.split('\n').length).toBeLessThanOrEqual(4);
  });
});
