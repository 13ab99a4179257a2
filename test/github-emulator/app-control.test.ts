import { afterEach, describe, expect, it } from 'vitest';
import type { GitHubEmulator } from '../../github-emulator/index.ts';
import { APP_ID, freshJwt, INSTALLATION_ID, makeApp } from './app-helpers.ts';
import { api, startGitHub, type Json } from './helpers.ts';

let github: GitHubEmulator | undefined;
afterEach(async () => {
  await github?.close();
  github = undefined;
});

const control = (emulator: GitHubEmulator, path: string, method = 'GET', body?: unknown) =>
  fetch(`${emulator.controlUrl}${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

describe('the control endpoint for Apps and the clock', () => {
  it('seeds an App beside the repositories, reports its installations and refuses a key that is not one', async () => {
    github = await startGitHub();
    const app = makeApp();
    const installation = { id: INSTALLATION_ID, account: 'octo-org', permissions: { contents: 'read' } };
    const added = await control(github, '/apps', 'POST', {
      apps: [
        { id: APP_ID, slug: 'svc-scan-fleet', public_key: app.publicPem, installations: [installation] },
      ],
    });
    expect(added.status).toBe(200);
    const jwt = freshJwt(github, app.privateKey);
    expect((await api(github, 'GET', '/repos/octo-org/webapp/installation', { token: jwt })).status).toBe(
      200,
    );
    const report = (await (await control(github, '/apps')).json()) as Json;
    expect(report.installations).toEqual([
      expect.objectContaining({ id: INSTALLATION_ID, app_id: APP_ID, account: 'octo-org', requests: 0 }),
    ]);
    const badKey = await control(github, '/apps', 'POST', {
      apps: [
        { id: 7, slug: 'broken', public_key: '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----\n' },
      ],
    });
    expect(badKey.status).toBe(422);
    expect(((await badKey.json()) as Json).message).toMatch(/public_key is not a PEM public key/);
    const badSeed = await control(github, '/apps', 'POST', { apps: [{ id: 8, slug: 'no-key' }] });
    expect(badSeed.status).toBe(422);
  });

  it('moves the clock forward, and timestamps follow it', async () => {
    github = await startGitHub();
    expect(await (await control(github, '/clock')).json()).toEqual({
      now: '2026-02-01T12:00:00Z',
      offset_s: 0,
    });
    const moved = await control(github, '/clock', 'POST', { advance_s: 90 });
    expect(await moved.json()).toEqual({ now: '2026-02-01T12:01:30Z', offset_s: 90 });
    expect((await api(github, 'GET', '/repos/octo-org/webapp')).body.pushed_at).toBe('2026-02-01T12:01:30Z');
    expect((await control(github, '/clock', 'POST', { advance_s: -5 })).status).toBe(422);
  });
});
