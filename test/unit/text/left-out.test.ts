import { describe, expect, it } from 'vitest';
import { FINDINGS_LIMIT } from '../../../src/cli/commands/findings.ts';
import {
  ELSEWHERE,
  counted,
  leftOutLines,
  leftOutSentence,
  noun,
  restOfScan,
} from '../../../src/text/left-out.ts';
import { zeroCounts } from '../../../src/domain/severity.ts';

describe('leftOutSentence', () => {
  it('says how many entries were left out, what they are, and where the rest are', () => {
    expect(leftOutSentence(6, noun('existing finding'), 'see the job summary')).toBe(
      '6 more existing findings are not listed here: see the job summary.',
    );
    expect(leftOutSentence(1, noun('fix', 'fixes'), 'see the job summary')).toBe(
      '1 more fix is not listed here: see the job summary.',
    );
  });

  it('says nothing when nothing was left out', () => {
    for (const none of [0, -3, Number.NaN]) expect(leftOutSentence(none, noun('finding'), 'x')).toBe('');
    expect(leftOutLines(0, noun('finding'), 'x')).toEqual([]);
  });

  it('stands as a markdown paragraph of its own', () => {
    expect(leftOutLines(2, noun('control'), 'see the job summary')).toEqual([
      '',
      '_2 more controls are not listed here: see the job summary._',
    ]);
  });
});

describe('counted', () => {
  it('takes the singular for one and the plural otherwise', () => {
    expect(counted(1, noun('existing finding'))).toBe('1 existing finding');
    expect(counted(0, noun('fix', 'fixes'))).toBe('0 fixes');
    expect(counted(16, noun('existing finding'))).toBe('16 existing findings');
  });
});

describe('ELSEWHERE', () => {
  it('links the job summary when the run page is known', () => {
    expect(ELSEWHERE.jobSummary('https://ghe.example/o/r/actions/runs/1')).toBe(
      'see the [job summary](https://ghe.example/o/r/actions/runs/1)',
    );
    expect(ELSEWHERE.jobSummary(undefined)).toBe('see the job summary');
  });

  it('gives a svc command that lists every finding of the scan, within what svc takes', () => {
    expect(ELSEWHERE.findingsCommand('scan_1', 'plain', { total: 25 })).toBe(
      'svc findings list --scan scan_1 --limit 25 lists every finding of the scan',
    );
    expect(ELSEWHERE.findingsCommand('scan_1', 'markdown', { total: 0 })).toBe(
      '`svc findings list --scan scan_1 --limit 1` lists every finding of the scan',
    );
    // Never more than svc accepts, and svc's largest when the total is unknown.
    expect(ELSEWHERE.findingsCommand('s', 'plain', { total: 10_000_000 })).toContain(
      `--limit ${FINDINGS_LIMIT.max} `,
    );
    expect(ELSEWHERE.findingsCommand('s', 'plain', { scan: 'the baseline' })).toBe(
      `svc findings list --scan s --limit ${FINDINGS_LIMIT.max} lists every finding of the baseline`,
    );
  });

  it('counts the findings the policy took out in the limit, so the command lists them too', () => {
    const counts = { ...zeroCounts(), high: 6, info: 4 };
    expect(restOfScan('scan_1', counts, { suppressedCount: 1, outOfScopeCount: 2 }, 'plain')).toContain(
      '--limit 13 ',
    );
    expect(restOfScan('scan_1', counts, undefined, 'plain')).toContain('--limit 10 ');
  });
});
