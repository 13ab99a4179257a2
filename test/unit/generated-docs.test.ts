import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { INPUTS } from '../../src/action/action-settings.ts';
import {
  ACTION_MARKERS,
  README_PATH,
  actionInterface,
  staleFiles,
  withGeneratedDeclarations,
  withGeneratedTables,
} from '../../scripts/generate.ts';
import { policySchema } from '../../scripts/policy-schema.ts';
import { LIMITS } from '../../src/run/settings.ts';

const readme = readFileSync(README_PATH, 'utf8');

/** An input whose default is a runner expression, one with a default of the code's, one with none. */
const SAMPLE_INPUTS = [
  { name: 'repository', default: '', declaredDefault: '${{ github.repository }}', description: 'R.' },
  { name: 'fail-on', default: 'high', description: 'F.' },
  { name: 'api-key', default: '', description: 'K.' },
];

describe('what npm run generate writes from the descriptors', () => {
  it('is what is committed: action.yml, the README tables, the policy schema and its validator', async () => {
    expect(await staleFiles()).toEqual([]);
  });

  it("leaves each input's default out of its description: action.yml and the README add it", () => {
    for (const input of INPUTS) expect(input.description, input.name).not.toMatch(/Default: /);
  });
});

describe("the README's generated tables", () => {
  it('change when what the action declares changes', async () => {
    const declared = actionInterface();
    const renamed = {
      ...declared,
      inputs: declared.inputs.map((input) =>
        input.name === 'fail-on' ? { ...input, description: 'Something else.' } : input,
      ),
    };
    const generated = await withGeneratedTables(readme, renamed);
    expect(generated).not.toBe(readme);
    expect(generated).toMatch(/^\| `fail-on` +\| `high` +\| Something else\. +\|$/m);
  });

  it('show the runner expression action.yml declares, else the default of the code', async () => {
    const generated = await withGeneratedTables(readme, {
      inputs: SAMPLE_INPUTS,
      outputs: [],
    });
    expect(generated).toMatch(/^\| `repository` \| `\$\{\{ github.repository \}\}` \| R\. +\|$/m);
    expect(generated).toMatch(/^\| `fail-on` +\| `high` +\| F\. +\|$/m);
    expect(generated).toMatch(/^\| `api-key` +\| `''` +\| K\. +\|$/m);
  });

  it('escape what Markdown would take for a cell break, HTML or emphasis', async () => {
    const generated = await withGeneratedTables(readme, {
      inputs: [{ name: 'x', default: '', description: 'a | b, <owner>/<name>, **/*.md' }],
      outputs: [],
    });
    expect(generated).toContain('| a \\| b, &lt;owner>/&lt;name>, \\*\\*/\\*.md |');
  });

  it('need both markers of each table', async () => {
    await expect(withGeneratedTables('# no markers\n', actionInterface())).rejects.toThrow(
      'README.md has no <!-- inputs:start --> … <!-- inputs:end --> markers',
    );
  });
});

describe("action.yml's generated inputs and outputs", () => {
  const frame = `name: x\n${ACTION_MARKERS.start}\n${ACTION_MARKERS.end}\nruns:\n  using: node24\n`;

  it("declare only runner expressions as defaults, and name the code's default in the description", async () => {
    const generated = await withGeneratedDeclarations(frame, {
      inputs: SAMPLE_INPUTS.map((input) =>
        input.name === 'fail-on' ? { ...input, description: "Fails the step's gate." } : input,
      ),
      outputs: [{ name: 'result', description: 'passed or failed.' }],
    });
    expect(generated).toBe(
      [
        'name: x',
        ACTION_MARKERS.start,
        'inputs:',
        '  repository:',
        "    description: 'R.'",
        '    required: false',
        '    default: ${{ github.repository }}',
        '  fail-on:',
        `    description: "Fails the step's gate. Default: high."`,
        '    required: false',
        '  api-key:',
        "    description: 'K.'",
        '    required: false',
        '',
        'outputs:',
        '  result:',
        "    description: 'passed or failed.'",
        ACTION_MARKERS.end,
        'runs:',
        '  using: node24',
        '',
      ].join('\n'),
    );
  });

  it('need both markers', async () => {
    await expect(withGeneratedDeclarations('inputs: {}\n', actionInterface())).rejects.toThrow(
      'action.yml has no',
    );
  });
});

describe("the policy file's schema", () => {
  const { definitions } = policySchema([]) as {
    definitions: { globs: { items: { maxLength: number; not: { pattern: string } } } };
  };

  it('takes the bounds of a glob from LIMITS', () => {
    const stars = LIMITS.policyGlobStars.max;
    const tooMany = new RegExp(definitions.globs.items.not.pattern);
    expect(definitions.globs.items.maxLength).toBe(LIMITS.policyGlobCharacters.max);
    expect(tooMany.test(`src/${'*'.repeat(stars)}/x`)).toBe(false);
    expect(tooMany.test(`src/${'*'.repeat(stars + 1)}/x`)).toBe(true);
    expect(tooMany.test(`${'*/'.repeat(stars + 1)}x`)).toBe(false);
  });
});
