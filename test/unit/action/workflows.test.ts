import { readFileSync, readdirSync } from 'node:fs';
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

/** The README's complete workflows: yaml blocks that start with `name:` and have `jobs:`. */
const readmeWorkflows = Array.from(
  readFileSync(`${root}README.md`, 'utf8').matchAll(/```yaml\n([\s\S]*?)```/g),
)
  .map((match) => match[1] ?? '')
  .filter((text) => /^name:/m.test(text) && /^jobs:/m.test(text));

describe('workflows', () => {
  it.each(workflowFiles)('.github/workflows/%s is a valid workflow', (name) => {
    const workflow = parseYaml(readFileSync(`${root}.github/workflows/${name}`, 'utf8')) as unknown;
    expect(validate(workflow), JSON.stringify(validate.errors)).toBe(true);
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
