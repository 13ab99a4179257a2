import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { GitHubEmulator } from '../../github-emulator/index.ts';
import {
  annotation,
  api,
  createCheckRun,
  HEAD_SHA,
  readAllPages,
  REPO,
  responseProblems,
  startGitHub,
} from './helpers.ts';

let github: GitHubEmulator;
beforeEach(async () => {
  github = await startGitHub();
});
afterEach(async () => {
  await github.close();
});

describe('check runs', () => {
  it('are created in progress, completed by an update, and read back in the shape GitHub documents', async () => {
    const created = await createCheckRun(github, { status: 'in_progress' });
    expect(responseProblems('checks/create', created)).toEqual([]);
    expect(created).toMatchObject({
      name: 'svc-scan',
      head_sha: HEAD_SHA,
      status: 'in_progress',
      conclusion: null,
      completed_at: null,
      html_url: `https://github.com/octo-org/webapp/runs/${created.id}`,
      url: `${github.url}${REPO}/check-runs/${created.id}`,
      output: { title: null, summary: null, text: null, annotations_count: 0 },
      app: { slug: 'github-actions' },
    });
    expect(created.node_id).toMatch(/^CR_/);

    const updated = await api(github, 'PATCH', `${REPO}/check-runs/${created.id}`, {
      body: {
        conclusion: 'failure',
        output: { title: '3 findings', summary: 'Gate failed', text: 'details' },
      },
    });
    expect(updated.status).toBe(200);
    expect(responseProblems('checks/update', updated.body)).toEqual([]);
    expect(updated.body).toMatchObject({
      status: 'completed',
      conclusion: 'failure',
      completed_at: '2026-02-01T12:00:00Z',
    });

    const read = await api(github, 'GET', `${REPO}/check-runs/${created.id}`);
    expect(responseProblems('checks/get', read.body)).toEqual([]);
    expect(read.body.output).toMatchObject({ title: '3 findings', summary: 'Gate failed', text: 'details' });
  });

  it('accumulate annotations across updates, 50 a request, readable through every page', async () => {
    const run = await createCheckRun(github, {
      output: { title: 't', summary: 's', annotations: Array.from({ length: 50 }, (_, i) => annotation(i)) },
    });
    for (let start = 50; start < 120; start += 50) {
      const count = Math.min(50, 120 - start);
      const response = await api(github, 'PATCH', `${REPO}/check-runs/${run.id}`, {
        body: {
          output: {
            title: 't',
            summary: 's',
            annotations: Array.from({ length: count }, (_, i) => annotation(start + i)),
          },
        },
      });
      expect(response.status).toBe(200);
    }
    const read = await api(github, 'GET', `${REPO}/check-runs/${run.id}`);
    expect(read.body.output.annotations_count).toBe(120);
    const all = await readAllPages(github, `${REPO}/check-runs/${run.id}/annotations?per_page=50`);
    expect(all.pages).toBe(3);
    expect(all.items.map((item: { message: string }) => item.message)).toEqual(
      Array.from({ length: 120 }, (_, i) => `finding ${i}`),
    );
    expect(responseProblems('checks/list-annotations', all.items)).toEqual([]);
    expect(all.items[0].blob_href).toBe(`https://github.com/octo-org/webapp/blob/${HEAD_SHA}/src/file-0.ts`);
  });

  it('replace the whole output on update: a text left out is gone', async () => {
    const run = await createCheckRun(github, { output: { title: 't', summary: 's', text: 'old text' } });
    const updated = await api(github, 'PATCH', `${REPO}/check-runs/${run.id}`, {
      body: { output: { summary: 'new' } },
    });
    expect(updated.body.output).toMatchObject({ title: 't', summary: 'new', text: null });
  });

  it("refuse 51 annotations in one request with GitHub's message, and change nothing", async () => {
    const run = await createCheckRun(github);
    const response = await api(github, 'PATCH', `${REPO}/check-runs/${run.id}`, {
      body: {
        output: {
          title: 't',
          summary: 's',
          annotations: Array.from({ length: 51 }, (_, i) => annotation(i)),
        },
      },
    });
    expect(response.status).toBe(422);
    expect(response.body).toEqual({
      message: 'Invalid request.\n\nNo more than 50 items are allowed; 51 were supplied.',
      documentation_url: 'https://docs.github.com/rest/checks/runs#update-a-check-run',
      status: '422',
    });
    expect((await api(github, 'GET', `${REPO}/check-runs/${run.id}`)).body.output.annotations_count).toBe(0);
  });

  it('refuse an annotation level outside the schema', async () => {
    const response = await api(github, 'POST', `${REPO}/check-runs`, {
      body: {
        name: 'svc-scan',
        head_sha: HEAD_SHA,
        output: { title: 't', summary: 's', annotations: [annotation(0, 'fatal')] },
      },
    });
    expect(response.status).toBe(422);
    expect(response.body.message).toBe(
      'Invalid request.\n\nFor \'properties/annotation_level\', "fatal" is not a member of ["notice", "warning", "failure"].',
    );
    expect(github.state().check_runs).toEqual([]);
  });

  it('refuse a missing name, a null one, and a body that is not JSON', async () => {
    const missing = await api(github, 'POST', `${REPO}/check-runs`, { body: { head_sha: HEAD_SHA } });
    expect(missing.body.message).toBe('Invalid request.\n\n"name" wasn\'t supplied.');
    const nil = await api(github, 'POST', `${REPO}/check-runs`, { body: { name: null, head_sha: HEAD_SHA } });
    expect(nil.body.message).toBe("Invalid request.\n\nFor 'properties/name', nil is not a string.");
    const broken = await api(github, 'POST', `${REPO}/check-runs`, { rawBody: '{"name": ' });
    expect(broken.status).toBe(400);
    expect(broken.body.message).toBe('Problems parsing JSON');
  });

  it('hold output.summary and output.text to 65,535 characters, and summary to 65,535 bytes', async () => {
    const limit = 'a'.repeat(65_535);
    expect(
      (
        await api(github, 'POST', `${REPO}/check-runs`, {
          body: { name: 'n', head_sha: HEAD_SHA, output: { title: 't', summary: limit, text: limit } },
        })
      ).status,
    ).toBe(201);
    for (const field of ['summary', 'text']) {
      const output = { title: 't', summary: 's', [field]: `${limit}a` };
      const response = await api(github, 'POST', `${REPO}/check-runs`, {
        body: { name: 'n', head_sha: HEAD_SHA, output },
      });
      expect(response.status).toBe(422);
      expect(response.body.message).toBe(
        'Invalid request.\n\nOnly 65535 characters are allowed; 65536 were supplied.',
      );
    }
    const wide = await api(github, 'POST', `${REPO}/check-runs`, {
      body: { name: 'n', head_sha: HEAD_SHA, output: { title: 't', summary: 'é'.repeat(32_768) } },
    });
    expect(wide.status).toBe(422);
    expect(wide.body.errors[0].message).toBe('summary exceeds a maximum bytesize of 65535');
  });

  it('cut an output.text over 65,535 bytes at a character boundary, without an error, as GitHub does', async () => {
    const run = await createCheckRun(github, {
      output: { title: 't', summary: 's', text: 'é'.repeat(40_000) },
    });
    expect(run.output.text).toBe('é'.repeat(32_767));
  });

  it('need a conclusion to complete', async () => {
    const response = await api(github, 'POST', `${REPO}/check-runs`, {
      body: { name: 'n', head_sha: HEAD_SHA, status: 'completed' },
    });
    expect(response.status).toBe(422);
    expect(response.body.errors[0]).toMatchObject({ resource: 'CheckRun', field: 'conclusion' });
  });

  it('are 404 in another repository and for an unknown id', async () => {
    const run = await createCheckRun(github);
    github.seed({ repositories: [{ full_name: 'octo-org/webapp' }, { full_name: 'octo-org/other' }] });
    expect((await api(github, 'GET', `${REPO}/check-runs/${run.id}`)).status).toBe(404);
    const other = await createCheckRun(github);
    expect((await api(github, 'GET', `/repos/octo-org/other/check-runs/${other.id}`)).status).toBe(404);
    expect((await api(github, 'GET', `/repos/nobody/nothing/check-runs/1`)).body).toEqual({
      message: 'Not Found',
      documentation_url: 'https://docs.github.com/rest/checks/runs#get-a-check-run',
      status: '404',
    });
  });
});
