import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/exit-codes.ts';
import { scanFormat, scanSettings, sharedScanOptions } from '../../src/cli/scan/scan-settings.ts';
import { POLICY_FILE_INPUT, RUN_INPUTS } from '../../src/run/settings.ts';

describe('scanSettings', () => {
  it("takes the action's defaults and ignores the GitHub variables of the environment", () => {
    const settings = scanSettings('acme/app', {});
    expect(settings).toMatchObject({
      repository: 'acme/app',
      ref: undefined,
      failOn: 'high',
      severityThreshold: 'low',
      waitTimeoutSeconds: 600,
      pollIntervalSeconds: 2,
      remediate: false,
      modules: [],
    });
  });

  it('reads the flags like the inputs', () => {
    const settings = scanSettings('acme/app', {
      ref: 'feature',
      modules: 'sast, secrets',
      failOn: 'none',
      severityThreshold: 'medium',
      waitTimeout: '30',
      projectId: 'prj_core',
    });
    expect(settings).toMatchObject({
      ref: 'feature',
      modules: ['sast', 'secrets'],
      failOn: 'none',
      severityThreshold: 'medium',
      waitTimeoutSeconds: 30,
      projectId: 'prj_core',
    });
  });

  it('names every bad flag in one usage error', () => {
    expect(() => scanSettings('acme/app', { waitTimeout: '0', modules: 'a b' })).toThrow(
      new UsageError(
        "--modules is invalid: got 'a b'; expected names of letters, digits, -, _, . and :, separated by commas or new lines.\n" +
          "--wait-timeout is invalid: got '0'; expected a number of seconds from 1 to 21600.",
      ),
    );
  });

  it('names the policy file, and the flag it depends on, when the file set what is wrong', () => {
    const policy = (values: Record<string, string | number>) => ({ file: '.github/svc-scan.yml', values });
    expect(() => scanSettings('acme/app', {}, policy({ 'fail-on': 'hihg' }))).toThrow(
      new UsageError(
        "'fail-on' in .github/svc-scan.yml is invalid: got 'hihg'; expected one of critical, high, medium, low, info, or none. Did you mean 'high'?",
      ),
    );
    expect(() => scanSettings('acme/app', {}, policy({ 'min-compliance-score': 80 }))).toThrow(
      new UsageError(
        "'min-compliance-score' in .github/svc-scan.yml is invalid: got '80'; expected it empty, or --frameworks set (for example owasp-top-10): the score it gates on is the compliance score of those frameworks.",
      ),
    );
  });
});

describe('sharedScanOptions', () => {
  const options = new Map(sharedScanOptions().map((option) => [option.long, option]));

  it("are the settings' flags, with the choices and defaults of their descriptors", () => {
    expect([...options.keys()]).toEqual([
      '--project-id',
      '--ref',
      '--modules',
      '--frameworks',
      '--severity-threshold',
      '--fail-on',
      '--wait-timeout',
      '--poll-interval',
      '--reuse-scan',
      '--no-reuse-scan',
      '--policy',
    ]);
    expect(options.get('--fail-on')?.argChoices).toEqual(RUN_INPUTS.failOn.choices);
    expect(options.get('--fail-on')?.description).toContain(`(default: ${RUN_INPUTS.failOn.default})`);
    expect(options.get('--wait-timeout')?.description).toContain(
      `(default: ${RUN_INPUTS.waitTimeoutSeconds.default})`,
    );
    expect(options.get('--policy')?.description).toContain(POLICY_FILE_INPUT.default);
  });
});

describe('scanFormat', () => {
  it('is text by default, json with --json, and --format wins', () => {
    expect(scanFormat({}, false)).toBe('text');
    expect(scanFormat({}, true)).toBe('json');
    expect(scanFormat({ format: 'text' }, true)).toBe('text');
  });

  it('takes sarif as a format', () => {
    expect(scanFormat({ format: 'sarif' }, true)).toBe('sarif');
  });
});
