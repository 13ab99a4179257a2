import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { INPUT_DEFAULTS } from '../../../src/action/action-settings.ts';
import { FLEET_OUTPUTS, fleetDefaultOf } from '../../../src/action/fleet-inputs.ts';
import { KEYS } from '../../emulator/helpers.ts';
import { EXPRESSION_DEFAULTS, readActionMetadata } from '../../support/action-metadata.ts';
import { startGitHubEmulator } from '../../../github-emulator/index.ts';
import { pullRequestEvent } from '../../fixtures/events.ts';
import { seedWithPullRequest } from '../../support/github-side.ts';
import { HEAD_SHA, runMainAgainst, startFastE2e } from '../../support/in-process-action.ts';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const metadata = readActionMetadata();

describe('action.yml', () => {
  it('is valid against the SchemaStore schema for actions', () => {
    const schema = JSON.parse(
      readFileSync(`${root}test/fixtures/schemas/github-action.json`, 'utf8'),
    ) as object;
    const ajv = new Ajv({ strict: false, allErrors: true });
    const validate = ajv.compile(schema);
    expect(validate(metadata), JSON.stringify(validate.errors)).toBe(true);
  });

  it('runs dist/index.js on node24, with a post step of its own file', () => {
    // Which step runs is the runner's choice of file: an environment variable would be any earlier step's choice.
    expect(metadata.runs).toEqual({ using: 'node24', main: 'dist/index.js', post: 'dist/post.js' });
  });

  it('leaves every default to the code, so that an input the workflow sets is told from one it did not', () => {
    expect(Object.keys(metadata.inputs).sort()).toEqual(Object.keys(INPUT_DEFAULTS).sort());
    for (const [name, input] of Object.entries(metadata.inputs)) {
      // Only a runner expression stays in action.yml: the code cannot compute it.
      expect(input.default, name).toBe(EXPRESSION_DEFAULTS[name]);
      expect(input.description, name).toBeTruthy();
    }
  });

  it("names the code's default in each input's description", () => {
    for (const [name, input] of Object.entries(metadata.inputs)) {
      const value = INPUT_DEFAULTS[name];
      if (value === '' || name in EXPRESSION_DEFAULTS) continue;
      const fleet = fleetDefaultOf({ name, default: value ?? '' });
      const inFleet = fleet === undefined ? '' : `; in fleet mode (repositories set), ${fleet}`;
      expect(input.description, name).toContain(`Default: ${value}${inFleet}.`);
    }
  });

  it('declares exactly the inputs a run reads and the outputs a run sets', async () => {
    // A run that reaches every output: a passing gate with remediations, an AI analysis and compliance.
    // (run-main.test.ts checks every other path, the post step's included, reads and sets nothing action.yml
    // does not declare.)
    // On a pull request, reporting to GitHub (emulated): the check run and the comment have outputs too.
    const emulator = await startFastE2e();
    const github = await startGitHubEmulator({
      seed: seedWithPullRequest('acme/vulnerable-app', 42, HEAD_SHA),
      log: () => undefined,
    });
    try {
      const run = await runMainAgainst(
        emulator,
        {
          'api-key': KEYS.member,
          'github-token': github.token,
          'pr-comment': 'always',
          remediate: 'true',
          'remediate-severity': 'low',
          'fail-on': 'none',
          'ai-analysis': 'true',
          frameworks: 'owasp-top-10',
          'sarif-file': join(mkdtempSync(join(tmpdir(), 'svc-metadata-')), 'svc.sarif'),
          'upload-sarif': 'true',
        },
        {
          env: { GITHUB_API_URL: github.url },
          event: pullRequestEvent({ repository: 'acme/vulnerable-app', number: 42, headSha: HEAD_SHA }),
        },
      );
      expect(run.toolkit.failed).toBeUndefined();
      // Every output but fleet mode's, which a run with `repositories` sets (fleet-mode tests).
      const oneScanOutputs = Object.keys(metadata.outputs).filter((name) => !(name in FLEET_OUTPUTS));
      expect(Object.keys(run.toolkit.outputs).sort()).toEqual(oneScanOutputs.sort());
      expect([...new Set(run.toolkit.inputsRead)].sort()).toEqual(Object.keys(metadata.inputs).sort());
      // Each input is read once, into one record, whatever reads it after (the secrets' masking, the policy).
      expect([...run.toolkit.inputsRead].sort()).toEqual(Object.keys(metadata.inputs).sort());
    } finally {
      await github.close();
      await emulator.close();
    }
  });
});

describe('the README', () => {
  const readme = readFileSync(`${root}README.md`, 'utf8');
  /** The first cells of the table rows of one section: an input and an output may share a name (sarif-file). */
  const firstCellsOf = (heading: string): Map<string | undefined, string[]> => {
    const start = readme.indexOf(`\n## ${heading}\n`);
    expect(start, heading).toBeGreaterThan(-1);
    const end = readme.indexOf('\n## ', start + 1);
    const rows = readme
      .slice(start, end === -1 ? undefined : end)
      .split('\n')
      .filter((line) => line.startsWith('|'))
      .map((line) =>
        line
          .split('|')
          .slice(1, -1)
          .map((cell) => cell.trim()),
      );
    return new Map(rows.map((cells) => [cells[0], cells]));
  };

  it('documents every input with the default a run applies', () => {
    for (const name of Object.keys(metadata.inputs)) {
      const value = EXPRESSION_DEFAULTS[name] ?? INPUT_DEFAULTS[name];
      const shownDefault = value === '' ? "''" : value;
      const fleet = fleetDefaultOf({ name, default: INPUT_DEFAULTS[name] ?? '' });
      const inFleet = fleet === undefined ? '' : `; fleet mode: \`${fleet}\``;
      expect(firstCellsOf('Inputs').get(`\`${name}\``)?.[1], name).toBe(`\`${shownDefault}\`${inFleet}`);
    }
  });

  it('documents every output', () => {
    const firstCells = firstCellsOf('Outputs');
    for (const name of Object.keys(metadata.outputs)) expect(firstCells.has(`\`${name}\``), name).toBe(true);
  });
});
