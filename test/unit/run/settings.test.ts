import { describe, expect, it } from 'vitest';
import { InputError, parseSettings, type InputName } from '../../../src/run/settings.ts';
import { pullRequestEvent, pushEvent, scheduleEvent } from '../../fixtures/events.ts';
import { workflowOrigin } from '../../../src/action/workflow-origin.ts';
import { parseActionSettings } from '../../../src/action/action-settings.ts';

const ENV = { GITHUB_REPOSITORY: 'octo-org/webapp', GITHUB_SHA: 'c'.repeat(40) };

function parse(
  inputs: Partial<Record<InputName, string>> = {},
  env: NodeJS.ProcessEnv = ENV,
  event = pushEvent(),
) {
  return parseSettings((name) => inputs[name] ?? '', workflowOrigin(env, event));
}

function problemsOf(inputs: Partial<Record<InputName, string>>): readonly string[] {
  try {
    parse(inputs);
  } catch (error) {
    if (error instanceof InputError) return error.problems;
    throw error;
  }
  throw new Error('parseSettings accepted the inputs');
}

describe('parseSettings', () => {
  it('applies the defaults when no input is given', () => {
    expect(parse()).toMatchObject({
      apiKey: undefined,
      apiUrl: undefined,
      repository: 'octo-org/webapp',
      ref: 'c'.repeat(40),
      modules: [],
      frameworks: [],
      incremental: true,
      severityThreshold: 'low',
      failOn: 'high',
      remediate: false,
      remediateSeverity: 'critical',
      maxRemediations: 5,
      waitTimeoutSeconds: 600,
      pollIntervalSeconds: 2,
      pageSize: 200,
      isForkPullRequest: false,
    });
  });

  it('returns a frozen object', () => {
    expect(Object.isFrozen(parse())).toBe(true);
  });

  it('reads every input', () => {
    const settings = parse({
      'api-key': ' svc_sk_x ',
      'api-url': 'https://scan.example/api/v1',
      repository: 'acme/app',
      'project-id': 'prj_1',
      ref: 'release/1.2',
      modules: 'sast, secrets\niac,sast',
      frameworks: 'owasp-top-10',
      incremental: 'False',
      'severity-threshold': 'MEDIUM',
      'fail-on': 'none',
      remediate: 'true',
      'remediate-severity': 'high',
      'max-remediations': '50',
      'wait-timeout': '90',
      'poll-interval': '0.5',
      'page-size': '200',
    });
    expect(settings).toMatchObject({
      apiKey: 'svc_sk_x',
      apiUrl: 'https://scan.example/api/v1',
      repository: 'acme/app',
      projectId: 'prj_1',
      ref: 'release/1.2',
      modules: ['sast', 'secrets', 'iac'],
      frameworks: ['owasp-top-10'],
      incremental: false,
      severityThreshold: 'medium',
      failOn: 'none',
      remediate: true,
      remediateSeverity: 'high',
      maxRemediations: 50,
      waitTimeoutSeconds: 90,
      pollIntervalSeconds: 0.5,
      pageSize: 200,
    });
  });

  it('scans the head commit of a pull request', () => {
    const event = pullRequestEvent({ headSha: 'd'.repeat(40) });
    expect(parse({}, ENV, event).ref).toBe('d'.repeat(40));
    expect(
      parse({}, ENV, pullRequestEvent({ eventName: 'pull_request_target', headSha: 'e'.repeat(40) })).ref,
    ).toBe('e'.repeat(40));
  });

  it('scans GITHUB_SHA on push and schedule, and the default branch without one', () => {
    expect(parse({}, ENV, scheduleEvent()).ref).toBe('c'.repeat(40));
    expect(parse({}, { GITHUB_REPOSITORY: 'o/r' }, scheduleEvent()).ref).toBeUndefined();
  });

  it('lets the ref input win over the event', () => {
    expect(parse({ ref: 'main' }, ENV, pullRequestEvent()).ref).toBe('main');
  });

  it('recognises a pull request from a fork', () => {
    expect(parse({}, ENV, pullRequestEvent({ headRepository: 'mallory/webapp' })).isForkPullRequest).toBe(
      true,
    );
    expect(parse({}, ENV, pullRequestEvent()).isForkPullRequest).toBe(false);
    expect(parse({}, ENV, pushEvent()).isForkPullRequest).toBe(false);
  });

  it.each([
    [
      'severity-threshold',
      'severe',
      "Input 'severity-threshold' is invalid: got 'severe'; expected one of critical, high, medium, low, info.",
    ],
    [
      'fail-on',
      'hihg',
      "Input 'fail-on' is invalid: got 'hihg'; expected one of critical, high, medium, low, info, or none. Did you mean 'high'?",
    ],
    [
      'remediate-severity',
      'urgent',
      "Input 'remediate-severity' is invalid: got 'urgent'; expected one of critical, high, medium, low, info.",
    ],
    ['incremental', 'yes', "Input 'incremental' is invalid: got 'yes'; expected true or false."],
    ['remediate', '1', "Input 'remediate' is invalid: got '1'; expected true or false."],
    [
      'max-remediations',
      '51',
      "Input 'max-remediations' is invalid: got '51'; expected a whole number from 0 to 50.",
    ],
    [
      'max-remediations',
      '2.5',
      "Input 'max-remediations' is invalid: got '2.5'; expected a whole number from 0 to 50.",
    ],
    [
      'wait-timeout',
      '-1',
      "Input 'wait-timeout' is invalid: got '-1'; expected a number of seconds from 1 to 21600.",
    ],
    [
      'wait-timeout',
      '10m',
      "Input 'wait-timeout' is invalid: got '10m'; expected a number of seconds from 1 to 21600.",
    ],
    [
      'poll-interval',
      '0',
      "Input 'poll-interval' is invalid: got '0'; expected a number of seconds from 0.1 to 300.",
    ],
    ['page-size', '0', "Input 'page-size' is invalid: got '0'; expected a whole number from 1 to 1000."],
    [
      'repository',
      'webapp',
      "Input 'repository' is invalid: got 'webapp'; expected owner/name, for example octo-org/webapp.",
    ],
    [
      'modules',
      'sast, rm -rf',
      "Input 'modules' is invalid: got 'rm -rf'; expected names of letters, digits, -, _, . and :, separated by commas or new lines.",
    ],
  ] as const)('rejects %s=%j, naming the input, the value and what is allowed', (name, value, message) => {
    expect(problemsOf({ [name]: value })).toEqual([message]);
  });

  it('reports every invalid input at once', () => {
    const problems = problemsOf({ 'fail-on': 'x', 'page-size': 'y', incremental: 'z' });
    expect(problems).toHaveLength(3);
    expect(() => parse({ 'fail-on': 'x', 'page-size': 'y', incremental: 'z' })).toThrow(
      /^3 inputs are invalid:\n- /,
    );
  });

  it('rejects a poll interval longer than the wait', () => {
    expect(problemsOf({ 'poll-interval': '30', 'wait-timeout': '10' })[0]).toMatch(
      /^Input 'poll-interval' is invalid: got '30'; expected at most input 'wait-timeout' \(10\), or the scan would be polled at most once/,
    );
  });

  it('needs a repository from the input or GITHUB_REPOSITORY', () => {
    expect(() => parse({}, {})).toThrow(
      "Input 'repository' is invalid: got ''; expected owner/name: it is empty, and GITHUB_REPOSITORY, its default, is not set.",
    );
  });
});

describe('ai-analysis and min-compliance-score', () => {
  it('are off by default', () => {
    expect(parse({})).toMatchObject({ aiAnalysis: false, minComplianceScore: undefined });
  });

  it('are read', () => {
    expect(
      parse({ 'ai-analysis': 'true', frameworks: 'owasp-top-10', 'min-compliance-score': '80' }),
    ).toMatchObject({ aiAnalysis: true, minComplianceScore: 80, frameworks: ['owasp-top-10'] });
    expect(parse({ frameworks: 'soc2', 'min-compliance-score': '0' }).minComplianceScore).toBe(0);
    expect(parse({ frameworks: 'soc2', 'min-compliance-score': '100' }).minComplianceScore).toBe(100);
    expect(parse({ frameworks: 'soc2', 'min-compliance-score': '72.5' }).minComplianceScore).toBe(72.5);
  });

  it.each(['101', '-1', 'eighty', '80%', '1e2'])('refuses min-compliance-score %s', (value) => {
    expect(problemsOf({ frameworks: 'soc2', 'min-compliance-score': value })).toEqual([
      `Input 'min-compliance-score' is invalid: got '${value}'; expected a number from 0 to 100.`,
    ]);
  });

  it('refuses min-compliance-score without frameworks, naming both', () => {
    const problems = problemsOf({ 'min-compliance-score': '80' });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toContain("'min-compliance-score'");
    expect(problems[0]).toContain("'frameworks'");
  });

  it('refuses an ai-analysis that is not a boolean', () => {
    expect(problemsOf({ 'ai-analysis': 'yes' })).toEqual([
      "Input 'ai-analysis' is invalid: got 'yes'; expected true or false.",
    ]);
  });
});

describe('precedence: an input the workflow sets, then the policy file, then the default', () => {
  // Typed as the policy file's YAML gives them.
  const policy = {
    file: '.github/svc-scan.yml',
    values: { 'fail-on': 'critical', 'max-annotations': 50, incremental: false, modules: ['sast', 'iac'] },
  };
  const parseWith = (inputs: Partial<Record<InputName, string>>) =>
    parseActionSettings((name) => inputs[name] ?? '', workflowOrigin(ENV, pushEvent()), policy);

  it('takes the input over the file, the file over the default, and says where each came from', () => {
    const settings = parseWith({ 'fail-on': 'medium' });
    expect(settings.failOn).toBe('medium');
    expect(settings.maxAnnotations).toBe(50);
    expect(settings.incremental).toBe(false);
    expect(settings.modules).toEqual(['sast', 'iac']);
    expect(settings.severityThreshold).toBe('low');
    expect(settings.sources).toMatchObject({
      'fail-on': 'input',
      'max-annotations': 'policy',
      'severity-threshold': 'default',
    });
  });

  it('names the file, not an input, when the value that is wrong came from it', () => {
    expect(() =>
      parseSettings(() => '', workflowOrigin(ENV, pushEvent()), {
        file: 'policy.yml',
        values: { 'min-compliance-score': '80' },
      }),
    ).toThrow(
      "'min-compliance-score' in policy.yml is invalid: got '80'; expected it empty, or input 'frameworks' set (for example owasp-top-10): the score it gates on is the compliance score of those frameworks.",
    );
    expect(() =>
      parseSettings(() => '', workflowOrigin(ENV, pushEvent()), {
        file: 'policy.yml',
        values: { gate: 'most' },
      }),
    ).toThrow("'gate' in policy.yml is invalid: got 'most'; expected one of auto, new, all.");
  });
});
