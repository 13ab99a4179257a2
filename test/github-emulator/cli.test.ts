import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

describe('the CLI', () => {
  it('prints its URL and a JSON ready line, serves the API, and exits 0 on SIGTERM', async () => {
    const child = spawn(
      join(ROOT, 'node_modules', '.bin', 'node'),
      [join(ROOT, 'github-emulator', 'cli.ts'), '--mode', 'read-only'],
      {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    try {
      const exit = new Promise<number | null>((resolve) => child.once('exit', resolve));
      const ready = await new Promise<{
        baseUrl: string;
        ghesUrl: string;
        token: string;
        controlUrl: string;
      }>((resolve, reject) => {
        let out = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
          const line = out
            .split('\n')
            .find((candidate) => candidate.startsWith('{') && candidate.endsWith('}'));
          if (line) resolve(JSON.parse(line));
        });
        child.once('exit', (code) => reject(new Error(`exited ${code} before ready`)));
      });
      expect(ready.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      expect(ready.ghesUrl).toBe(`${ready.baseUrl}/api/v3`);
      const response = await fetch(`${ready.baseUrl}/repos/octo-org/webapp/issues/7/comments`, {
        method: 'POST',
        headers: { authorization: `Bearer ${ready.token}` },
        body: JSON.stringify({ body: 'x' }),
      });
      expect(response.status).toBe(403);
      child.kill('SIGTERM');
      expect(await exit).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });

  it('exits 2 on a bad flag', async () => {
    const child = spawn(
      join(ROOT, 'node_modules', '.bin', 'node'),
      [join(ROOT, 'github-emulator', 'cli.ts'), '--mode', 'root'],
      { cwd: ROOT },
    );
    expect(await new Promise((resolve) => child.once('exit', resolve))).toBe(2);
  });
});
