import { describe, expect, it } from 'vitest';
import { UsageError } from '../../src/cli/exit-codes.ts';
import { scanFormat, scanSettings } from '../../src/cli/scan/scan-settings.ts';

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
