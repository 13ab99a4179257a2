import { describe, expect, it } from 'vitest';
import { withChanges } from '../../../src/fleet/rollup-compare.ts';
import { historyWith } from '../../../src/fleet/rollup-history.ts';
import { renderRollUpMarkdown } from '../../../src/fleet/rollup-markdown.ts';
import { outcome, rollUpOf } from './rollup-fixtures.ts';

describe('the roll-up as markdown', () => {
  const rollUp = rollUpOf([
    outcome('acme/passing', 'passed', { low: 2 }),
    outcome('acme/some-high', 'failed', { high: 3 }),
    outcome('acme/broken', null, {}, 'The scan failed: module sast (failed).'),
    outcome('acme/one-critical', 'failed', { critical: 1 }),
    outcome('acme/two-critical', 'failed', { critical: 2, low: 9 }),
  ]);

  it('lists those failing first, most severe first, then those not judged and why, then those that passed', () => {
    const markdown = renderRollUpMarkdown(rollUp);
    const order = [
      'Failing the gate (3)',
      'acme/two-critical',
      'acme/one-critical',
      'acme/some-high',
      'Not judged (1)',
      'acme/broken',
      'module sast (failed)',
      'Passed (1)',
      'acme/passing',
    ];
    const positions = order.map((text) => markdown.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
    expect(markdown).toContain('| `acme/two-critical` | 2 | 0 | 0 | 9 | 0 | `scan_acme_two-critical` |');
    expect(markdown).toContain(
      '**3 failed the gate, 1 passed, 1 not judged.** Findings: 3 critical, 3 high, 0 medium, 11 low, 0 info.',
    );
  });

  it('says that repository policy files are not read in this version', () => {
    expect(renderRollUpMarkdown(rollUp)).toMatch(
      /Repository policy files .* are not read in this version: every repository is judged by fail-on high/,
    );
  });

  it('escapes every string of the service for markdown', () => {
    const hostile = rollUpOf([
      outcome(
        'acme/x`|<img src=x>',
        null,
        {},
        '<script>alert(1)</script> | @admin **bold** [link](http://evil)\n# heading',
      ),
    ]);
    hostile.repositories[0] = { ...hostile.repositories[0]!, status: 'fa|iled`<b>' };
    const markdown = renderRollUpMarkdown(hostile);
    // Inside a code span, < is text; outside one, no tag is left.
    const outsideCode = markdown.replace(/(`+)[\s\S]*?\1/g, '');
    expect(outsideCode).not.toMatch(/<[a-z]/i);
    expect(markdown).not.toContain('<script>');
    expect(markdown).not.toContain('@admin');
    expect(markdown).not.toContain('[link](');
    expect(markdown).not.toMatch(/\n# heading/);
    const row = markdown.split('\n').find((line) => line.includes('acme/x'));
    // Four cell borders: every | of the service's strings is escaped.
    expect(row?.replace(/\\\|/g, '').split('|')).toHaveLength(5);
  });

  it('stays within the budget with many repositories and long strings, and says how many it left out', () => {
    const many = rollUpOf(
      Array.from({ length: 5000 }, (_, i) =>
        outcome(`acme/${'r'.repeat(300)}-${i}`, null, {}, 'x'.repeat(5000)),
      ),
    );
    const markdown = renderRollUpMarkdown(many, { budgetBytes: 200_000 });
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(200_000);
    expect(markdown).toMatch(/…and \d+ more, left out to keep the summary within GitHub's limit/);
    expect(Buffer.byteLength(renderRollUpMarkdown(many))).toBeLessThanOrEqual(1024 * 1024);
  });

  it('says a refused key, an interruption and missing shards', () => {
    expect(renderRollUpMarkdown({ ...rollUp, stopped_by: 'key-refused' })).toContain('refused the key');
    expect(renderRollUpMarkdown({ ...rollUp, stopped_by: 'interrupted' })).toContain('Interrupted');
    expect(renderRollUpMarkdown({ ...rollUp, missing_shards: ['2/3'] })).toContain('shard 2/3 were missing');
  });

  it('says what changed since the compared night, after those not judged and before those that passed', () => {
    const previous = rollUpOf(
      [
        outcome('acme/passing', 'failed', { high: 1, low: 2 }),
        outcome('acme/some-high', 'passed'),
        outcome('acme/broken', 'passed'),
        outcome('acme/old', 'passed'),
      ],
      { runId: '41' },
    );
    const markdown = renderRollUpMarkdown(withChanges(rollUp, previous));
    expect(markdown).toContain('### Changes since the night of 2026-11-28T01:00:00Z (run 41)');
    expect(markdown).toContain(
      '- Newly failing (3): `acme/some-high`, `acme/one-critical`, `acme/two-critical`.',
    );
    expect(markdown).toContain('- Newly passing (1): `acme/passing`.');
    expect(markdown).toContain('- Newly not judged (1): `acme/broken`.');
    expect(markdown).toContain('- Findings up (1): `acme/some-high` (high +3).');
    expect(markdown).toContain('- Findings down (1): `acme/passing` (high −1).');
    expect(markdown).toContain('- New repositories (2): `acme/one-critical`, `acme/two-critical`.');
    expect(markdown).toContain('- No longer scanned (1): `acme/old`.');
    const order = ['### Failing the gate', '### Not judged', '### Changes since', '<summary>Passed (1)'];
    const positions = order.map((text) => markdown.indexOf(text));
    expect(positions.every((position) => position >= 0)).toBe(true);
    expect(positions).toEqual([...positions].sort((a, b) => a - b));
  });

  it('says a change of fail-on before the lists of what changed', () => {
    const previous = { ...rollUpOf([outcome('acme/passing', 'passed')]), fail_on: 'critical' as const };
    const markdown = renderRollUpMarkdown(withChanges(rollUp, previous));
    const said = markdown.indexOf('fail-on changed from critical to high');
    expect(said).toBeGreaterThan(markdown.indexOf('### Changes since'));
    expect(said).toBeLessThan(markdown.indexOf('- Newly failing'));
  });

  it('opens with the date, the times and duration, the ref, the run id and the shard', () => {
    const lines = renderRollUpMarkdown(rollUpOf([], { runId: '8123', shard: '2/4', selected: [] })).split(
      '\n',
    );
    expect(lines[0]).toBe('## Fleet scan: 0 repositories (shard 2/4)');
    expect(lines[2]).toBe(
      "**2026-11-28** · 01:00:00Z to 02:00:00Z (1 h 0 min) · ref: each repository's default branch · run: `8123` · shard 2/4",
    );
    const old = { ...rollUp, started_at: null, finished_at: null, run_id: null, ref: 'release/1.2' };
    expect(renderRollUpMarkdown(old).split('\n')[2]).toBe(
      '**date unknown** · duration unknown · ref: `release/1.2` · run: no run id · the whole fleet',
    );
  });

  it('folds the repositories that passed in one <details> block, their table inside it', () => {
    const markdown = renderRollUpMarkdown(rollUp);
    expect(markdown).not.toContain('### Passed');
    const fold = markdown.slice(markdown.indexOf('<details>'));
    expect(fold).toMatch(/^<details>\n<summary>Passed \(1\)<\/summary>\n\n\| Repository \|/);
    expect(fold).toContain('| `acme/passing` | 0 | 0 | 0 | 2 | 0 | `scan_acme_passing` |');
    expect(fold.trimEnd().endsWith('</details>')).toBe(true);
    expect(markdown.match(/<details>/g)).toHaveLength(1);
  });

  it("stays within GitHub's 1 MiB at 10,000 repositories with changes and 60 nights, cut between rows with a count", () => {
    const name = (i: number): string => `acme/${'r'.repeat(130)}-${i}`;
    const outcomes = Array.from({ length: 10_000 }, (_, i) =>
      i % 3 === 0
        ? outcome(name(i), null, {}, 'x'.repeat(5000))
        : outcome(name(i), i % 3 === 1 ? 'failed' : 'passed', i % 3 === 1 ? { critical: 123_456 } : {}),
    );
    const night = rollUpOf(outcomes);
    const previous = rollUpOf(
      outcomes.map((o, i) => outcome(name(i + 5000), o.gate === null ? 'passed' : null)),
    );
    const nights = Array.from({ length: 70 }, (_, i) => ({
      ...night,
      started_at: new Date(Date.UTC(2026, 8, 1 + i, 1)).toISOString().replace(/\.\d{3}/, ''),
    }));
    const markdown = renderRollUpMarkdown(withChanges(night, previous), {
      history: historyWith(
        nights.map((n) => ({
          started_at: n.started_at,
          run_id: null,
          repositories: 1,
          failed: 1,
          findings: n.totals.findings,
        })),
        night,
      ),
    });
    expect(Buffer.byteLength(markdown)).toBeLessThanOrEqual(1024 * 1024);
    expect(markdown).toMatch(/…and \d+ more, left out to keep the summary within GitHub's limit/);
    expect(markdown).toContain('### Changes since');
    expect(markdown).toContain('### Findings by night (60 nights)');
    for (const line of markdown.split('\n').filter((l) => l.startsWith('| `acme/')))
      expect(line).toMatch(/ \|$/);
  });

  it('shows the findings by night when given, a chart above the table', () => {
    const earlier = { ...rollUp, started_at: '2026-11-27T01:00:00Z', run_id: '40' };
    const markdown = renderRollUpMarkdown(rollUp, {
      history: historyWith(
        [
          {
            started_at: earlier.started_at,
            run_id: '40',
            repositories: 5,
            failed: 3,
            findings: earlier.totals.findings,
          },
        ],
        rollUp,
      ),
    });
    expect(markdown.indexOf('```mermaid')).toBeGreaterThan(
      markdown.indexOf('### Findings by night (2 nights)'),
    );
    expect(markdown.indexOf('```mermaid')).toBeLessThan(markdown.indexOf('| Night (UTC) |'));
    expect(markdown.indexOf('### Findings by night')).toBeLessThan(markdown.indexOf('<details>'));
    expect(renderRollUpMarkdown(rollUp)).not.toContain('Findings by night');
  });
});
