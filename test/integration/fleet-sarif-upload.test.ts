import { describe, expect, it } from 'vitest';
import { FleetUsageError } from '../../src/fleet/fleet-usage-error.ts';
import { renderRollUpMarkdown } from '../../src/fleet/rollup-markdown.ts';
import { runFleet } from '../../src/fleet/run-fleet.ts';
import { sarifSchemaErrors } from '../unit/sarif/sarif-support.ts';
import { FLEET_OPTIONS, fleetHarness } from './fleet-support.ts';
import {
  SUPPRESSES_THE_HIGH,
  commitOf,
  entry,
  night,
  policyOrganizationPerTest,
} from './fleet-policy-support.ts';
import { requestsTo } from './support.ts';

/**
 * `--upload-sarif`: each judged repository's SARIF, built by the action's code, uploaded to its own code
 * scanning for its default branch at the scanned commit, on the emulator over real HTTP and a fake GitHub that
 * decodes what it is sent.
 */

const organization = policyOrganizationPerTest();

describe("each judged repository's SARIF in its own code scanning", () => {
  it('lands on its default branch at the scanned commit, in its category, holding its own results', async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/web', findings: ['high', 'medium', 'info'] },
      {
        name: 'fleet/api',
        findings: ['critical', 'high'],
        policy: SUPPRESSES_THE_HIGH,
        github: { branch: 'trunk' },
      },
    ]);
    const rollUp = await night(emulator, github, { uploadSarif: true });
    // Each page of findings is read once, and each small scan in one unfiltered page: fleet/web's SARIF reads it
    // (where a first page per severity at or above the floor would take 4); under its policy, fleet/api's judging
    // reads it (not 5) and its SARIF reads it again from the page the judging kept (0).
    expect(requestsTo(emulator, 'GET /api/v1/findings')).toBe(2);

    const web = github.uploads.find((upload) => upload.repository === 'fleet/web');
    const api = github.uploads.find((upload) => upload.repository === 'fleet/api');
    expect(github.uploads).toHaveLength(2);
    expect(web).toMatchObject({ ref: 'refs/heads/main', commitSha: commitOf(0) });
    expect(api).toMatchObject({ ref: 'refs/heads/trunk', commitSha: commitOf(1) });
    for (const upload of [web, api]) expect(sarifSchemaErrors(upload?.sarif)).toEqual([]);
    expect(web?.sarif.runs[0]?.automationDetails?.id).toBe('svc-scan/fleet/web/');
    expect(api?.sarif.runs[0]?.automationDetails?.id).toBe('svc-scan/fleet/api/');
    // At or above the floor (severity-threshold low): the info finding is left out.
    expect(titles(web)).toEqual(['A high finding', 'A medium finding']);
    // The suppressed finding is in the run, with its suppression, as the action writes it.
    expect(titles(api)).toEqual(['A critical finding', 'A high finding']);

    expect(entry(rollUp, 'fleet/web')).toMatchObject({
      gate: 'failed',
      code_scanning: {
        sarif_id: expect.stringMatching(/^sarif-\d$/) as string,
        processing_status: 'complete',
        alerts_url: 'https://github.example/fleet/web/security/code-scanning',
        error: null,
      },
    });
    expect(entry(rollUp, 'fleet/api')).toMatchObject({
      gate: 'failed',
      policy: { suppressed: 1 },
      code_scanning: { processing_status: 'complete', error: null },
    });
    const markdown = renderRollUpMarkdown(rollUp);
    expect(markdown).toContain('Code scanning: 2 uploads processed');
    expect(markdown).toContain('| Policy | Code scanning |');
    expect(markdown).toContain('[complete](https://github.example/fleet/web/security/code-scanning)');
  });

  it('reports a 403 on upload for its repository, and the verdict stands', async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/private', findings: ['high'], github: { codeScanningOff: true } },
      { name: 'fleet/public', findings: ['low'] },
    ]);
    const rollUp = await night(emulator, github, { uploadSarif: true });
    const refused = entry(rollUp, 'fleet/private');
    expect(refused.gate).toBe('failed');
    expect(refused.findings.high).toBe(1);
    expect(refused.code_scanning).toMatchObject({ sarif_id: null, processing_status: 'not-uploaded' });
    expect(refused.code_scanning?.error).toContain('403');
    expect(refused.code_scanning?.error).toContain('Code Security');
    expect(github.asked.filter((asked) => asked === 'POST fleet/private code scanning')).toHaveLength(1);
    expect(entry(rollUp, 'fleet/public')).toMatchObject({
      gate: 'passed',
      code_scanning: { processing_status: 'complete' },
    });
  });

  it('uploads nothing from a scan some of whose modules failed, and says so in its entry', async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/partial', findings: ['low'], failedModules: ['dependencies'] },
      { name: 'fleet/broken', outcome: 'failed', failedModules: ['sast'] },
    ]);
    const rollUp = await night(emulator, github, { uploadSarif: true });
    expect(github.uploads).toEqual([]);
    expect(entry(rollUp, 'fleet/partial').gate).toBe('failed');
    expect(entry(rollUp, 'fleet/partial').code_scanning).toMatchObject({
      sarif_id: null,
      processing_status: 'not-uploaded',
    });
    expect(entry(rollUp, 'fleet/partial').code_scanning?.error).toMatch(
      /^Module dependencies \(failed\) did not complete .* nothing was uploaded to code scanning/,
    );
    expect(entry(rollUp, 'fleet/broken')).toMatchObject({
      gate: null,
      code_scanning: { sarif_id: null, processing_status: 'not-uploaded' },
    });
  });

  it('leaves pending the uploads GitHub’s limits let go only after the deadline, never failed', async () => {
    const { emulator, github } = await organization([{ name: 'fleet/late', findings: ['medium'] }]);
    github.deferUploads = true;
    const rollUp = await night(emulator, github, { uploadSarif: true });
    expect(entry(rollUp, 'fleet/late')).toMatchObject({
      gate: 'passed',
      code_scanning: { sarif_id: null, processing_status: 'pending', error: null },
    });
  });

  it('records the verdict before the upload, which holds no scan’s slot', async () => {
    const { emulator, github } = await organization([
      { name: 'fleet/one', findings: ['high'] },
      { name: 'fleet/two', findings: ['high'] },
    ]);
    const harness = fleetHarness(emulator);
    const repositories = await harness.repositories();
    const result = await runFleet(
      repositories,
      { ...FLEET_OPTIONS, concurrency: 1, uploadSarif: true },
      { ...harness.io, github },
    );
    const lines = harness.log.lines;
    const verdict = lines.findIndex(
      (line) => line.includes('fleet/one: scan') && line.includes('gate failed'),
    );
    const uploaded = lines.findIndex((line) =>
      line.includes('fleet/one: uploaded 1 results to code scanning'),
    );
    expect(verdict).toBeGreaterThanOrEqual(0);
    expect(uploaded).toBeGreaterThan(verdict);
    expect(result.outcomes.map((outcome) => outcome.code_scanning?.processing_status)).toEqual([
      'complete',
      'complete',
    ]);
  });

  it('needs GitHub: --upload-sarif without it is refused before anything is sent', async () => {
    const { emulator } = await organization([{ name: 'fleet/web' }]);
    const harness = fleetHarness(emulator);
    const repositories = await harness.repositories();
    await expect(runFleet(repositories, { ...FLEET_OPTIONS, uploadSarif: true }, harness.io)).rejects.toThrow(
      FleetUsageError,
    );
    await expect(runFleet(repositories, { ...FLEET_OPTIONS, uploadSarif: true }, harness.io)).rejects.toThrow(
      /--upload-sarif .* needs GitHub credentials.*--github-token/,
    );
    expect(emulator.stats().scans_created).toBe(0);
  });
});

function titles(upload: { sarif: { runs: { results?: { message?: { text?: string } }[] }[] } } | undefined) {
  return (upload?.sarif.runs[0]?.results ?? []).map((result) => (result.message?.text ?? '').split('\n')[0]);
}
