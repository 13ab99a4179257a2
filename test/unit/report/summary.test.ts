import { describe, expect, it } from 'vitest';
import { evaluateGate } from '../../../src/domain/gate.ts';
import { zeroCounts, type SeverityCounts } from '../../../src/domain/severity.ts';
import {
  SUMMARY_BUDGET_BYTES,
  SUMMARY_MAX_FINDINGS,
  SUMMARY_OPEN_ROWS,
  renderFailureSummary,
  renderScanSummary,
  type ScanSummaryInput,
} from '../../../src/report/summary/summary.ts';
import { aComparison, aReportedFinding, reportedFindings } from '../support/findings.ts';

function summaryInput(overrides: Partial<ScanSummaryInput> = {}): ScanSummaryInput {
  const counts: SeverityCounts = { ...zeroCounts(), high: 2, medium: 1, info: 3 };
  const findings = reportedFindings({ high: 2, medium: 1 });
  return {
    verdict: evaluateGate(counts, 'high'),
    scan: {
      id: 'scan_1',
      status: 'completed',
      repository: 'octo-org/webapp',
      ref: 'abc123',
      modules: [
        { name: 'sast', status: 'completed' },
        { name: 'iac', status: 'failed' },
      ],
    },
    riskScore: 71,
    counts,
    severityThreshold: 'medium',
    failOn: 'high',
    reportFloor: 'medium',
    findings,
    reportedTotal: findings.length,
    annotationsShown: 3,
    annotationsNotShown: 0,
    remediations: [],
    notes: [],
    ...overrides,
  };
}

const FINDINGS_HEADER = '| Severity | Finding | Location | CWE | OWASP |';

/**
 * The rows of the findings table, below its header and separator: the rows shown open, then those folded into
 * the collapsed section, which repeats the header.
 */
function findingRows(summary: string): string[] {
  const lines = summary.split('\n');
  const rows: string[] = [];
  lines.forEach((line, index) => {
    if (line !== FINDINGS_HEADER) return;
    const after = lines.slice(index + 2);
    const end = after.findIndex((row) => !row.startsWith('|'));
    rows.push(...(end < 0 ? after : after.slice(0, end)));
  });
  return rows;
}

describe('renderScanSummary', () => {
  it('starts with the verdict and why, then the risk score', () => {
    const lines = renderScanSummary(summaryInput()).split('\n');
    expect(lines[0]).toBe('## ❌ svc-scan: failed');
    expect(lines[2]).toBe('**2 findings are high or above (fail-on: high): 2 high.**');
    expect(lines[4]).toContain('risk score **71**');
  });

  it('says passed when the gate passed', () => {
    const counts = { ...zeroCounts(), low: 1 };
    const summary = renderScanSummary(summaryInput({ counts, verdict: evaluateGate(counts, 'high') }));
    expect(summary.startsWith('## ✅ svc-scan: passed')).toBe(true);
  });

  it('marks the threshold and fail-on in the table of counts', () => {
    const summary = renderScanSummary(summaryInput());
    expect(summary).toContain('| 🟧 High | 2 | fails the step ← fail-on |');
    expect(summary).toContain('| 🟨 Medium | 1 | reported ← severity-threshold |');
    expect(summary).toContain('| ⬜ Info | 3 | counted, not reported |');
  });

  it('shows module statuses', () => {
    expect(renderScanSummary(summaryInput())).toContain('`sast` ✅ completed · `iac` ❌ failed');
  });

  it('lists findings most severe first with location, CWE and OWASP', () => {
    const finding = aReportedFinding('critical', {
      title: 'SQL injection',
      filePath: 'src/db.ts',
      line: 57,
      cwe: 'CWE-89',
      owasp: 'A03:2021-Injection',
    });
    const summary = renderScanSummary(summaryInput({ findings: [finding], reportedTotal: 1 }));
    expect(summary).toContain(
      '| 🟥 Critical | SQL injection | `src/db.ts:57` | CWE-89 | A03:2021-Injection |',
    );
  });

  it('lists at most SUMMARY_MAX_FINDINGS rows however small they are, and says how many are not listed', () => {
    const findings = Array.from({ length: 2500 }, () => aReportedFinding('high', { title: 'x' }));
    const summary = renderScanSummary(summaryInput({ findings, reportedTotal: 100_000 }));
    expect(findingRows(summary)).toHaveLength(SUMMARY_MAX_FINDINGS);
    expect(summary).toMatch(
      new RegExp(
        `_${100_000 - SUMMARY_MAX_FINDINGS} more reported findings are not listed here: ` +
          '`svc findings list --scan \\S+ --limit \\d+` lists every finding of the scan\\._',
      ),
    );
  });

  it('counts the existing and fixed findings it does not list, naming the svc command for each scan', () => {
    const existingFindings = Array.from({ length: 600 }, () => aReportedFinding('medium', { title: 'x' }));
    const fixedFindings = Array.from({ length: 55 }, () => aReportedFinding('low'));
    const summary = renderScanSummary(
      summaryInput({
        gateMode: 'new',
        comparison: aComparison({ existingFindings, fixedFindings }),
      }),
    );
    expect(summary).toContain(
      '_100 more existing findings are not listed here: `svc findings list --scan scan_1 --limit 6` lists every finding of the scan._',
    );
    expect(summary).toContain(
      '_5 more fixed findings are not listed here: `svc findings list --scan scan_base --limit 100000` lists every finding of the baseline._',
    );
  });

  it('stops the table where its byte budget runs out, before the row cap, far under GitHub’s 1 MiB', () => {
    // Titles and paths at their length caps, of characters that escaping makes longer: about 2 KB a row, so
    // the budget runs out after about 250 rows, well before the 500-row cap.
    const findings = Array.from({ length: 2500 }, (_, index) =>
      aReportedFinding('high', { title: `${index} ${'@"'.repeat(200)}`, filePath: '😀'.repeat(200) }),
    );
    const summary = renderScanSummary(summaryInput({ findings, reportedTotal: 100_000 }));
    const rows = findingRows(summary);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.length).toBeLessThan(SUMMARY_MAX_FINDINGS);
    // The rows fill the budget: every row that fits is listed, and the next would not have fitted.
    const rowBytes = (row: string): number => Buffer.byteLength(row) + 1;
    const tableBytes = rows.reduce((sum, row) => sum + rowBytes(row), 0);
    expect(tableBytes).toBeLessThanOrEqual(SUMMARY_BUDGET_BYTES);
    expect(tableBytes + rowBytes(rows.at(-1) ?? '')).toBeGreaterThan(SUMMARY_BUDGET_BYTES);
    expect(Buffer.byteLength(summary)).toBeLessThan(1024 * 1024);
    expect(summary).toContain(`_${100_000 - rows.length} more reported findings are not listed here: `);
  });

  it('says how many findings are not annotated', () => {
    const summary = renderScanSummary(summaryInput({ annotationsShown: 29, annotationsNotShown: 11 }));
    expect(summary).toContain('29 findings are annotated on their lines; 11 are not');
  });

  it('keeps hostile titles and paths from breaking the table, injecting HTML or mentioning anyone', () => {
    const finding = aReportedFinding('high', {
      title: 'a | b <script>alert(1)</script> @octocat\n| injected | row |',
      filePath: 'src/a|b`.ts',
    });
    const summary = renderScanSummary(summaryInput({ findings: [finding], reportedTotal: 1 }));
    const row = summary.split('\n').find((line) => line.startsWith('| 🟧 High | a')) ?? '';
    const cells = row.split(/(?<!\\)\|/).slice(1, -1);
    expect(cells).toHaveLength(5);
    expect(summary).not.toContain('<script>');
    expect(summary).not.toMatch(/@octocat/);
    expect(summary).not.toContain('| injected |');
  });

  it('lists remediations with their pull request or why there is none', () => {
    const summary = renderScanSummary(
      summaryInput({
        remediations: [
          {
            findingId: 'f1',
            title: 'A',
            severity: 'critical',
            jobId: 'r1',
            prUrl: 'https://github.com/o/r/pull/7',
            branch: 'fix-1',
            problem: null,
          },
          {
            findingId: 'f2',
            title: 'B',
            severity: 'high',
            jobId: 'r2',
            prUrl: '',
            branch: '',
            problem: 'No automated fix',
          },
        ],
      }),
    );
    expect(summary).toContain('[pull request](https://github.com/o/r/pull/7) on `fix-1`');
    expect(summary).toContain('no pull request: No automated fix');
    expect(summary.indexOf('### Remediations')).toBeGreaterThan(summary.indexOf('### Findings'));
  });

  it('shows notes as warnings under the verdict', () => {
    const summary = renderScanSummary(summaryInput({ notes: ['The report counts 3 findings'] }));
    expect(summary).toContain('> [!WARNING]\n> The report counts 3 findings');
  });
});

describe('renderFailureSummary', () => {
  it('says the step failed, why, and what the scan looked like', () => {
    const summary = renderFailureSummary({
      message: 'Scan scan_9 ended failed; failed modules: dependencies.',
      scan: { id: 'scan_9', status: 'failed', modules: [{ name: 'dependencies', status: 'failed' }] },
    });
    expect(summary).toContain('## ❌ svc-scan: failed');
    expect(summary).toContain('failed modules: dependencies');
    expect(summary).toContain('`dependencies` ❌ failed');
  });
});

describe('renderFailureSummary of several problems', () => {
  it('keeps the list of a message of several lines', () => {
    const summary = renderFailureSummary({ message: '2 inputs are invalid:\n- first\n- second <b>' });
    expect(summary).toContain('2 inputs are invalid:\n- first\n- second &lt;b&gt;');
  });

  it('shows the first rows open and folds the rest into a collapsed section', () => {
    const findings = reportedFindings({ high: 25 });
    const summary = renderScanSummary(summaryInput({ findings, reportedTotal: 25 }));
    const [open, folded] = summary.split('<details>');
    expect(findingRows(open ?? '')).toHaveLength(SUMMARY_OPEN_ROWS);
    expect(folded).toContain(`<summary>${25 - SUMMARY_OPEN_ROWS} more findings</summary>`);
    expect(findingRows(summary)).toHaveLength(25);
  });

  it('links each finding to its line in the workflow repository, and names the check run', () => {
    const finding = aReportedFinding('high', { filePath: 'src/a b.ts', line: 7 });
    const summary = renderScanSummary(
      summaryInput({
        findings: [finding],
        reportedTotal: 1,
        links: { serverUrl: 'https://github.example', owner: 'o', repo: 'r', sha: 'abc' },
        annotations: {
          sink: 'check run',
          checkRun: { name: 'svc-scan', url: 'https://github.example/o/r/runs/9' },
        },
        annotationsShown: 1,
      }),
    );
    expect(summary).toContain('[`src/a b.ts:7`](https://github.example/o/r/blob/abc/src/a%20b.ts#L7)');
    expect(summary).toContain('check run [svc-scan](https://github.example/o/r/runs/9)');
  });
});
