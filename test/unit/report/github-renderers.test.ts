import { describe, expect, it } from 'vitest';
import {
  CHECK_RUN_LIMITS,
  checkRunLogLine,
  renderCheckRunOutput,
} from '../../../src/report/check-run/check-run-output.ts';
import { fileLink } from '../../../src/text/file-links.ts';
import { evaluateGate } from '../../../src/domain/gate.ts';
import {
  COMMENT_MAX_CHARACTERS,
  commentMarker,
  renderPrComment,
} from '../../../src/report/pr-comment/pr-comment.ts';
import { renderScanSummary } from '../../../src/report/summary/summary.ts';
import type { RunReport } from '../../../src/domain/run-report.ts';
import { zeroCounts } from '../../../src/domain/severity.ts';
import { aComparison, aReportedFinding, reportedFindings } from '../support/findings.ts';

const LINKS = { serverUrl: 'https://ghe.example', owner: 'octo', repo: 'app', sha: 'abc123' };

function failedReport(overrides: Partial<RunReport> = {}): RunReport {
  const counts = { ...zeroCounts(), high: 3, low: 2 };
  const findings = reportedFindings({ high: 3, low: 2 });
  return {
    outcome: 'failed',
    reason: evaluateGate(counts, 'high').reason,
    scan: { id: 'scan_1', status: 'completed', repository: 'octo/app', ref: 'abc123', modules: [] },
    scanStatus: 'completed',
    results: {
      verdict: evaluateGate(counts, 'high'),
      riskScore: 70,
      counts,
      severityThreshold: 'low',
      failOn: 'high',
      reportFloor: 'low',
      findings,
      reportedTotal: findings.length,
      remediations: [],
    },
    notes: [],
    ...overrides,
  };
}

describe('fileLink', () => {
  it('points at the line at the scanned commit, each segment encoded', () => {
    expect(fileLink(LINKS, { filePath: './src/a b#c.ts', line: 9 })).toBe(
      'https://ghe.example/octo/app/blob/abc123/src/a%20b%23c.ts#L9',
    );
    expect(fileLink(LINKS, { filePath: 'README.md', line: 0 })).toBe(
      'https://ghe.example/octo/app/blob/abc123/README.md',
    );
  });

  it('gives no link for paths that climb, are absolute, or name another scheme, nor without a base', () => {
    for (const filePath of ['../etc/passwd', '/etc/passwd', 'javascript:alert(1)', 'a//b', 'C:\\x', ''])
      expect(fileLink(LINKS, { filePath, line: 1 }), filePath).toBeUndefined();
    expect(fileLink(undefined, { filePath: 'a.ts', line: 1 })).toBeUndefined();
  });
});

describe('renderCheckRunOutput', () => {
  it('annotates findings with a path and a line, most severe first, up to max-annotations, and lists the rest', () => {
    const report = failedReport();
    const located = report.results!.findings;
    const withoutLine = aReportedFinding('critical', { title: 'No line', line: 0 });
    const output = renderCheckRunOutput(
      failedReport({
        results: { ...report.results!, findings: [withoutLine, ...located], reportedTotal: 6 },
      }),
      { maxAnnotations: 2, links: LINKS, runUrl: 'https://ghe.example/octo/app/actions/runs/1' },
    );
    expect(output.annotations).toHaveLength(2);
    expect(output.annotations.map((a) => a.annotation_level)).toEqual(['failure', 'failure']);
    expect(output.notAnnotated).toBe(4);
    expect(output.text).toContain('No line');
    expect(output.summary.startsWith(`**${report.reason}`.slice(0, 20))).toBe(true);
  });

  it('keeps every field within GitHub limits, and markdown in the text escaped', () => {
    const hostile = aReportedFinding('high', {
      title: `<img src=x> @octocat ${'x'.repeat(100_000)}`,
      line: 0,
    });
    const many = Array.from({ length: 2_000 }, () => hostile);
    const output = renderCheckRunOutput(
      failedReport({ results: { ...failedReport().results!, findings: many, reportedTotal: 5_000 } }),
      { maxAnnotations: 1000, links: undefined, runUrl: undefined },
    );
    expect(output.text.length).toBeLessThanOrEqual(CHECK_RUN_LIMITS.outputCharacters);
    expect(output.summary.length).toBeLessThanOrEqual(CHECK_RUN_LIMITS.outputCharacters);
    expect(output.text).not.toContain('<img');
    expect(output.text).not.toMatch(/@octocat/);
    expect(output.text).toMatch(
      /more reported findings are not listed here: see the job summary; `svc findings list --scan scan_1 --limit \d+` lists every finding of the scan\._$/,
    );
  });
});

describe('renderPrComment', () => {
  it('starts with the marker of its check name, then the verdict, counts and linked findings', () => {
    const body = renderPrComment(failedReport(), {
      checkName: 'scan --> x',
      links: LINKS,
      checkRunUrl: 'https://ghe.example/octo/app/runs/5',
      runUrl: 'https://ghe.example/octo/app/actions/runs/1',
    });
    const [first] = body.split('\n');
    expect(first).toBe(commentMarker('scan --> x'));
    expect(first).not.toContain('-->x');
    expect(body).toContain('### ❌ svc-scan: failed');
    expect(body).toContain('https://ghe.example/octo/app/blob/abc123/');
    expect(body).toContain('[Check run scan --&gt; x](https://ghe.example/octo/app/runs/5)');
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARACTERS);
  });

  it('says what went wrong when the run ended without a verdict', () => {
    const body = renderPrComment(
      {
        outcome: 'error',
        reason: 'The service failed (503)',
        scan: undefined,
        scanStatus: undefined,
        results: undefined,
        notes: [],
      },
      { checkName: 'svc-scan', links: undefined, checkRunUrl: undefined, runUrl: undefined },
    );
    expect(body).toContain('the scan could not be completed');
    expect(body).toContain('**The service failed (503)**');
  });
});

const RUN_URL = 'https://ghe.example/octo/app/actions/runs/1';

/** A report gated on new findings: `fresh` new, `existing` existing, `fixed` fixed, every list kept whole. */
function comparedReport(fresh: number, existing: number, fixed: number): RunReport {
  const report = failedReport();
  const newFindings = Array.from({ length: fresh }, () => aReportedFinding('high'));
  const existingFindings = Array.from({ length: existing }, () => aReportedFinding('medium'));
  const fixedFindings = Array.from({ length: fixed }, () => aReportedFinding('low', { line: 35 }));
  return {
    ...report,
    results: {
      ...report.results!,
      gateMode: 'new',
      comparison: aComparison({ newFindings, existingFindings, fixedFindings }),
    },
  };
}

describe('capped lists say how many they left out and where the rest are', () => {
  const options = { checkName: 'svc-scan', links: LINKS, checkRunUrl: undefined, runUrl: RUN_URL };

  it('the comment counts the existing, new and fixed findings past its ten rows, pointing at the job summary', () => {
    const body = renderPrComment(comparedReport(12, 16, 11), options);
    expect(body).toContain('**New findings** (10 of 12):');
    expect(body).toContain(`_2 more new findings are not listed here: see the [job summary](${RUN_URL})._`);
    expect(body).toContain(
      '<summary>16 existing findings (already in the baseline; not failing the gate)</summary>',
    );
    expect(body).toContain(
      `_6 more existing findings are not listed here: see the [job summary](${RUN_URL})._\n\n</details>`,
    );
    expect(body).toContain(`_1 more fixed finding is not listed here: see the [job summary](${RUN_URL})._`);
  });

  it('the comment says nothing of a list it shows whole', () => {
    const body = renderPrComment(comparedReport(4, 10, 1), options);
    expect(body).not.toContain('not listed here');
  });

  it('the comment counts the most severe findings it leaves out under the gate on every finding', () => {
    const report = failedReport();
    const findings = reportedFindings({ high: 14 });
    const body = renderPrComment(
      { ...report, results: { ...report.results!, findings, reportedTotal: 30 } },
      { ...options, runUrl: undefined },
    );
    expect(body).toContain('**Most severe findings** (10 of 30 reported):');
    expect(body).toContain('_20 more reported findings are not listed here: see the job summary._');
  });

  it('the comment counts the folded fixes past its ten', () => {
    const foldedFixes = Array.from({ length: 13 }, (_, index) => `<details>fix ${index}</details>`);
    const body = renderPrComment(failedReport(), { ...options, foldedFixes });
    expect(body).toContain('fix 9');
    expect(body).not.toContain('fix 10');
    expect(body).toContain(
      `_3 more fixes that are not suggestions are not listed here: see the [job summary](${RUN_URL})._`,
    );
  });

  it('the comment counts the suppressed findings past its twenty', () => {
    const suppressed = Array.from({ length: 25 }, () => ({
      ...aReportedFinding('low'),
      suppression: 'ignore[0]',
      reason: 'test data',
    }));
    const body = renderPrComment(
      failedReport({ policy: { ...EMPTY_POLICY, suppressed, suppressedCount: 40 } }),
      options,
    );
    expect(body).toContain('<summary>40 suppressed findings: not gated</summary>');
    expect(body).toContain(
      `_20 more suppressed findings are not listed here: see the [job summary](${RUN_URL})._`,
    );
  });

  it('a comment cut at GitHub’s limit says so, and where the whole report is', () => {
    const notes = Array.from({ length: 100 }, () => 'n'.repeat(1_000));
    const body = renderPrComment(failedReport({ notes }), options);
    expect(body.length).toBeLessThanOrEqual(COMMENT_MAX_CHARACTERS);
    expect(body).toMatch(
      /…\n\n_The comment was cut at GitHub's limit of 65536 characters: see the \[job summary\]\(.+\)\._$/,
    );
  });

  it('the check run says how many findings it did not annotate, and where they are', () => {
    const output = renderCheckRunOutput(comparedReport(3, 0, 0), {
      maxAnnotations: 1,
      links: undefined,
      runUrl: RUN_URL,
    });
    expect(output.summary).toContain(
      '1 of 5 reported findings are annotated on their lines; the other 4 are listed below or in the job summary.',
    );
  });
});

const EMPTY_POLICY = {
  source: '.github/svc-scan.yml',
  change: [],
  changeApplied: true,
  paths: [],
  pathsIgnore: [],
  suppressed: [],
  suppressedCount: 0,
  outOfScopeCount: 0,
  unused: [],
  expired: [],
  expiringSoon: [],
  readWholeFrom: undefined,
} satisfies NonNullable<RunReport['policy']>;

describe('the counts say what the policy left out of them', () => {
  const policy = { ...EMPTY_POLICY, suppressedCount: 1 };
  const NOTE = '(and 1 suppressed by the policy, not counted)';

  it('in the comment, the check run and the summary', () => {
    const report = failedReport({ policy });
    const body = renderPrComment(report, {
      checkName: 'svc-scan',
      links: LINKS,
      checkRunUrl: undefined,
      runUrl: RUN_URL,
    });
    expect(body).toContain(`⬜ 0 info ${NOTE} · risk score **70**`);
    const output = renderCheckRunOutput(report, { maxAnnotations: 10, links: undefined, runUrl: undefined });
    expect(output.summary).toContain(`0 info ${NOTE} · risk score 70`);
    const summary = renderScanSummary({
      ...report.results!,
      scan: report.scan!,
      annotationsShown: 0,
      annotationsNotShown: 0,
      notes: [],
      policy,
    });
    expect(summary).toContain(`5 findings ${NOTE}`);
  });

  it('nowhere when the policy left nothing out', () => {
    const body = renderPrComment(failedReport({ policy: EMPTY_POLICY }), {
      checkName: 'svc-scan',
      links: LINKS,
      checkRunUrl: undefined,
      runUrl: RUN_URL,
    });
    expect(body).not.toContain('not counted');
  });
});

describe('fixed findings', () => {
  it('link to their line at the baseline commit, where they still are, not at the head', () => {
    const fixed = aReportedFinding('low', { filePath: 'src/server/session.ts', line: 35 });
    const report = comparedReport(0, 0, 0);
    const results = report.results!;
    const body = renderPrComment(
      {
        ...report,
        results: { ...results, comparison: aComparison({ fixedFindings: [fixed] }) },
      },
      { checkName: 'svc-scan', links: LINKS, checkRunUrl: undefined, runUrl: RUN_URL },
    );
    expect(body).toContain('(https://ghe.example/octo/app/blob/base999/src/server/session.ts#L35)');
    expect(body).not.toContain(`/blob/${LINKS.sha}/src/server/session.ts`);
  });
});

describe('the check run counts the suppressed notices apart from the reported findings', () => {
  const suppressedFinding = {
    ...aReportedFinding('low', { filePath: 'docs/deploy.md', line: 58 }),
    suppression: 'ignore[0]',
    reason: 'the documented example key',
  };
  const policy = { ...EMPTY_POLICY, suppressed: [suppressedFinding], suppressedCount: 1 };

  it('says "5 of 5 … annotated" and the notice in a sentence of its own, and logs the same', () => {
    const output = renderCheckRunOutput(failedReport({ policy }), {
      maxAnnotations: 50,
      links: undefined,
      runUrl: undefined,
    });
    expect(output.annotations).toHaveLength(6);
    expect(output).toMatchObject({ annotatedFindings: 5, suppressedNotices: 1, notAnnotated: 0 });
    expect(output.summary).toContain(
      '5 of 5 reported findings are annotated on their lines. 1 suppressed finding is shown as a notice.',
    );
    expect(checkRunLogLine('svc-scan', output, 'https://ghe.example/runs/4')).toBe(
      'Check run svc-scan: 5 findings annotated, and 1 suppressed finding as a notice. https://ghe.example/runs/4',
    );
  });

  it('says how many suppressed findings the cap left without a notice', () => {
    const output = renderCheckRunOutput(failedReport({ policy: { ...policy, suppressedCount: 3 } }), {
      maxAnnotations: 5,
      links: undefined,
      runUrl: undefined,
    });
    expect(output.suppressedNotices).toBe(0);
    expect(output.summary).toContain(
      '3 suppressed findings are not annotated (`max-annotations`): the job summary lists them.',
    );
  });
});

describe('the check run title', () => {
  it('counts the new failing findings under the new-findings gate, as the verdict does', () => {
    const report = comparedReport(3, 4, 0);
    const output = renderCheckRunOutput(report, { maxAnnotations: 50, links: undefined, runUrl: undefined });
    expect(output.title).toBe('Failed: 3 new findings at or above fail-on');
    const one = comparedReport(1, 0, 0);
    expect(renderCheckRunOutput(one, { maxAnnotations: 50, links: undefined, runUrl: undefined }).title).toBe(
      'Failed: 1 new finding at or above fail-on',
    );
  });

  it('counts every failing finding under the gate on every finding', () => {
    const output = renderCheckRunOutput(failedReport(), {
      maxAnnotations: 50,
      links: undefined,
      runUrl: undefined,
    });
    expect(output.title).toBe('Failed: 3 findings at or above fail-on');
  });
});
