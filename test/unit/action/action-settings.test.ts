import { describe, expect, it } from 'vitest';
import { ActionInputs, INPUT_DEFAULTS } from '../../../src/action/action-settings.ts';
import { workflowOrigin } from '../../../src/action/workflow-origin.ts';
import { InputError } from '../../../src/run/settings.ts';
import { pullRequestEvent, pushEvent } from '../../fixtures/events.ts';

const ENV = { GITHUB_REPOSITORY: 'octo-org/webapp', GITHUB_SHA: 'c'.repeat(40) };

function problemsOf(act: () => unknown): readonly string[] {
  try {
    act();
  } catch (error) {
    if (error instanceof InputError) return error.problems;
    throw error;
  }
  throw new Error('no InputError');
}

describe('the action inputs, read once', () => {
  it('refuses a bad input the workflow set before the policy is looked for, naming every one', () => {
    const inputs = new ActionInputs(
      { 'fail-on': 'hihg', 'config-from': 'side' },
      workflowOrigin(ENV, pushEvent()),
    );
    expect(problemsOf(() => inputs.checkGiven())).toEqual([
      "Input 'fail-on' is invalid: got 'hihg'; expected one of critical, high, medium, low, info, or none. Did you mean 'high'?",
      "Input 'config-from' is invalid: got 'side'; expected one of auto, head, base.",
    ]);
  });

  it('finds the policy and what is scanned from the inputs alone', () => {
    const origin = workflowOrigin(ENV, pullRequestEvent({ headSha: 'd'.repeat(40) }));
    const inputs = new ActionInputs(
      { 'config-file': 'ci/policy.yml', 'github-token': ' t ' },
      origin,
    ).checkGiven();
    expect(inputs.policyLocation).toEqual({ path: 'ci/policy.yml', named: true, from: 'auto' });
    expect(inputs.scanned).toEqual({ repository: 'octo-org/webapp', ref: 'd'.repeat(40) });
    expect(inputs.githubToken).toBe('t');
    const byDefault = new ActionInputs({}, origin);
    expect(byDefault.policyLocation).toEqual({
      path: INPUT_DEFAULTS['config-file'],
      named: false,
      from: 'auto',
    });
  });

  it('says once that the repository is missing, after the early reads', () => {
    const inputs = new ActionInputs({}, workflowOrigin({}, pushEvent())).checkGiven();
    expect(inputs.scanned.repository).toBe('');
    expect(problemsOf(() => inputs.settings(undefined))).toEqual([
      "Input 'repository' is invalid: got ''; expected owner/name: it is empty, and GITHUB_REPOSITORY, its default, is not set.",
    ]);
  });

  it('takes typed values from the policy, under the inputs, and gives each reporter its own', () => {
    const inputs = new ActionInputs({ 'max-annotations': '10' }, workflowOrigin(ENV, pushEvent()));
    const settings = inputs.settings({
      file: '.github/svc-scan.yml',
      values: { 'max-annotations': 500, 'suggest-fixes': false, 'pr-comment': 'always' },
    });
    expect(settings).toMatchObject({ maxAnnotations: 10, suggestFixes: false, prComment: 'always' });
    expect(settings.sources).toMatchObject({
      'max-annotations': 'input',
      'suggest-fixes': 'policy',
      'check-name': 'default',
    });
    expect(Object.isFrozen(settings)).toBe(true);
  });
});
