import { appendFileSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXIT } from '../../src/cli/exit-codes.ts';
import { shardOf } from '../../src/fleet/shard.ts';
import { outcome, rollUpOf } from '../unit/fleet/rollup-fixtures.ts';
import { closeServer, localServer, runInProcess } from './support.ts';
import { validRollUp } from '../support/rollup-schema.ts';

/** A service that lists these repositories and answers nothing else: any other request is counted as one sent. */
const LISTING = ['acme/web', 'acme/api', 'acme/service-a', 'acme/service-b', 'other/tool'];
let server: Server;
let url = '';
let listings = 0;
let listingQuery = '';
let others: string[] = [];

beforeAll(async () => {
  ({ server, origin: url } = await localServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname;
    if (request.method === 'GET' && path === '/api/v1/repositories') {
      listings += 1;
      listingQuery = new URL(request.url ?? '/', 'http://x').searchParams.get('project_id') ?? '';
      const items = LISTING.map((name, i) => ({ id: `repo_${i}`, full_name: name, default_branch: 'main' }));
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ items, total: items.length, limit: 100, offset: 0 }));
      return;
    }
    others.push(`${request.method ?? ''} ${path}`);
    response.writeHead(500, { 'content-type': 'application/json' }).end('{"detail":"not in this test"}');
  }));
  url = `${url}/api/v1`;
});

afterAll(() => closeServer(server));

const folder = (): string => mkdtempSync(join(tmpdir(), 'svc-fleet-'));

async function svc(args: string[], env: Record<string, string> = {}) {
  listings = 0;
  others = [];
  const result = await runInProcess(args, {
    env: { SVC_API_URL: url, SVC_API_KEY: 'svc_sk_unit_fleet_0001', ...env },
  });
  return { ...result, listings, others };
}

/** A shard count and an index of it that holds `inside` but none of `outside`. */
function shardHolding(
  inside: string | undefined,
  outside: readonly string[],
): { index: number; count: number } {
  for (let count = 2; count < 64; count += 1)
    for (let index = 1; index <= count; index += 1)
      if (
        (inside === undefined || shardOf(inside, count) === index) &&
        outside.every((name) => shardOf(name, count) !== index)
      )
        return { index, count };
  throw new Error('no such shard');
}

describe('svc fleet plan', () => {
  it('prints a GitHub Actions matrix of shards on one line', async () => {
    const result = await svc(['fleet', 'plan', '--shards', '3']);
    expect(result.exitCode).toBe(EXIT.ok);
    expect(result.stdout).toBe('{"include":[{"shard":"1/3"},{"shard":"2/3"},{"shard":"3/3"}]}\n');
  });

  it.each([
    ['257', /more than the 256 jobs/],
    ['0', /--shards is invalid/],
    ['two', /--shards is invalid/],
  ])('refuses --shards %s (exit 2)', async (shards, message) => {
    const result = await svc(['fleet', 'plan', '--shards', shards]);
    expect(result.exitCode).toBe(EXIT.usage);
    expect(result.stderr).toMatch(message);
    expect(result.stdout).toBe('');
  });
});

describe('svc fleet scan, refused before any request', () => {
  const dir = folder();
  const notRollUp = join(dir, 'not-a-rollup.json');
  writeFileSync(notRollUp, '{"shard": 3}');
  const undated = join(dir, 'undated.json');
  writeFileSync(undated, JSON.stringify({ ...rollUpOf([]), started_at: null }));
  const later = join(dir, 'format-3.json');
  writeFileSync(later, JSON.stringify({ ...rollUpOf([]), format: 3 }));
  it.each([
    [['--shard', '0/3'], /--shard is invalid: got '0\/3'/],
    [['--shard', 'auto'], /--shard auto found no shard index/],
    [['--shard', 'auto', '--shards', '3'], /--shard auto found no shard index/],
    [['--shards', '3'], /--shards is the count of --shard auto/],
    [['--shard', '1/4', '--shards', '3'], /--shards 3 disagrees with --shard 1\/4/],
    [['--concurrency', 'x'], /--concurrency is invalid: got 'x'/],
    [['--concurrency', '0'], /--concurrency is invalid/],
    [
      ['--progress-interval', '4'],
      /--progress-interval is invalid: got '4'; expected 0 \(no progress lines\)/,
    ],
    [['--progress-interval', '3601'], /--progress-interval is invalid: got '3601'/],
    [['--min-credits', '-1'], /--min-credits is invalid/],
    [['--poll-interval', '0'], /--poll-interval is invalid/],
    [['--wait-timeout', 'soon'], /--wait-timeout is invalid/],
    [['--fail-on', 'severe'], /'--fail-on <severity>' argument 'severe' is invalid/],
    [['--repositories', ''], /--repositories is empty/],
    [['--repositories', 'acme'], /--repositories is invalid: got 'acme'/],
    [
      ['--repositories', 'acme/*', '--project-id', 'prj_1'],
      /--project-id selects with --repositories all \(or alone\), not with a list/,
    ],
    [['--ledger', ' '], /--ledger is empty/],
    [['--compare', join(dir, 'absent.json')], /--compare .*absent.json cannot be read/],
    [['--compare', notRollUp], /--compare .*not-a-rollup.json is not a roll-up: it has field "shard"/],
    [
      ['--compare', later],
      /--compare .*format-3.json is not a roll-up: it has field "format" as 3: this svc reads roll-ups of format 2 and older/,
    ],
    [['--history', undated], /--history .*undated.json has no started_at/],
    [['--output', dir], /--output .* cannot be written/],
    [['--ledger', dir], /--ledger .* cannot be written/],
    [
      ['--summary', join(notRollUp, 'under-a-file.md')],
      /--summary .* cannot be written: its folder cannot be made/,
    ],
  ])('%j exits 2 naming the flag, nothing sent', async (flags, message) => {
    const result = await svc(['fleet', 'scan', ...flags]);
    expect(result.exitCode, result.stderr).toBe(EXIT.usage);
    expect(result.stderr).toMatch(message);
    expect(result.listings + result.others.length).toBe(0);
  });

  it('with --shard auto, refuses an index out of range naming the variable, nothing sent', async () => {
    const result = await svc(['fleet', 'scan', '--shard', 'auto'], {
      CI_NODE_INDEX: '4',
      CI_NODE_TOTAL: '3',
    });
    expect(result.exitCode).toBe(EXIT.usage);
    expect(result.stderr).toMatch(/CI_NODE_INDEX is invalid: got '4'; expected 1 to 3/);
    expect(result.listings).toBe(0);
  });
});

describe('svc fleet scan, selection and shards', () => {
  it('exits 2 naming the patterns when they select no repository, having sent only the listing', async () => {
    const result = await svc(['fleet', 'scan', '--repositories', 'acme/nothing-*,nobody/x']);
    expect(result.exitCode).toBe(EXIT.usage);
    expect(result.stderr).toContain("No repository the key sees matches 'acme/nothing-*', 'nobody/x'");
    expect(result.listings).toBe(1);
    expect(result.others).toEqual([]);
  });

  it('exits 0 on an empty shard, says so, and writes its roll-up for the merge', async () => {
    const shard = shardHolding(undefined, ['acme/web', 'acme/api']);
    const output = join(folder(), 'rollup.json');
    const result = await svc([
      'fleet',
      'scan',
      '--repositories',
      'acme/web,acme/api',
      '--shard',
      `${shard.index}/${shard.count}`,
      '--output',
      output,
    ]);
    expect(result.exitCode, result.stderr).toBe(EXIT.ok);
    expect(result.stderr).toContain(
      `Shard ${shard.index}/${shard.count} has none of the 2 repositories selected: nothing to scan.`,
    );
    expect(result.others).toEqual([]);
    const rollUp = validRollUp(readFileSync(output, 'utf8'));
    expect(rollUp).toMatchObject({
      shard: `${shard.index}/${shard.count}`,
      repositories: [],
      selected: ['acme/web', 'acme/api'],
    });
    expect(rollUp.totals.repositories).toBe(0);
  });

  it('takes every repository with --repositories all, and those of --project-id with it', async () => {
    const shard = shardHolding(undefined, LISTING);
    const part = `${shard.index}/${shard.count}`;
    const all = await svc(['--json', 'fleet', 'scan', '--repositories', 'ALL', '--shard', part]);
    expect(all.exitCode, all.stderr).toBe(EXIT.ok);
    expect(validRollUp(all.stdout).selected).toEqual(LISTING);
    expect(listingQuery).toBe('');
    const project = await svc([
      'fleet',
      'scan',
      '--repositories',
      'all',
      '--project-id',
      'prj_1',
      '--shard',
      part,
    ]);
    expect(project.exitCode, project.stderr).toBe(EXIT.ok);
    expect(listingQuery).toBe('prj_1');
  });

  it('leaves out what a ! pattern matches, from all or from patterns, and warns of one that excludes nothing', async () => {
    const shard = shardHolding(undefined, LISTING);
    const part = `${shard.index}/${shard.count}`;
    const patterns = await svc([
      '--json',
      'fleet',
      'scan',
      '--repositories',
      '!acme/service-*, acme/*, !nobody/*',
      '--shard',
      part,
    ]);
    expect(patterns.exitCode, patterns.stderr).toBe(EXIT.ok);
    expect(validRollUp(patterns.stdout).selected).toEqual(['acme/web', 'acme/api']);
    expect(patterns.stderr).toContain(
      'warning: --repositories !nobody/* excludes nothing: no repository selected matches it.',
    );
    const all = await svc(['--json', 'fleet', 'scan', '--repositories', 'all, !ACME/*', '--shard', part]);
    expect(all.exitCode, all.stderr).toBe(EXIT.ok);
    expect(validRollUp(all.stdout).selected).toEqual(['other/tool']);
    expect(all.stderr).not.toContain('warning');
  });

  it('takes its shard from the engine with --shard auto', async () => {
    const shard = shardHolding(undefined, LISTING);
    const result = await svc(
      ['--json', 'fleet', 'scan', '--shard', 'auto', '--shards', String(shard.count)],
      {
        JOB_COMPLETION_INDEX: String(shard.index - 1),
      },
    );
    expect(result.exitCode, result.stderr).toBe(EXIT.ok);
    expect(validRollUp(result.stdout).shard).toBe(`${shard.index}/${shard.count}`);
  });

  it('reports a name the service does not list as not judged (exit 4), never dropping it', async () => {
    const shard = shardHolding('acme/missing', ['acme/web']);
    const result = await svc([
      '--json',
      'fleet',
      'scan',
      '--repositories',
      'acme/web,acme/missing',
      '--shard',
      `${shard.index}/${shard.count}`,
    ]);
    expect(result.exitCode, result.stderr).toBe(EXIT.service);
    const rollUp = validRollUp(result.stdout);
    expect(rollUp.repositories).toEqual([
      expect.objectContaining({
        repository: 'acme/missing',
        scan_id: null,
        status: 'not-started',
        gate: null,
      }),
    ]);
    expect(rollUp.repositories[0]?.error).toMatch(/lists no repository of this name/);
    expect(result.others).toEqual([]);
  });
});

describe('svc fleet merge', () => {
  const NAMES = ['acme/a', 'acme/b', 'acme/c', 'acme/d', 'acme/e', 'acme/f', 'acme/g', 'acme/h'];
  /** Shard files of NAMES in 3 shards, every repository passed but acme/c, which failed. */
  function shardFiles(): string[] {
    const dir = folder();
    return [1, 2, 3].map((index) => {
      const mine = NAMES.filter((name) => shardOf(name, 3) === index);
      const rollUp = rollUpOf(
        mine.map((name) =>
          name === 'acme/c' ? outcome(name, 'failed', { high: 2 }) : outcome(name, 'passed'),
        ),
        { shard: `${index}/3`, selected: NAMES },
      );
      const file = join(dir, `rollup-${index}.json`);
      writeFileSync(file, JSON.stringify(rollUp));
      return file;
    });
  }

  it('merges every shard into one, exits as the gate (1), sends nothing and needs no key', async () => {
    const result = await runInProcess(['--json', 'fleet', 'merge', ...shardFiles()], { env: {} });
    expect(result.exitCode, result.stderr).toBe(EXIT.gateFailed);
    const merged = validRollUp(result.stdout);
    expect(merged.shard).toBeNull();
    expect(merged.totals).toMatchObject({ repositories: 8, failed: 1, passed: 7, not_judged: 0 });
  });

  it('says an unverified merge is unverified, and --verify without a key exits 3 before any request', async () => {
    const plain = await runInProcess(['--json', 'fleet', 'merge', ...shardFiles()], { env: {} });
    expect(validRollUp(plain.stdout).verified).toBe(false);
    const home = folder();
    const keyless = await runInProcess(['fleet', 'merge', '--verify', ...shardFiles()], {
      env: { SVC_API_URL: url },
      home,
    });
    expect(keyless.exitCode, keyless.stderr).toBe(EXIT.config);
    expect(keyless.stderr).toContain('No API key found');
  });

  it('re-judges every entry against the service with --verify: what it cannot read is never a pass', async () => {
    const result = await svc(['--json', 'fleet', 'merge', '--verify', ...shardFiles()]);
    const merged = validRollUp(result.stdout);
    expect(merged.verified).toBe(true);
    expect(result.listings).toBe(1);
    expect(merged.repositories.every((o) => o.gate === null)).toBe(true);
    expect(merged.repositories[0]?.error).toMatch(
      /^Not verified: the service lists no repository acme\/\w for the key$/,
    );
    expect(result.exitCode).toBe(EXIT.service);
  });

  it('--verify refuses roll-ups judged looser than --fail-on (the fleet floor, high by default) before any request', async () => {
    const files = shardFiles();
    for (const file of files) {
      const shard = JSON.parse(readFileSync(file, 'utf8')) as { fail_on: string };
      writeFileSync(file, JSON.stringify({ ...shard, fail_on: 'critical' }));
    }
    const refused = await svc(['fleet', 'merge', '--verify', ...files]);
    expect(refused.exitCode).toBe(EXIT.usage);
    expect(refused.stderr).toContain(
      'The roll-up was judged with fail-on critical, looser than --fail-on high',
    );
    expect(refused.listings).toBe(0);
    const lowered = await svc(['--json', 'fleet', 'merge', '--verify', '--fail-on', 'critical', ...files]);
    expect(validRollUp(lowered.stdout)).toMatchObject({ verified: true, fail_on: 'critical' });
    expect(lowered.listings).toBe(1);
    const unused = await svc(['fleet', 'merge', '--fail-on', 'critical', ...files]);
    expect(unused.exitCode).toBe(EXIT.usage);
    expect(unused.stderr).toContain('--fail-on: read only by merge --verify');
  });

  it('refuses a missing shard naming it (exit 2); --allow-missing reports its repositories as not judged', async () => {
    const files = shardFiles();
    const refused = await svc(['fleet', 'merge', files[0]!, files[2]!]);
    expect(refused.exitCode).toBe(EXIT.usage);
    expect(refused.stderr).toContain('Shard 2/3 is missing');
    const allowed = await svc(['--json', 'fleet', 'merge', '--allow-missing', files[0]!, files[2]!]);
    const merged = validRollUp(allowed.stdout);
    expect(merged.repositories.map((o) => o.repository).sort()).toEqual([...NAMES].sort());
    expect(merged.missing_shards).toEqual(['2/3']);
    // acme/c failed; when it is in the missing shard, the rest passed and the missing ones are not judged.
    expect(allowed.exitCode).toBe(shardOf('acme/c', 3) === 2 ? EXIT.service : EXIT.gateFailed);
  });

  it('refuses a repeated shard and a shard of another n, naming them', async () => {
    const files = shardFiles();
    const repeated = await svc(['fleet', 'merge', files[0]!, files[1]!, files[1]!, files[2]!]);
    expect(repeated.exitCode).toBe(EXIT.usage);
    expect(repeated.stderr).toMatch(/Shard 2\/3 is given twice/);
    const other = join(folder(), 'other.json');
    writeFileSync(other, JSON.stringify(rollUpOf([], { shard: '2/4', selected: [] })));
    const mixed = await svc(['fleet', 'merge', files[0]!, other]);
    expect(mixed.exitCode).toBe(EXIT.usage);
    expect(mixed.stderr).toMatch(/Shard 2\/4 \(.*other.json\) is of another n than shard 1\/3/);
  });

  it('writes the JSON to --output, the markdown to --summary and, in Actions, appends it to the job summary', async () => {
    const dir = folder();
    const stepSummary = join(dir, 'step-summary.md');
    appendFileSync(stepSummary, 'earlier step\n');
    const output = join(dir, 'merged.json');
    const summary = join(dir, 'summary.md');
    const result = await runInProcess(
      ['fleet', 'merge', ...shardFiles(), '--output', output, '--summary', summary],
      { env: { GITHUB_ACTIONS: 'true', GITHUB_STEP_SUMMARY: stepSummary } },
    );
    expect(result.exitCode).toBe(EXIT.gateFailed);
    expect(result.stdout).toMatch(/^GATE +REPOSITORY/);
    expect(result.stdout).toContain('8 repositories: 1 failed the gate, 7 passed, 0 not judged.');
    expect(validRollUp(readFileSync(output, 'utf8')).totals.repositories).toBe(8);
    const markdown = readFileSync(summary, 'utf8');
    expect(markdown).toContain('### Failing the gate (1)');
    expect(readFileSync(stepSummary, 'utf8')).toBe(`earlier step\n${markdown}`);
  });

  it('writes no job summary outside Actions', async () => {
    const stepSummary = join(folder(), 'step-summary.md');
    await runInProcess(['fleet', 'merge', ...shardFiles()], { env: { GITHUB_STEP_SUMMARY: stepSummary } });
    expect(existsSync(stepSummary)).toBe(false);
  });

  it('refuses a file that is not a roll-up, naming it', async () => {
    const bad = join(folder(), 'bad.json');
    writeFileSync(bad, 'not json');
    const result = await svc(['fleet', 'merge', bad]);
    expect(result.exitCode).toBe(EXIT.usage);
    expect(result.stderr).toMatch(/bad.json is not a roll-up: it is not JSON/);
  });
});

describe('svc fleet scan --ledger left unfinished by another run', () => {
  it('exits 2 naming both runs, nothing sent and the ledger untouched', async () => {
    const ledger = join(folder(), 'ledger.jsonl');
    const crashed = [
      { event: 'begun', run: 'repositories acme/web; shard none; ref default branches', at: 'x' },
      { event: 'starting', repository_id: 'repo_0', repository: 'acme/web', listed: [], at: 'x' },
    ];
    writeFileSync(ledger, crashed.map((event) => `${JSON.stringify(event)}\n`).join(''));
    const result = await svc(['fleet', 'scan', '--repositories', 'acme/api', '--ledger', ledger]);
    expect(result.exitCode, result.stderr).toBe(EXIT.usage);
    expect(result.stderr).toContain(
      'was left unfinished by another run (repositories acme/web; shard none; ref default branches), not by ' +
        'this one (repositories acme/api; shard none; ref default branches)',
    );
    expect(result.listings + result.others.length).toBe(0);
    expect(readFileSync(ledger, 'utf8').trim().split('\n')).toHaveLength(2);
  });
});

describe('svc fleet merge --dir, and the folders svc fleet writes in', () => {
  const NAMES = ['acme/a', 'acme/b', 'acme/c', 'acme/d', 'acme/e', 'acme/f'];

  /** A folder as a recipe's volume holds it: two shards' roll-ups, last run's merge, a ledger and a summary. */
  function stateFolder(): string {
    const dir = folder();
    for (const index of [1, 2]) {
      const mine = NAMES.filter((name) => shardOf(name, 2) === index).map((name) => outcome(name, 'passed'));
      writeFileSync(
        join(dir, `roll-up-${index}.json`),
        JSON.stringify(rollUpOf(mine, { shard: `${index}/2`, selected: NAMES })),
      );
    }
    writeFileSync(
      join(dir, 'merged-earlier.json'),
      JSON.stringify(rollUpOf([outcome('acme/a', 'failed', { high: 1 })])),
    );
    writeFileSync(join(dir, 'ledger-1.jsonl'), '{"event":"finished","at":"x"}\n');
    writeFileSync(join(dir, 'roll-up.md'), '# last night\n');
    return dir;
  }

  it("merges every shard's roll-up in a folder, skipping merged ones and its own output, into new folders", async () => {
    const dir = stateFolder();
    const output = join(dir, 'roll-up.json');
    writeFileSync(output, JSON.stringify(rollUpOf([outcome('acme/z', 'failed', { critical: 1 })])));
    const summary = join(dir, 'night', 'of', 'roll-up.md');
    const result = await svc([
      '--json',
      'fleet',
      'merge',
      '--dir',
      dir,
      '--output',
      output,
      '--summary',
      summary,
    ]);
    expect(result.exitCode, result.stderr).toBe(EXIT.ok);
    expect(validRollUp(readFileSync(output, 'utf8')).totals).toMatchObject({
      repositories: 6,
      passed: 6,
    });
    expect(existsSync(summary)).toBe(true);
    expect(result.others).toEqual([]);
  });

  it('refuses a .json in the folder that is not a roll-up, naming it', async () => {
    const dir = stateFolder();
    writeFileSync(join(dir, 'notes.json'), '{"hello":1}');
    const result = await svc(['fleet', 'merge', '--dir', dir]);
    expect(result.exitCode).toBe(EXIT.usage);
    expect(result.stderr).toContain(`--dir ${join(dir, 'notes.json')} is not a roll-up`);
  });

  it('makes the parent folders of --ledger and --output before it scans', async () => {
    const dir = folder();
    const ledger = join(dir, 'run-1', 'ledgers', 'ledger-1.jsonl');
    const output = join(dir, 'run-1', 'roll-ups', 'roll-up-1.json');
    const result = await svc([
      'fleet',
      'scan',
      '--repositories',
      'acme/none-*',
      '--ledger',
      ledger,
      '--output',
      output,
    ]);
    expect(result.exitCode).toBe(EXIT.usage);
    expect(existsSync(join(dir, 'run-1', 'ledgers'))).toBe(true);
    expect(existsSync(join(dir, 'run-1', 'roll-ups'))).toBe(true);
  });
});

describe('svc fleet merge --compare and --history: the morning read', () => {
  const NAMES = ['acme/a', 'acme/b', 'acme/c'];
  /** Tonight as one shard of one: acme/a fails, acme/b passes, acme/c is not judged. */
  function tonight(dir: string): string {
    const file = join(dir, 'shard.json');
    const outcomes = [
      outcome('acme/a', 'failed', { high: 2 }),
      outcome('acme/b', 'passed'),
      outcome('acme/c', null, {}, 'The scan timed out.'),
    ];
    writeFileSync(file, JSON.stringify(rollUpOf(outcomes, { shard: '1/1', selected: NAMES })));
    return file;
  }
  /** Last night's roll-up as a svc before formats wrote it: no format, run, times, ref or verified. */
  function formatOne(dir: string): string {
    const added = new Set(['format', 'run_id', 'started_at', 'finished_at', 'ref', 'verified', 'changes']);
    const rollUp = rollUpOf([
      outcome('acme/a', 'passed'),
      outcome('acme/c', 'passed'),
      outcome('acme/gone', 'failed', { critical: 1 }),
    ]);
    const written = Object.fromEntries(Object.entries(rollUp).filter(([key]) => !added.has(key)));
    const file = join(dir, 'last-night.json');
    writeFileSync(file, JSON.stringify(written));
    return file;
  }

  it('puts what changed since an older roll-up in the JSON, its missing fields as null; null without --compare', async () => {
    const dir = folder();
    const result = await runInProcess(
      ['--json', 'fleet', 'merge', tonight(dir), '--compare', formatOne(dir)],
      { env: {} },
    );
    expect(result.exitCode, result.stderr).toBe(EXIT.gateFailed);
    const merged = validRollUp(result.stdout);
    expect(merged.format).toBe(2);
    expect(merged.changes).toEqual({
      compared_with: { run_id: null, started_at: null },
      newly_failing: ['acme/a'],
      newly_passing: [],
      newly_not_judged: ['acme/c'],
      no_longer_scanned: ['acme/gone'],
      new_repositories: ['acme/b'],
      counts_up: [{ repository: 'acme/a', change: { high: 2 } }],
      counts_down: [],
      findings_delta: { critical: -1, high: 2, medium: 0, low: 0, info: 0 },
      fail_on: null,
    });
    const plain = await runInProcess(['--json', 'fleet', 'merge', tonight(dir)], { env: {} });
    expect(validRollUp(plain.stdout).changes).toBeNull();
  });

  it('marks the newly failing repositories in the table on stdout, and counts them', async () => {
    const dir = folder();
    const result = await runInProcess(['fleet', 'merge', tonight(dir), '--compare', formatOne(dir)], {
      env: {},
    });
    expect(result.stdout).toMatch(/^FAILED, NEW +acme\/a /m);
    expect(result.stdout).toContain('1 newly failing since the compared roll-up.');
  });

  it('names a change of fail-on in the JSON and in the markdown, before the lists', async () => {
    const dir = folder();
    const previous = join(dir, 'critical.json');
    writeFileSync(
      previous,
      JSON.stringify({ ...rollUpOf([outcome('acme/a', 'passed', { high: 2 })]), fail_on: 'critical' }),
    );
    const summary = join(dir, 'roll-up.md');
    const result = await runInProcess(
      ['--json', 'fleet', 'merge', tonight(dir), '--compare', previous, '--summary', summary],
      { env: {} },
    );
    expect(validRollUp(result.stdout).changes?.fail_on).toEqual({ previous: 'critical', now: 'high' });
    const markdown = readFileSync(summary, 'utf8');
    expect(markdown.indexOf('fail-on changed from critical to high')).toBeLessThan(
      markdown.indexOf('- Newly failing'),
    );
  });

  it("shows --history's nights in the markdown by started_at, whatever the order of the files", async () => {
    const dir = folder();
    const night = (day: number, high: number): string => {
      const file = join(dir, `night-${day}.json`);
      const rollUp = rollUpOf([outcome('acme/a', 'failed', { high })], { runId: `run-${day}` });
      writeFileSync(file, JSON.stringify({ ...rollUp, started_at: `2026-11-${day}T01:00:00Z` }));
      return file;
    };
    const summary = join(dir, 'roll-up.md');
    const result = await runInProcess(
      ['fleet', 'merge', tonight(dir), '--summary', summary, '--history', night(26, 5), night(24, 7)],
      { env: {} },
    );
    expect(result.exitCode, result.stderr).toBe(EXIT.gateFailed);
    const markdown = readFileSync(summary, 'utf8');
    expect(markdown).toContain('### Findings by night (3 nights)');
    expect(markdown).toContain('x-axis ["11-24", "11-26", "11-28"]');
    const rows = markdown.split('\n').filter((line) => /^\| 2026-11-\d\dT/.test(line));
    expect(rows.map((row) => row.slice(2, 12))).toEqual(['2026-11-24', '2026-11-26', '2026-11-28']);
  });

  it('refuses a --history roll-up without started_at, naming it (exit 2)', async () => {
    const dir = folder();
    const old = formatOne(dir);
    const result = await runInProcess(['fleet', 'merge', tonight(dir), '--history', old], { env: {} });
    expect(result.exitCode).toBe(EXIT.usage);
    expect(result.stderr).toContain(`--history ${old} has no started_at`);
  });
});
