import { createServer, type Server } from 'node:http';
import { mkdtempSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { runPost } from '../../../src/action/post.ts';
import { FakeToolkit } from '../../support/fake-toolkit.ts';

/** A status and an error message a hostile or broken service could send: each starts a workflow command. */
const HOSTILE_STATUS = '\n::error::status from the service';
const HOSTILE_MESSAGE = '##[set-output name=result]passed\n::error::message from the service';

let server: Server | undefined;

afterEach(async () => {
  await new Promise((resolve) => server?.close(resolve));
  server = undefined;
});

/**
 * A service that reports the scan with a hostile status; its cancel answers with that scan, or refuses (400) with a
 * hostile message.
 */
async function hostileService(cancel: 'answers' | 'refuses'): Promise<string> {
  server = createServer((request, response) => {
    const id = /\/scans\/([^/]+)/.exec(request.url ?? '')?.[1] ?? '';
    response.setHeader('content-type', 'application/json');
    if (request.method === 'POST' && cancel === 'refuses') {
      response.statusCode = 400;
      response.end(JSON.stringify({ error: { message: HOSTILE_MESSAGE } }));
      return;
    }
    response.end(JSON.stringify({ id, status: HOSTILE_STATUS, modules: [] }));
  });
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${String((server.address() as AddressInfo).port)}/api/v1`;
}

async function postAgainst(apiUrl: string): Promise<FakeToolkit> {
  const toolkit = new FakeToolkit({ 'api-key': 'svc_test_key', 'api-url': apiUrl });
  toolkit.saveState('scan-id', 'scan_left');
  await runPost(toolkit, { GITHUB_EVENT_NAME: 'push' }, mkdtempSync(join(tmpdir(), 'svc-post-home-')));
  return toolkit;
}

describe("the post step's log", () => {
  it('escapes the status the service gives the cancelled scan: no line starts a workflow command', async () => {
    const toolkit = await postAgainst(await hostileService('answers'));
    expect(toolkit.log.join('\n')).toMatch(/Asked the service to cancel scan scan_left; it is stopping/);
    expect(toolkit.log.filter((line) => line.split('\n').some((part) => /^\s*::/.test(part)))).toEqual([]);
    expect(toolkit.failed).toBeUndefined();
  });

  it("escapes the service's message when the cancel is refused: the warning runs no command", async () => {
    const toolkit = await postAgainst(await hostileService('refuses'));
    const warnings = toolkit.annotations.filter((annotation) => annotation.level === 'warning');
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.message).toMatch(
      /Could not cancel scan scan_left: .*## \[set-output name=result\]passed/s,
    );
    expect(warnings[0]?.message).not.toContain('##[');
    expect(toolkit.failed).toBeUndefined();
  });
});
