import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.ts';
import { closeServer, localServer, runInProcess } from './support.ts';

/** svc findings view colours its fix on a terminal, and never with NO_COLOR set (https://no-color.org). */
let server: Server;
let env: Record<string, string>;

beforeAll(async () => {
  let origin: string;
  ({ server, origin } = await localServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(
      JSON.stringify({
        id: 'fnd_1',
        severity: 'high',
        title: 'SQL injection',
        file_path: 'app/db.py',
        line: 3,
        fix: {
          unified_diff: '--- a/app/db.py\n+++ b/app/db.py\n@@ -3 +3 @@\n-query(text)\n+query(text, params)\n',
        },
      }),
    );
  }));
  env = { SVC_API_KEY: 'svc_sk_unit_colour_key_0001', SVC_API_URL: `${origin}/api/v1` };
});

afterAll(async () => {
  await closeServer(server);
});

describe('colours of svc findings view', () => {
  it('on a terminal, the fix in the colours of git diff', async () => {
    const result = await runInProcess(['findings', 'view', 'fnd_1'], { env, tty: true });
    expect(result.exitCode, result.stderr).toBe(EXIT.ok);
    expect(result.stdout).toContain('\x1b[32m+query(text, params)\x1b[0m');
  });

  it.each(['1', 'true', 'anything'])('none with NO_COLOR=%s, even on a terminal', async (value) => {
    const result = await runInProcess(['findings', 'view', 'fnd_1'], {
      env: { ...env, NO_COLOR: value },
      tty: true,
    });
    expect(result.exitCode, result.stderr).toBe(EXIT.ok);
    expect(result.stdout).toContain('\n+query(text, params)\n');
    expect(result.stdout).not.toContain('\x1b');
  });

  it('NO_COLOR set but empty leaves the colours, as no-color.org says', async () => {
    const result = await runInProcess(['findings', 'view', 'fnd_1'], {
      env: { ...env, NO_COLOR: '' },
      tty: true,
    });
    expect(result.stdout).toContain('\x1b[32m');
  });
});
