import { describe, expect, it } from 'vitest';
import { evaluateGate } from '../../../src/domain/gate.ts';
import {
  creditsNotice,
  creditsRunShort,
  type ReportedAiAnalysis,
  type ReportedCompliance,
  type ReportedInsights,
} from '../../../src/domain/insights.ts';
import {
  INSIGHTS_MAX_ROWS,
  INSIGHTS_SUMMARY_BUDGET_BYTES,
  renderCreditsLine,
  renderInsightsCommentLines,
  renderInsightsSections,
} from '../../../src/report/insights-summary.ts';
import { renderPrComment } from '../../../src/report/pr-comment/pr-comment.ts';
import type { ReportedResults, RunReport } from '../../../src/domain/run-report.ts';
import { zeroCounts } from '../../../src/domain/severity.ts';
import { renderScanSummary } from '../../../src/report/summary/summary.ts';

const HOSTILE = '<script>x</script> @octocat | **bold** `tick`\n## heading';
const RUN_URL = 'https://github.com/octo/app/actions/runs/7';

function analysis(overrides: Partial<ReportedAiAnalysis> = {}): ReportedAiAnalysis {
  return {
    outcome: 'succeeded',
    riskScore: 82,
    overallConfidence: 0.84,
    // Out of order on purpose: the sections show them by sequence.
    runs: [
      { sequence: 2, agentId: 'exploitability', status: 'completed', confidence: 0.81 },
      { sequence: 1, agentId: 'triage', status: 'completed', confidence: 0.92 },
      { sequence: 3, agentId: 'patch-writer', status: 'completed', confidence: 0.7 },
    ],
    ...overrides,
  };
}

function compliance(overrides: Partial<ReportedCompliance> = {}): ReportedCompliance {
  return {
    overallScore: 62,
    minScore: 80,
    frameworks: [
      {
        id: 'owasp-top-10',
        name: 'OWASP Top 10 (2021)',
        score: 70,
        controlsTotal: 10,
        notPassed: [
          { controlId: 'A03:2021', title: 'Injection', status: 'failed' },
          { controlId: 'A09:2021', title: HOSTILE, status: 'warning' },
        ],
        notPassedTotal: 2,
      },
      { id: 'soc2', controlsTotal: 5, notPassed: [], notPassedTotal: 0 },
    ],
    ...overrides,
  };
}

const SCAN = { id: 'scan_1', status: 'completed', repository: 'octo/app', ref: 'main', modules: [] };
/** A scan without findings: the gate passed on them. */
const QUIET_RESULTS: ReportedResults = {
  verdict: evaluateGate(zeroCounts(), 'high'),
  riskScore: 10,
  counts: zeroCounts(),
  severityThreshold: 'low',
  failOn: 'high',
  reportFloor: 'low',
  findings: [],
  reportedTotal: 0,
  remediations: [],
};

const POSTURE = {
  checksFailed: 2,
  checksTotal: 8,
  notPassed: [
    { name: 'Prompt injection through documents', owaspLlm: 'LLM01:2025', status: 'failed' },
    { name: 'Tool calls limited to an allow-list', owaspLlm: 'LLM06:2025', status: 'warning' },
  ],
  notPassedTotal: 2,
};

function section(sections: string[], heading: string): string {
  const found = sections.find((candidate) => candidate.startsWith(heading));
  if (found === undefined) throw new Error(`no section ${heading} in:\n${sections.join('\n\n')}`);
  return found;
}

describe('the AI analysis section', () => {
  it('gives the risk score, the overall confidence and the agent runs in sequence order', () => {
    const text = section(renderInsightsSections({ ai: analysis() }), '### AI analysis');
    expect(text).toContain('Risk score **82** · overall confidence **0.84** · 3 agent runs');
    const rows = text.split('\n').filter((line) => /^\| \d/.test(line));
    expect(rows).toEqual([
      '| 1 | `triage` | ✅ completed | 0.92 |',
      '| 2 | `exploitability` | ✅ completed | 0.81 |',
      '| 3 | `patch-writer` | ✅ completed | 0.7 |',
    ]);
  });

  it('says that a failed analysis does not decide the verdict, and shows its runs', () => {
    const failed = analysis({
      outcome: 'failed',
      riskScore: null,
      overallConfidence: null,
      problem: 'agent run 2 (exploitability) failed',
      runs: [
        { sequence: 1, agentId: 'triage', status: 'completed', confidence: 0.9 },
        { sequence: 2, agentId: 'exploitability', status: 'failed', confidence: null },
        { sequence: 3, agentId: 'patch-writer', status: 'skipped', confidence: null },
      ],
    });
    const text = section(renderInsightsSections({ ai: failed }), '### AI analysis');
    expect(text).toContain(
      '**The AI analysis failed: agent run 2 (exploitability) failed.** The verdict does not depend on it.',
    );
    expect(text).toContain('| 2 | `exploitability` | ❌ failed |  |');
    expect(text).toContain('| 3 | `patch-writer` | ⏭️ skipped |  |');
    expect(text).not.toContain('Risk score');
  });

  it('escapes what the service sends', () => {
    const hostile = analysis({
      runs: [{ sequence: 1, agentId: 'a`|b', status: HOSTILE, confidence: null }],
    });
    const text = section(renderInsightsSections({ ai: hostile }), '### AI analysis');
    expect(text).not.toContain('<script>');
    expect(text).not.toContain('@octocat');
    expect(text).not.toMatch(/\n## heading/);
    const row = text.split('\n').find((line) => line.startsWith('| 1 |')) ?? '';
    // Four cells: no pipe from the service opened another.
    expect(row.split(/(?<!\\)\|/).length).toBe(6);
  });
});

describe('the compliance section', () => {
  it('gives the overall score, the gate, and per framework the controls that did not pass', () => {
    const text = section(renderInsightsSections({ compliance: compliance() }), '### Compliance');
    expect(text).toContain('Overall score **62** · min-compliance-score **80**: ❌ below, the step fails');
    expect(text).toContain(
      '**OWASP Top 10 (2021)** (`owasp-top-10`) · score **70** · 2 of 10 controls did not pass',
    );
    expect(text).toContain('| `A03:2021` | Injection | ❌ failed |');
    expect(text).toContain('**`soc2`** · every one of 5 controls passed or does not apply');
    expect(text).not.toContain('<script>');
    expect(text).toContain('&lt;script&gt;');
    expect(text).toContain('⚠️ warning');
  });

  it('says when the score met the minimum, and when there is none', () => {
    const met = section(
      renderInsightsSections({ compliance: compliance({ overallScore: 85 }) }),
      '### Compliance',
    );
    expect(met).toContain('Overall score **85** · min-compliance-score **80**: ✅ met');
    const free = section(
      renderInsightsSections({ compliance: compliance({ minScore: undefined }) }),
      '### Compliance',
    );
    expect(free).toContain('Overall score **62**\n');
    expect(free).not.toContain('min-compliance-score');
  });

  it('says when compliance or a framework could not be read', () => {
    const unread = compliance({
      overallScore: undefined,
      problem: 'The service failed (503)',
      frameworks: [],
    });
    const text = section(renderInsightsSections({ compliance: unread }), '### Compliance');
    expect(text).toContain(
      'The overall score could not be read: The service failed (503). min-compliance-score **80** fails the step.',
    );
    const framework = compliance({
      frameworks: [
        { id: 'iso', controlsTotal: 0, notPassed: [], notPassedTotal: 0, problem: 'not found (404)' },
      ],
    });
    expect(section(renderInsightsSections({ compliance: framework }), '### Compliance')).toContain(
      '**`iso`** · its controls could not be read: not found (404)',
    );
  });

  it('lists at most INSIGHTS_MAX_ROWS controls a framework, and counts the rest', () => {
    const many = Array.from({ length: 150 }, (_, i) => ({
      controlId: `C-${i}`,
      title: 'x',
      status: 'failed',
    }));
    const big = compliance({
      frameworks: [{ id: 'big', controlsTotal: 400, notPassed: many, notPassedTotal: 300 }],
    });
    const text = section(renderInsightsSections({ compliance: big }, 'scan_1'), '### Compliance');
    expect(text.split('\n').filter((line) => line.startsWith('| `C-'))).toHaveLength(INSIGHTS_MAX_ROWS);
    expect(text).toContain(
      `_${300 - INSIGHTS_MAX_ROWS} more controls are not listed here: \`svc compliance view big --scan scan_1\` lists them all._`,
    );
  });

  it('keeps every list together within the byte budget', () => {
    const long = 'y'.repeat(5_000);
    const frameworks = Array.from({ length: 40 }, (_, f) => ({
      id: `f${f}`,
      controlsTotal: 200,
      notPassed: Array.from({ length: 200 }, (_, i) => ({
        controlId: `C-${i}`,
        title: long,
        status: 'failed',
      })),
      notPassedTotal: 200,
    }));
    const sections = renderInsightsSections({ compliance: compliance({ frameworks }), ai: analysis() });
    const bytes = Buffer.byteLength(sections.join('\n\n'));
    // The rows are within the budget; headings and "more" lines add a little per framework.
    expect(bytes).toBeLessThan(INSIGHTS_SUMMARY_BUDGET_BYTES + 40 * 300);
    expect(sections.join('\n')).toContain('more controls are not listed here: the service has them all.');
  });
});

describe('the AI-security section', () => {
  it('gives N of M checks failed and the checks that did not pass with their OWASP LLM id', () => {
    const text = section(renderInsightsSections({ aiSecurity: POSTURE }), '### AI-security posture');
    expect(text).toContain('**2 of 8 checks failed**');
    expect(text).toContain('| Prompt injection through documents | `LLM01:2025` | ❌ failed |');
    expect(text).toContain('| Tool calls limited to an allow-list | `LLM06:2025` | ⚠️ warning |');
  });

  it('is left out when there are no checks', () => {
    const none = { checksFailed: 0, checksTotal: 0, notPassed: [], notPassedTotal: 0 };
    expect(renderInsightsSections({ aiSecurity: none })).toEqual([]);
    expect(renderInsightsCommentLines({ aiSecurity: none }, RUN_URL)).toEqual([]);
  });
});

describe('the credits line', () => {
  it('gives the credits left and what this run used', () => {
    expect(renderCreditsLine({ remaining: 888, used: 4 })).toBe(
      '_Credits: **888** remaining; this run used **4**._',
    );
    expect(renderCreditsLine({ remaining: 888, used: undefined })).toBe('_Credits: **888** remaining._');
    expect(renderCreditsLine(undefined)).toBe('');
  });

  it('warns when what is left would not pay for another run like this one', () => {
    expect(creditsRunShort({ remaining: 3, used: 4 })).toBe(true);
    expect(creditsRunShort({ remaining: 4, used: 4 })).toBe(false);
    expect(creditsRunShort({ remaining: 0, used: 0 })).toBe(false);
    expect(creditsRunShort({ remaining: 0, used: undefined })).toBe(false);
    expect(renderCreditsLine({ remaining: 3, used: 4 })).toContain(
      'not enough for another run like this one',
    );
    expect(creditsNotice({ remaining: 3, used: 4 })).toMatch(/^3 service credits remain, fewer than the 4/);
    expect(creditsNotice({ remaining: 30, used: 4 })).toBeUndefined();
  });

  it('ends the job summary', () => {
    const insights: ReportedInsights = {
      ai: analysis(),
      compliance: compliance(),
      aiSecurity: POSTURE,
      credits: { remaining: 888, used: 4 },
    };
    const summary = renderScanSummary({
      ...QUIET_RESULTS,
      scan: SCAN,
      annotationsShown: 0,
      annotationsNotShown: 0,
      notes: [],
      insights,
    });
    const order = ['### Findings', '### AI analysis', '### Compliance', '### AI-security posture'].map(
      (heading) => summary.indexOf(heading),
    );
    expect(order.every((at) => at > 0)).toBe(true);
    expect([...order].sort((a, b) => a - b)).toEqual(order);
    expect(summary.trimEnd().split('\n').at(-1)).toBe('_Credits: **888** remaining; this run used **4**._');
  });
});

describe('the pull request comment lines', () => {
  it('gives one line each for the AI analysis, compliance and the posture, linking to the summary', () => {
    const lines = renderInsightsCommentLines(
      { ai: analysis(), compliance: compliance(), aiSecurity: POSTURE, credits: { remaining: 1, used: 1 } },
      RUN_URL,
    );
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^- \*\*AI analysis:\*\* risk score \*\*82\*\* · overall confidence \*\*0\.84\*\*/,
    );
    expect(lines[0]).toContain('`triage` ✅ 0.92 → `exploitability` ✅ 0.81 → `patch-writer` ✅ 0.7');
    expect(lines[1]).toMatch(
      /^- \*\*Compliance:\*\* score \*\*62\*\* \(min-compliance-score 80\) · 2 controls did not pass in 2 frameworks/,
    );
    expect(lines[2]).toMatch(/^- \*\*AI-security posture:\*\* 2 of 8 checks failed/);
    for (const line of lines) expect(line).toContain(`[details in the job summary](${RUN_URL})`);
  });

  it('links nowhere without the run address, and says so when compliance could not be read', () => {
    const lines = renderInsightsCommentLines(
      { compliance: compliance({ overallScore: undefined, frameworks: [] }) },
      undefined,
    );
    expect(lines).toEqual(['- **Compliance:** the score could not be read (min-compliance-score 80)']);
  });

  it('are in the comment, before the notes and the links', () => {
    const report: RunReport = {
      outcome: 'failed',
      reason: 'The compliance score 62 is below min-compliance-score 80.',
      scan: SCAN,
      scanStatus: 'completed',
      results: QUIET_RESULTS,
      notes: ['a note'],
      insights: { compliance: compliance(), aiSecurity: POSTURE },
    };
    const body = renderPrComment(report, {
      checkName: 'svc-scan',
      links: undefined,
      checkRunUrl: undefined,
      runUrl: RUN_URL,
    });
    const compliancePosition = body.indexOf('**Compliance:**');
    expect(compliancePosition).toBeGreaterThan(0);
    expect(body.indexOf('**AI-security posture:**')).toBeGreaterThan(compliancePosition);
    expect(body.indexOf('> a note')).toBeGreaterThan(compliancePosition);
  });
});
