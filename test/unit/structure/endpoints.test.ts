import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ROOT, compareSide, endpointProblems } from '../../../scripts/endpoints/check.ts';
import type { Implemented, Side } from '../../../scripts/endpoints/sides.ts';
import { readSpecEndpoints } from '../../../scripts/endpoints/spec-table.ts';

const serviceApi = readFileSync(path.join(ROOT, 'docs/service-api.md'), 'utf8');
const specChoices = readFileSync(path.join(ROOT, 'docs/spec-choices.md'), 'utf8');
const spec = readSpecEndpoints(serviceApi, specChoices);

describe('the Endpoints table of docs/service-api.md', () => {
  // Making python/.venv on a first run installs from PyPI.
  it(
    'is what the emulator, the TypeScript client and both Python clients implement',
    { timeout: 180_000 },
    () => {
      expect(endpointProblems()).toEqual([]);
    },
  );

  it('is read with its query defaults and the body wire names docs/spec-choices.md gives', () => {
    expect(spec).toHaveLength(22);
    const findings = spec.find((row) => row.method === 'GET' && row.path === '/findings');
    expect(Object.fromEntries(findings?.query ?? [])).toEqual({
      scan_id: null,
      severity: null,
      limit: '20',
      offset: '0',
    });
    const scans = spec.find((row) => row.method === 'POST' && row.path === '/scans');
    expect(scans?.body).toEqual(['repository_id', 'ref', 'modules', 'frameworks', 'is_incremental']);
    const keys = spec.find((row) => row.method === 'POST' && row.path === '/api-keys');
    expect(keys?.body).toEqual(['name', 'role']);
  });
});

describe('a table whose shape changed', () => {
  const endpointsRow = '| GET | /scans/{id} | none | Scan |';
  const read =
    (text: string, choices = specChoices) =>
    () =>
      readSpecEndpoints(text, choices);

  it('fails naming the columns it expected', () => {
    const renamed = serviceApi.replace(
      '| Method | Path | Query / body parameters |',
      '| Verb | Path | Parameters |',
    );
    expect(read(renamed)).toThrow(
      /docs\/service-api\.md:\d+: the table under "## Endpoints" has the columns/,
    );
  });

  it('fails on a row with a cell more or less, naming its line', () => {
    expect(read(serviceApi.replace(endpointsRow, '| GET | /scans/{id} | Scan |'))).toThrow(
      /docs\/service-api\.md:\d+: a row of 3 cells, not 4/,
    );
  });

  it('fails on parameters it cannot read, naming the row', () => {
    const odd = serviceApi.replace(endpointsRow, '| GET | /scans/{id} | header: x-trace | Scan |');
    expect(read(odd)).toThrow(/\(GET \/scans\/\{id\}\): cannot read "header: x-trace"/);
    const notAPath = serviceApi.replace(endpointsRow, '| GET | scans by id | none | Scan |');
    expect(read(notAPath)).toThrow(/"scans by id" is not a path/);
  });

  it('fails without the heading, or on a body of client names whose wire names docs/spec-choices.md lacks', () => {
    expect(read(serviceApi.replace('## Endpoints', '## The endpoints'))).toThrow(/no "## Endpoints" heading/);
    const withoutChoice = specChoices.replace('request body of `POST /scans`', 'the body of a new scan');
    expect(read(serviceApi, withoutChoice)).toThrow(/needs a row "request body of `POST \/scans`"/);
  });
});

describe('one side held to the table', () => {
  const row = (method: string, endpointPath: string): Implemented => ({
    name: `${method} ${endpointPath}`,
    method,
    path: endpointPath,
    query: new Map(),
    body: [],
  });
  const sideOf = (endpoints: Implemented[], knowsEveryDefault = true): Side => ({
    label: 'the side',
    endpoints,
    toAdd: 'add it to side.ts',
    fileOf: (endpoint) => `${endpoint.name} in side.ts`,
    knowsEveryDefault,
    problems: [],
  });
  const table = readSpecEndpoints(
    serviceApi.replace(/(\| Method \| Path[^\n]*\n[^\n]*\n)[\s\S]*?\n(?!\|)/, (_all, head: string) =>
      [
        head,
        '| GET | /things | query: kind (optional), limit (default 20) | Page of Thing |\n',
        '| POST | /things | JSON body: name | Thing |\n',
        '\n',
      ].join(''),
    ),
    specChoices.replace('request body of `POST /scans`', 'the body of a new scan'),
  );

  it('names what it lacks and what it has in excess', () => {
    const problems = compareSide(table, sideOf([row('GET', '/things'), row('DELETE', '/things/{id}')]));
    expect(problems).toEqual([
      expect.stringMatching(
        /^GET \/things \(docs\/service-api\.md:\d+\): the side does not read or send the query parameter kind; edit GET \/things in side\.ts$/,
      ),
      expect.stringMatching(/^GET \/things .*: the side does not read or send the query parameter limit/),
      expect.stringMatching(
        /^POST \/things \(docs\/service-api\.md:\d+\): the side lacks it; add it to side\.ts$/,
      ),
      "DELETE /things/{id}: the side has it (DELETE /things/{id} in side.ts) but docs/service-api.md's Endpoints " +
        'table has no row for it; add the row, or remove it',
    ]);
  });

  it('names a default that differs, a query parameter or a body field too many', () => {
    const things = {
      ...row('GET', '/things'),
      query: new Map([
        ['kind', null],
        ['limit', '50'],
        ['sort', null],
      ]),
    };
    const post = { ...row('POST', '/things'), body: ['name', 'colour'] };
    expect(compareSide(table, sideOf([things, post]))).toEqual([
      expect.stringContaining(
        'the default of limit is 20 in the table, 50 in the side; edit GET /things in side.ts',
      ),
      expect.stringContaining('the side uses the query parameter sort, which the table lacks'),
      expect.stringContaining(
        'the side has the body field(s) colour, which neither the table nor docs/spec-choices.md names',
      ),
    ]);
    const unshown = {
      ...things,
      query: new Map([
        ['kind', null],
        ['limit', null],
      ]),
    };
    expect(compareSide(table, sideOf([unshown, { ...post, body: ['name'] }], false))).toEqual([]);
  });
});
