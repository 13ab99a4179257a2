import { describe, expect, it } from 'vitest';
import { planAfterStart, readPlanOf, type PlannedReporter } from '../../../src/action/read-plan.ts';
import type { Reporter } from '../../../src/report/reporter.ts';

const reporter = (name: string, needs?: Reporter['needs']): Reporter => ({
  name,
  ...(needs ? { needs } : {}),
  finish: () => Promise.resolve(undefined),
});

const checkRun = reporter('check run', { rows: 1000, perSeverity: 0 });
const annotations = reporter('workflow-command annotations', { rows: 0, perSeverity: 10 });
const summary = reporter('job summary', { rows: 50, perSeverity: 0 });
const suggestions = reporter('fix suggestions', { rows: 0, perSeverity: 0, fixes: 5 });
const sarifFile = reporter('SARIF file');

const planned: PlannedReporter[] = [
  { reporter: checkRun, runNeeds: ['github', 'findings shown'] },
  { reporter: summary, runNeeds: ['findings shown'] },
  { reporter: suggestions, runNeeds: ['github', 'pull-request', 'fixes of failing findings'] },
];

describe('the read plan', () => {
  it('takes the largest need of the reporters that are on, and is frozen', () => {
    const plan = readPlanOf(planned);
    expect(plan).toEqual({
      need: { rows: 1000, perSeverity: 0, fixes: 5, wholePages: false },
      everyFinding: false,
    });
    expect(Object.isFrozen(plan)).toBe(true);
    expect(Object.isFrozen(plan.need)).toBe(true);
  });

  it('reads whole pages and keeps them when a descriptor declares it reads every finding', () => {
    const plan = readPlanOf([
      ...planned,
      { reporter: sarifFile, runNeeds: ['every finding at or above the floor'] },
    ]);
    expect(plan.everyFinding).toBe(true);
    expect(plan.need.wholePages).toBe(true);
  });

  it('reads for the stand-in of a reporter that stood down at the start, leaving the first plan as it was', () => {
    const before = readPlanOf(planned);
    const after = planAfterStart(planned, new Map([[checkRun, annotations]]));
    expect(after.need).toEqual({ rows: 50, perSeverity: 10, fixes: 5, wholePages: false });
    expect(before.need.rows).toBe(1000);
  });
});
