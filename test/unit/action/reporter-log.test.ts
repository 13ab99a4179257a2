import { describe, expect, it } from 'vitest';
import { logFactory } from '../../../src/report/log/log-reporter.ts';
import type { Reporter } from '../../../src/report/reporter.ts';
import { deliver, reportContextOver } from '../../../src/action/report-delivery.ts';
import type { RunReport } from '../../../src/domain/run-report.ts';
import { zeroCounts } from '../../../src/domain/severity.ts';
import { FakeToolkit } from '../../support/fake-toolkit.ts';

/** Text a service could send (a verdict's reason, an error message): each line would start a workflow command. */
const HOSTILE = '::error::from the service\n##[set-output name=result]passed\n  ::add-mask::x';

const report: RunReport = {
  outcome: 'failed',
  reason: HOSTILE,
  scan: undefined,
  scanStatus: 'completed',
  results: {
    verdict: { passed: false, failingFindings: 1, reason: HOSTILE },
    riskScore: 80,
    counts: { ...zeroCounts(), critical: 1 },
    severityThreshold: 'low',
    failOn: 'critical',
    reportFloor: 'low',
    findings: [],
    reportedTotal: 1,
    remediations: [],
  },
  notes: [HOSTILE],
};

/** Delivers the report to the reporters over a fake runner; what the runner saw. */
async function deliverTo(reporters: Reporter[]): Promise<FakeToolkit> {
  const toolkit = new FakeToolkit();
  const context = reportContextOver(toolkit);
  await deliver(
    { reporters: reporters.map((reporter) => ({ reporter, stage: 'sink' })), context, github: undefined },
    report,
  );
  return toolkit;
}

/** Log lines (each line of a multi-line one) that start a workflow command, or hold the legacy `##[` form. */
function commands(toolkit: FakeToolkit): string[] {
  return toolkit.log
    .flatMap((line) => line.split('\n'))
    .filter((line) => /^\s*::/.test(line) || line.includes('##['));
}

describe("a reporter's log", () => {
  it("escapes the service's text once, in the log and in the warnings: no line runs a workflow command", async () => {
    const logReporter = logFactory.create({}, {} as never);
    const toolkit = await deliverTo(logReporter ? [logReporter] : []);
    expect(toolkit.log).toContain(
      'Gate failed: ::error::from the service\n## [set-output name=result]passed\n  : :add-mask::x',
    );
    expect(commands(toolkit)).toEqual([]);
    expect(toolkit.annotations).toHaveLength(1);
    expect(toolkit.annotations[0]?.message).toContain('## [set-output name=result]passed');
    expect(toolkit.annotations[0]?.message).not.toContain('##[');
  });

  it('escapes what any reporter logs through its context, and the message of one that fails', async () => {
    const reporter: Reporter = {
      name: 'hostile sink',
      finish: (_report, context) => {
        context.log.info(`Posted: ${HOSTILE}`);
        context.log.startGroup(HOSTILE);
        context.log.endGroup();
        return Promise.reject(new Error(HOSTILE));
      },
    };
    const toolkit = await deliverTo([reporter]);
    expect(
      toolkit.log.filter((line) => !line.startsWith('::group::') && line !== '::endgroup::'),
    ).toHaveLength(1);
    expect(
      commands(toolkit).filter((line) => !line.startsWith('::group::') && line !== '::endgroup::'),
    ).toEqual([]);
    expect(toolkit.log).toContain(
      '::group::: :error::from the service\n## [set-output name=result]passed\n  : :add-mask::x',
    );
    expect(toolkit.annotations.map((annotation) => annotation.message)).toEqual([
      expect.stringMatching(/^Could not write the hostile sink: ::error::from the service\n## \[set-output/),
    ]);
  });

  it("offers a reporter none of the runner's log methods: it logs through `log` or not at all", () => {
    const { toolkit } = reportContextOver(new FakeToolkit());
    // @ts-expect-error: a reporter's toolkit has no info, so no line can skip the logger's escaping
    expect(toolkit.info).toBeUndefined();
    // @ts-expect-error: nor a bare warning: an annotation is `annotate`, which escapes its message
    expect(toolkit.warning).toBeUndefined();
  });
});
