import { execFileSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, truncateSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { readPolicyText, type PolicyReach } from '../../../../src/action/policy/policy-file.ts';
import { NOOP_LOGGER } from '../../../../src/client/logger.ts';
import { GitHubClient } from '../../../../src/github/github-client.ts';
import { LIMITS } from '../../../../src/run/settings.ts';

const COMMIT = 'a'.repeat(40);
const FILE = '.github/svc-scan.yml';

let workspace: string;
let outside: string;
const reach = (): PolicyReach => ({ workspace, github: undefined });

beforeEach(() => {
  workspace = mkdtempSync(join(tmpdir(), 'policy-file-'));
  outside = mkdtempSync(join(tmpdir(), 'policy-outside-'));
  mkdirSync(join(workspace, '.git'));
  writeFileSync(join(workspace, '.git', 'HEAD'), `${COMMIT}\n`);
  mkdirSync(join(workspace, '.github'));
  writeFileSync(join(outside, 'secrets.yml'), 'version: 1\nthe-runner-secret: s3cr3t\n');
});

afterEach(() => {
  rmSync(workspace, { recursive: true, force: true });
  rmSync(outside, { recursive: true, force: true });
});

const refusal = async (): Promise<string> =>
  readPolicyText(FILE, COMMIT, reach()).then(
    (text) => `read: ${JSON.stringify(text)}`,
    (error: unknown) => (error as Error).message,
  );

describe('readPolicyText from the workspace', () => {
  it('reads a regular file', async () => {
    writeFileSync(join(workspace, FILE), 'version: 1\n');
    await expect(readPolicyText(FILE, COMMIT, reach())).resolves.toMatchObject({
      text: 'version: 1\n',
      via: 'the workspace',
    });
  });

  it('refuses a symbolic link by name, and reads nothing of what it points at', async () => {
    symlinkSync(join(outside, 'secrets.yml'), join(workspace, FILE));
    const message = await refusal();
    expect(message).toContain(`The policy file ${FILE} is a symbolic link`);
    expect(message).not.toContain('s3cr3t');
  });

  it('refuses a folder on the way that is a symbolic link', async () => {
    rmSync(join(workspace, '.github'), { recursive: true });
    writeFileSync(join(outside, 'svc-scan.yml'), 'version: 1\n');
    symlinkSync(outside, join(workspace, '.github'));
    expect(await refusal()).toContain(`is reached through .github, which is a symbolic link`);
  });

  it('refuses a link to /dev/zero before reading any of it', async () => {
    symlinkSync('/dev/zero', join(workspace, FILE));
    expect(await refusal()).toContain('is a symbolic link');
  });

  it('refuses a FIFO without waiting for a writer', async () => {
    execFileSync('mkfifo', [join(workspace, FILE)]);
    expect(await refusal()).toContain(`The policy file ${FILE} is not a regular file`);
  });

  it('checks the size before reading: a 3 GiB file is refused by its size', async () => {
    writeFileSync(join(workspace, FILE), '');
    truncateSync(join(workspace, FILE), 3 * 1024 ** 3);
    expect(await refusal()).toBe(
      `The policy file ${FILE} is ${3 * 1024 ** 3} bytes; a policy file may hold at most ${LIMITS.policyFileBytes.max} bytes.`,
    );
  });

  it('takes a file of exactly the cap, and a missing file is no file', async () => {
    writeFileSync(join(workspace, FILE), `version: 1\n#${'x'.repeat(LIMITS.policyFileBytes.max - 13)}\n`);
    await expect(readPolicyText(FILE, COMMIT, reach())).resolves.toMatchObject({ via: 'the workspace' });
    rmSync(join(workspace, FILE));
    await expect(readPolicyText(FILE, COMMIT, reach())).resolves.toBeUndefined();
  });
});

describe("readPolicyText through GitHub's contents API", () => {
  it('refuses a symbolic link in the same words as the workspace', async () => {
    const server = createServer((_request, response) => {
      response.setHeader('content-type', 'application/json');
      response.end(JSON.stringify({ type: 'symlink', target: '/etc/passwd', path: FILE, size: 11 }));
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const dispatcher = new Agent();
    try {
      const client = new GitHubClient({
        token: 'ghs_test',
        apiUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
        dispatcher,
        signal: new AbortController().signal,
        logger: NOOP_LOGGER,
        userAgent: 'svc-scan-action-test',
      });
      const read = readPolicyText(FILE, COMMIT, {
        workspace: undefined,
        github: { client, owner: 'octo', repo: 'webapp' },
      });
      await expect(read).rejects.toThrow(`The policy file ${FILE} is a symbolic link: a policy is read only`);
    } finally {
      await dispatcher.close();
      server.close();
    }
  });
});
