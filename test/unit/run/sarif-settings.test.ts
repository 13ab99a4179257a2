import { describe, expect, it } from 'vitest';
import { InputError, type InputName } from '../../../src/run/settings.ts';
import { parseActionSettings } from '../../../src/action/action-settings.ts';
import { sarifCategoryOf } from '../../../src/report/shared-inputs.ts';
import { pushEvent } from '../../fixtures/events.ts';
import { workflowOrigin } from '../../../src/action/workflow-origin.ts';

const ENV = { GITHUB_REPOSITORY: 'octo-org/webapp', GITHUB_SHA: 'c'.repeat(40), GITHUB_WORKSPACE: '/ws' };

function parse(inputs: Partial<Record<InputName, string>>, env: NodeJS.ProcessEnv = ENV) {
  return parseActionSettings((name) => inputs[name] ?? '', workflowOrigin(env, pushEvent()));
}

function problemsOf(
  inputs: Partial<Record<InputName, string>>,
  env: NodeJS.ProcessEnv = ENV,
): readonly string[] {
  try {
    parse(inputs, env);
  } catch (error) {
    if (error instanceof InputError) return error.problems;
    throw error;
  }
  throw new Error('parseSettings accepted the inputs');
}

describe('the sarif-file and sarif-category inputs', () => {
  it('write no file by default, in the category of the scanned repository', () => {
    expect(parse({}).sarifFile).toBeUndefined();
    expect(sarifCategoryOf(parse({}))).toBe('svc-scan/octo-org/webapp');
    expect(sarifCategoryOf(parse({ repository: 'acme/web' }))).toBe('svc-scan/acme/web');
  });

  it('resolve a relative path against GITHUB_WORKSPACE and keep an absolute one', () => {
    expect(parse({ 'sarif-file': 'results/svc.sarif' }).sarifFile).toBe('/ws/results/svc.sarif');
    expect(parse({ 'sarif-file': './a/../svc.sarif' }).sarifFile).toBe('/ws/svc.sarif');
    expect(parse({ 'sarif-file': '/tmp/runner/svc.sarif' }).sarifFile).toBe('/tmp/runner/svc.sarif');
    expect(sarifCategoryOf(parse({ 'sarif-category': 'svc-scan/matrix/web-1' }))).toBe(
      'svc-scan/matrix/web-1',
    );
  });

  it.each([
    ['../svc.sarif', /stays inside the workspace/],
    ['results/../../svc.sarif', /stays inside the workspace/],
    ['.', /stays inside the workspace|names a folder/],
    ['results/', /names a folder/],
    ['a\nb.sarif', /one line/],
  ])('refuse the sarif-file %j, naming the input', (value, reason) => {
    const problems = problemsOf({ 'sarif-file': value });
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^Input 'sarif-file' is invalid/);
    expect(problems[0]).toMatch(reason);
  });

  it('refuse a relative sarif-file without GITHUB_WORKSPACE, and accept an absolute one', () => {
    const env = { GITHUB_REPOSITORY: 'octo-org/webapp' };
    expect(problemsOf({ 'sarif-file': 'svc.sarif' }, env)[0]).toMatch(/GITHUB_WORKSPACE/);
    expect(parse({ 'sarif-file': '/tmp/svc.sarif' }, env).sarifFile).toBe('/tmp/svc.sarif');
  });

  it.each([
    ['/', /slashes alone/],
    ['///', /slashes alone/],
    ['svc-scan/\u202eweb', /control or invisible/],
    ['x'.repeat(500), /at most 499 characters/],
  ])('refuse the sarif-category %j, naming the input', (value, reason) => {
    const problems = problemsOf({ 'sarif-category': value });
    expect(problems).toEqual([expect.stringMatching(/^Input 'sarif-category' is invalid/)]);
    expect(problems[0]).toMatch(reason);
  });

  it('report both with every other problem in one error', () => {
    const problems = problemsOf({ 'sarif-file': '../x.sarif', 'sarif-category': '/', 'fail-on': 'hihg' });
    expect(problems).toHaveLength(3);
  });
});
