import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  README_PATH,
  actionInterface,
  actionInterfaceFromActionYml,
  withGeneratedTables,
} from '../../scripts/generate.ts';

const readme = readFileSync(README_PATH, 'utf8');

describe("the README's generated tables (npm run generate)", () => {
  it('are what the action declares now', async () => {
    expect(readme).toBe(await withGeneratedTables(readme, actionInterface()));
  });

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

  it('show the declared default, else the one the description names, and the description without it', () => {
    const source = actionInterfaceFromActionYml(
      [
        'inputs:',
        '  repository:',
        "    description: 'Repository to scan. Defaults to the workflow repository.'",
        '    default: ${{ github.repository }}',
        '  fail-on:',
        "    description: 'Lowest severity that fails the step. Default: high.'",
        '  api-key:',
        "    description: 'API key.'",
        'outputs:',
        '  result:',
        "    description: 'passed or failed.'",
      ].join('\n'),
    );
    expect(source).toEqual({
      inputs: [
        {
          name: 'repository',
          default: '${{ github.repository }}',
          description: 'Repository to scan. Defaults to the workflow repository.',
        },
        { name: 'fail-on', default: 'high', description: 'Lowest severity that fails the step.' },
        { name: 'api-key', default: '', description: 'API key.' },
      ],
      outputs: [{ name: 'result', description: 'passed or failed.' }],
    });
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
