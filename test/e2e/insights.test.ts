import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { startGitHubEmulator } from '../../github-emulator/index.ts';
import type { ActionRunResult } from '../../scripts/action-runner.ts';
import { pullRequestEvent } from '../fixtures/events.ts';
import { seedWithPullRequest } from '../support/github-side.ts';
import { KEYS, failureMessage, runAgainst, useEmulator } from './support.ts';

/**
 * The bundled action's AI analysis, compliance, AI-security posture and credits, against the service emulator:
 * what reaches the outputs, the summary and the comment, and that only min-compliance-score decides anything.
 */
const emulator = useEmulator();

/** Each module a scan runs costs 1 credit; a scan of the e2e scenario runs 4. */
const DEFAULT_MODULES = 4;

/** The org's usage as the service tells it now. */
async function usage(): Promise<{ remaining_credits: number; used_credits: number }> {
  const response = await fetch(`${emulator.current.baseUrl}/billing/usage`, {
    headers: { authorization: `Bearer ${KEYS.member}` },
  });
  return (await response.json()) as { remaining_credits: number; used_credits: number };
}

function warnings(result: ActionRunResult): string[] {
  return result.annotations.filter((a) => a.level === 'warning').map((a) => a.message);
}

function lastSummaryLine(result: ActionRunResult): string {
  return result.summary.trimEnd().split('\n').at(-1) ?? '';
}

describe('ai-analysis', () => {
  it('starts the analysis once, sets its outputs and shows its section, with the credits line last', async () => {
    const before = await usage();
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/clean-service',
      'ai-analysis': 'true',
    });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs.result).toBe('passed');
    // The emulator's default agents and the scan's risk score.
    expect(result.outputs['ai-confidence']).toBe('0.81');
    expect(result.outputs['ai-risk-score']).toMatch(/^\d+(\.\d+)?$/);
    expect(result.outputs['compliance-score'] ?? '').toBe('');
    expect(emulator.current.stats().requests['POST /api/v1/scans/{id}/ai-analysis']).toBe(1);

    expect(result.summary).toContain('### AI analysis');
    expect(result.summary).toContain(
      `Risk score **${result.outputs['ai-risk-score']}** · overall confidence **0.81** · 4 agent runs`,
    );
    const runs = result.summary.split('\n').filter((line) => /^\| \d \| `/.test(line));
    expect(runs).toEqual([
      '| 1 | `triage` | ✅ completed | 0.92 |',
      '| 2 | `exploitability` | ✅ completed | 0.81 |',
      '| 3 | `fix-planner` | ✅ completed | 0.77 |',
      '| 4 | `patch-writer` | ✅ completed | 0.74 |',
    ]);
    expect(result.summary).not.toContain('### Compliance');
    expect(lastSummaryLine(result)).toBe(
      `_Credits: **${before.remaining_credits - DEFAULT_MODULES}** remaining; this run used **${DEFAULT_MODULES}**._`,
    );
    expect(warnings(result)).toEqual([]);
  });

  it('warns about an analysis that fails, and leaves the verdict as it was', async () => {
    // acme/partial-results: the second agent fails. fail-on none, so the gate passes on the findings.
    const inputs = { 'api-key': KEYS.member, repository: 'acme/partial-results', 'fail-on': 'none' };
    const result = await runAgainst(emulator.current, { ...inputs, 'ai-analysis': 'true' });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs.result).toBe('passed');
    expect(result.outputs['ai-risk-score'] ?? '').toBe('');
    expect(result.outputs['ai-confidence'] ?? '').toBe('');
    expect(warnings(result)).toContainEqual(
      expect.stringMatching(
        /^The AI analysis of scan \S+ failed \(agent run 2 \(exploitability\) failed\); the verdict does not depend on it\.$/,
      ),
    );
    expect(result.summary).toContain('**The AI analysis failed: agent run 2 (exploitability) failed.**');
    expect(result.summary).toContain('| 2 | `exploitability` | ❌ failed |  |');
    expect(result.summary.split('\n')[2]).toBe('**fail-on is none: findings never fail this step.**');
  });

  it('stops waiting before wait-timeout when the analysis cannot be read, and keeps the verdict', async () => {
    emulator.current.setFaults([
      { kind: 'latency', path: '/scans/*/ai-analysis', method: 'GET', latency_ms: 120_000 },
    ]);
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/clean-service',
      'ai-analysis': 'true',
      'wait-timeout': '8',
    });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(result.outputs.result).toBe('passed');
    expect(result.outputs['ai-risk-score'] ?? '').toBe('');
    expect(warnings(result)).toContainEqual(
      expect.stringMatching(
        /did not finish in the time wait-timeout left.*the verdict does not depend on it/,
      ),
    );
    // The credits are still read after the wait, in the time kept for them.
    expect(lastSummaryLine(result)).toMatch(/^_Credits: \*\*\d+\*\* remaining; this run used \*\*4\*\*\._$/);
  });
});

describe('compliance', () => {
  it('fails the step when the overall score is below min-compliance-score, saying so', async () => {
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      frameworks: 'owasp-top-10',
      'min-compliance-score': '90',
      'fail-on': 'none',
    });
    expect(result.exitCode).toBe(1);
    expect(result.outputs).toMatchObject({
      result: 'failed',
      'compliance-score': '70',
      'failing-findings': '0',
    });
    expect(failureMessage(result)).toBe('The compliance score 70 is below min-compliance-score 90.');
    expect(result.summary).toContain(
      'Overall score **70** · min-compliance-score **90**: ❌ below, the step fails',
    );
    expect(result.summary).toContain(
      '**OWASP Top 10 (2021)** (`owasp-top-10`) · score **70** · 3 of 10 controls did not pass',
    );
    expect(result.summary).toContain('| `A03:2021` | Injection | ❌ failed |');
    const stats = emulator.current.stats();
    expect(stats.requests['GET /api/v1/compliance/overview']).toBe(1);
    expect(stats.requests['GET /api/v1/compliance/{id}']).toBe(1);
  });

  it('passes a score at or above min-compliance-score', async () => {
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/clean-service',
      frameworks: 'owasp-top-10, soc2',
      'min-compliance-score': '50',
    });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(Number(result.outputs['compliance-score'])).toBeGreaterThanOrEqual(50);
    expect(result.summary).toContain('min-compliance-score **50**: ✅ met');
  });

  it('fails closed when min-compliance-score is set and compliance cannot be read', async () => {
    emulator.current.setFaults([{ kind: 'error', path: '/compliance/overview', status: 503 }]);
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/clean-service',
      frameworks: 'owasp-top-10',
      'min-compliance-score': '10',
    });
    expect(result.exitCode).toBe(1);
    expect(result.outputs.result).toBe('failed');
    expect(result.outputs['compliance-score'] ?? '').toBe('');
    expect(failureMessage(result)).toMatch(
      /^The compliance score could not be read \(.*503.*\), so min-compliance-score 10 cannot be checked: the step fails rather than pass unchecked\.$/,
    );
  });

  it('is only a warning when compliance cannot be read without min-compliance-score', async () => {
    emulator.current.setFaults([{ kind: 'error', path: '/compliance/overview', status: 503 }]);
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/clean-service',
      frameworks: 'owasp-top-10',
    });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(warnings(result)).toContainEqual(expect.stringMatching(/^Compliance could not be read: .*503/));
  });

  it('refuses min-compliance-score without frameworks before any request', async () => {
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      'min-compliance-score': '80',
    });
    expect(result.exitCode).toBe(1);
    expect(failureMessage(result)).toMatch(/'min-compliance-score'.*'frameworks'/);
    expect(emulator.current.stats().requests_total).toBe(0);
  });
});

describe('the AI-security posture and the credits', () => {
  it('shows the failed checks of every completed scan', async () => {
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/clean-service',
    });
    expect(result.summary).toContain('### AI-security posture\n\n**2 of 8 checks failed**');
    expect(result.summary).toContain(
      '| Prompt injection through user-supplied documents | `LLM01:2025` | ❌ failed |',
    );
    expect(emulator.current.stats().requests['GET /api/v1/ai-security/overview']).toBe(1);
  });

  it('gives a notice when the credits left would not pay for another run like this one', async () => {
    const scenario = JSON.parse(
      readFileSync(new URL('../../emulator/scenarios/e2e.json', import.meta.url), 'utf8'),
    ) as { organizations: { id: string; credits: number }[] };
    const acme = scenario.organizations.find((org) => org.id === 'org_acme')!;
    expect(acme).toBeDefined();
    // 6 credits left before the run, 2 after it.
    acme.credits = (await usage()).used_credits + 6;
    await emulator.current.loadScenario(scenario);
    const result = await runAgainst(emulator.current, {
      'api-key': KEYS.member,
      repository: 'acme/clean-service',
    });
    expect(result.exitCode, result.stdout).toBe(0);
    expect(lastSummaryLine(result)).toBe(
      '_Credits: **2** remaining; this run used **4**._ ⚠️ That is not enough for another run like this one.',
    );
    const notices = result.annotations.filter((a) => a.level === 'notice' && a.properties.file === undefined);
    expect(notices.map((a) => a.message)).toEqual([
      '2 service credits remain, fewer than the 4 this run used: another run like this one may not be paid for. ' +
        'Add credits to the plan, or scan fewer modules.',
    ]);
  });
});

describe('the pull request comment', () => {
  it('has one line each for the AI analysis, compliance and the posture, linking to the job summary', async () => {
    const head = 'e'.repeat(40);
    const repository = 'acme/vulnerable-app';
    const github = await startGitHubEmulator({
      seed: seedWithPullRequest(repository, 42, head),
      log: () => undefined,
    });
    try {
      const result = await runAgainst(
        emulator.current,
        {
          'api-key': KEYS.member,
          'github-token': github.token,
          'ai-analysis': 'true',
          frameworks: 'owasp-top-10',
          // Every finding fails the gate, so the comment is posted (on-failure).
          gate: 'all',
        },
        {
          repository,
          sha: head,
          env: { GITHUB_API_URL: github.url, GITHUB_RUN_ID: '1001' },
          event: pullRequestEvent({ repository, number: 42, headSha: head }),
        },
      );
      expect(result.exitCode).toBe(1);
      const comments = github.state().issue_comments as { body: string }[];
      const ours = comments.find((comment) => comment.body.startsWith('<!-- svc-scan-action:comment:'));
      const lines = ours?.body.split('\n') ?? [];
      const summaryLink = /\[details in the job summary\]\(https:\/\/\S+\/actions\/runs\/1001\)$/;
      const line = (label: string): string | undefined => lines.find((l) => l.startsWith(`- **${label}:**`));
      expect(line('AI analysis')).toMatch(summaryLink);
      expect(line('AI analysis')).toContain('`triage` ✅ 0.92 → `exploitability` ✅ 0.81');
      expect(line('Compliance')).toMatch(
        /^- \*\*Compliance:\*\* score \*\*70\*\* · 3 controls did not pass in 1 framework/,
      );
      expect(line('Compliance')).toMatch(summaryLink);
      expect(line('AI-security posture')).toMatch(/^- \*\*AI-security posture:\*\* 2 of 8 checks failed/);
    } finally {
      await github.close();
    }
  });
});
