import { describe, expect, it } from 'vitest';
import { Agent } from 'undici';
import { parseActionSettings } from '../../../src/action/action-settings.ts';
import { permissionsAdvice } from '../../../src/report/reporter.ts';
import { setUpReporting } from '../../../src/action/reporting.ts';
import { workflowFacts } from '../../../src/action/workflow-origin.ts';
import { NOOP_LOGGER } from '../../../src/client/index.ts';
import { permissionPlanOf } from '../../../src/github/token-permissions.ts';
import type { WorkflowEventFixture } from '../../../scripts/action-runner.ts';
import { pullRequestEvent, pushEvent } from '../../fixtures/events.ts';
import { FakeToolkit } from '../../support/fake-toolkit.ts';

/**
 * The permissions of the token a run needs, planned before the scan from what its settings turn on: each
 * reporter that is on, and each work before the verdict, adds what it declares. Nothing is sent to plan them.
 */

const ENV = {
  GITHUB_REPOSITORY: 'octo-org/webapp',
  GITHUB_SHA: 'c'.repeat(40),
  GITHUB_API_URL: 'https://api.github.invalid',
  GITHUB_WORKSPACE: '/w',
};

async function plannedScopes(event: WorkflowEventFixture, inputs: Record<string, string>) {
  const facts = workflowFacts(ENV, event);
  const given: Record<string, string> = { 'github-token': 'ghs_test', 'api-key': 'svc_test', ...inputs };
  const settings = parseActionSettings((name) => given[name] ?? '', facts.origin);
  const signal = new AbortController().signal;
  const reporting = await setUpReporting({
    settings,
    environment: facts.environment,
    toolkit: new FakeToolkit(),
    dispatcher: new Agent(),
    signal,
    logger: NOOP_LOGGER,
    userAgent: 'test',
    pullRequest: facts.environment.pullRequest,
    links: undefined,
    findings: { listFindings: () => Promise.reject(new Error('not read when planning')) },
    runSignal: signal,
    policyFilter: { active: false, classifier: () => () => undefined },
    notWorkflowHead: undefined,
    spillDirectory: undefined,
  });
  return reporting.permissions.scopes;
}

describe("the run's plan of the token's permissions", () => {
  it('needs checks: write for the check run on a push, and nothing of pull requests', async () => {
    expect(await plannedScopes(pushEvent(), {})).toEqual({ checks: 'write' });
  });

  it('adds pull-requests: write on a pull request, for the comment, the suggestions and the threads', async () => {
    expect(await plannedScopes(pullRequestEvent(), {})).toEqual({
      checks: 'write',
      'pull-requests': 'write',
    });
  });

  it("adds code scanning's upload and its triage before the verdict when upload-sarif is on", async () => {
    expect(await plannedScopes(pushEvent(), { 'upload-sarif': 'true', 'sarif-file': 'out.sarif' })).toEqual({
      checks: 'write',
      'security-events': 'write',
      actions: 'read',
    });
  });

  it('needs only what triage reads and writes when triage is on without the upload', async () => {
    expect(
      await plannedScopes(pushEvent(), { annotations: 'workflow-commands', 'code-scanning-triage': 'true' }),
    ).toEqual({ 'security-events': 'write' });
  });

  it('needs nothing of a token without one', async () => {
    expect(await plannedScopes(pushEvent(), { 'github-token': '' })).toEqual({});
  });
});

describe('the advice of a refusal', () => {
  const checkRun = { feature: 'the check run', needs: [{ scope: 'checks', access: 'write' }] } as const;
  const comment = { feature: 'the comment', needs: [{ scope: 'pull-requests', access: 'write' }] } as const;

  it("names the feature's own permission, and all the run's plan needs when that is more", () => {
    const alone = permissionsAdvice(checkRun, { permissions: permissionPlanOf([checkRun]) });
    expect(alone).toBe(
      "add `checks: write` to the job's `permissions:` (a pull request from a fork never gets it)",
    );
    expect(permissionsAdvice(checkRun, { permissions: permissionPlanOf([checkRun, comment]) })).toBe(
      `${alone}; this run's settings need \`checks: write\`, \`pull-requests: write\` in all`,
    );
    expect(permissionsAdvice(checkRun, {})).toBe(alone);
  });
});
