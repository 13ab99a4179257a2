import { describe, expect, it } from 'vitest';
import { ownSettings, type ActionSettings } from '../../../src/action/action-settings.ts';
import { FEATURE_MANIFESTS } from '../../../src/action/reporters/registry.ts';
import { CODE_SCANNING_UPLOAD_MANIFEST } from '../../../src/code-scanning/code-scanning-upload-manifest.ts';
import type { GitHubSide } from '../../../src/report/github-side.ts';
import type { ReporterRun } from '../../../src/report/reporter.ts';
import { policyBeforeVerdict } from '../../../src/action/reporting.ts';
import { NOOP_LOGGER } from '../../../src/client/logger.ts';
import { runPolicyOf } from '../../../src/run/run-policy-of.ts';
import type { RunPolicy } from '../../../src/run/run-policy.ts';
import { NO_ORIGIN, parseSettings } from '../../../src/run/settings.ts';
import { FakeToolkit } from '../../support/fake-toolkit.ts';

/**
 * The work before the verdict is declared by the reporter whose feature it is and run by the conductor: code
 * scanning's triage reads the alerts a person dismissed, whether or not the upload is on, and hands the gate a
 * policy with them; nothing else runs before the verdict.
 */

const CATEGORY = 'svc-scan/acme/clean-service';
const dismissedAlert = {
  number: 12,
  state: 'dismissed',
  html_url: 'https://github.example/acme/clean-service/security/code-scanning/12',
  rule: { id: 'sql-injection', security_severity_level: 'high' },
  dismissed_by: { login: 'octocat', id: 583231 },
  dismissed_at: '2026-11-01T10:00:00Z',
  dismissed_reason: 'false positive',
  dismissed_comment: 'test fixture only',
  most_recent_instance: { category: CATEGORY, location: { path: 'src/db.ts', start_line: 4 } },
};

/** A GitHub whose code scanning has one alert a person dismissed; it counts the lists asked for. */
function gitHubWithOneDismissal(): { side: GitHubSide; lists: string[] } {
  const lists: string[] = [];
  const client = {
    listAll: (route: string) => {
      lists.push(route);
      return Promise.resolve([dismissedAlert]);
    },
  };
  const side = {
    client,
    account: { identity: () => Promise.resolve({ known: true, id: 41898282, login: 'github-actions[bot]' }) },
    environment: { owner: 'acme', repo: 'clean-service', sha: 'c'.repeat(40), ref: 'refs/heads/main' },
  } as unknown as GitHubSide;
  return { side, lists };
}

function runWith(
  inputs: Record<string, string>,
  github: GitHubSide,
): { run: ReporterRun; policy: RunPolicy } {
  const settings = parseSettings(
    (name) => ({ repository: 'acme/clean-service', ...inputs })[name] ?? '',
    NO_ORIGIN,
  ) as unknown as ActionSettings;
  // Settled as the action settles them: an empty code-scanning-triage follows upload-sarif.
  const own = CODE_SCANNING_UPLOAD_MANIFEST.settle?.(
    {
      uploadSarif: inputs['upload-sarif'] === 'true',
      waitForProcessing: true,
      codeScanningTriage:
        inputs['code-scanning-triage'] === undefined ? undefined : inputs['code-scanning-triage'] === 'true',
    },
    settings,
  );
  const none = { policy: undefined, source: undefined, change: [], changeApplied: true, notes: [], log: [] };
  const run = {
    settings: { ...settings, ...own, sarifCategory: '' },
    toolkit: new FakeToolkit(),
    logger: NOOP_LOGGER,
    github,
    notWorkflowHead: undefined,
  } as unknown as ReporterRun;
  return { run, policy: runPolicyOf(none, settings, new Date()) };
}

async function declaredWork(run: ReporterRun) {
  const declared = [];
  for (const feature of FEATURE_MANIFESTS) {
    const factory = await feature.reporter();
    const own = ownSettings(run.settings as ActionSettings, feature);
    const work = feature.beforeVerdict && factory.planBeforeVerdict?.(own, run);
    if (work) declared.push({ name: feature.name, work });
  }
  return declared;
}

describe('the work before the verdict', () => {
  it('is declared by code scanning alone, and only when triage is on', async () => {
    const { side } = gitHubWithOneDismissal();
    expect((await declaredWork(runWith({ 'upload-sarif': 'true' }, side).run)).map((d) => d.name)).toEqual([
      'code scanning upload',
    ]);
    expect(await declaredWork(runWith({ 'code-scanning-triage': 'true' }, side).run)).toHaveLength(1);
    expect(await declaredWork(runWith({}, side).run)).toEqual([]);
    expect(
      await declaredWork(runWith({ 'upload-sarif': 'true', 'code-scanning-triage': 'false' }, side).run),
    ).toEqual([]);
  });

  it("hands the gate a policy with a person's dismissal, read before the verdict", async () => {
    const { side, lists } = gitHubWithOneDismissal();
    const { run, policy } = runWith({ 'code-scanning-triage': 'true' }, side);
    const judged = await policyBeforeVerdict(
      { beforeVerdict: (await declaredWork(run)).map((d) => d.work) },
      policy,
    );
    expect(lists.length).toBeGreaterThan(0);
    expect(policy.dismissals).toBeUndefined();
    expect(judged.dismissals).toBeDefined();
    expect(judged.source).toContain('dismissed on GitHub');
  });

  it('runs each declared work in turn, each on the policy the one before handed on', async () => {
    const { policy } = runWith({}, gitHubWithOneDismissal().side);
    const seen: (string | undefined)[] = [];
    const judged = await policyBeforeVerdict(
      {
        beforeVerdict: [
          (given) => Promise.resolve({ ...given, source: 'first' }),
          (given) => {
            seen.push(given.source);
            return Promise.resolve({ ...given, source: `${given.source ?? ''}, second` });
          },
        ],
      },
      policy,
    );
    expect(seen).toEqual(['first']);
    expect(judged.source).toBe('first, second');
  });
});
